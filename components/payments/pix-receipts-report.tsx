import { formatDateTime } from "@/lib/format/pt-br";
import { formatBrl } from "@/lib/money";
import type { PixReceiptReportRow } from "@/lib/payments/pix/receipts-report";

/**
 * "Pix que precisam de atenção" (/settings/payments, admins): received Pix not applied because of
 * their amount, Pix of installments already paid (to refund), and payments of replaced charges.
 * Load the rows with loadPixReceiptsReport (lib/payments/pix/receipts-report.ts).
 */
export function PixReceiptsReport({ rows }: { rows: PixReceiptReportRow[] }) {
  return (
    <section className="card" aria-labelledby="pix-receipts-title">
      <h2 id="pix-receipts-title">Pix que precisam de atenção</h2>
      <p className="muted">
        Pix recebidos com valor diferente do cobrado (não baixados), Pix de parcelas que já estavam pagas (a
        devolver ao pagador) e pagamentos de uma cobrança já substituída por uma 2ª via.
      </p>
      {rows.length ? (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Recebido em</th>
                <th scope="col">Apólice / parcela</th>
                <th scope="col" className="num">
                  Valor recebido
                </th>
                <th scope="col" className="num">
                  Valor cobrado
                </th>
                <th scope="col">Situação</th>
                <th scope="col">Origem</th>
                <th scope="col">Identificador (E2E)</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{formatDateTime(row.paidAt)}</td>
                  <td>{row.policyNumber ? `${row.policyNumber} / ${row.installmentNumber}` : "—"}</td>
                  <td className="num">{formatBrl(row.amountCents)}</td>
                  <td className="num">{row.expectedCents === null ? "—" : formatBrl(row.expectedCents)}</td>
                  <td>{row.kindText}</td>
                  <td>{row.sourceText}</td>
                  <td>
                    <code>{row.endToEndId}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted">Nenhum Pix precisa de atenção.</p>
      )}
    </section>
  );
}
