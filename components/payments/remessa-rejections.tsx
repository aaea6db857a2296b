import { formatDatePtBr } from "@/lib/dates";
import { formatBrl } from "@/lib/money";
import type { RejectedBoletoEntry } from "@/lib/payments/boleto-registration";

/** The broker's boletos whose entry the bank rejected (return occurrence 03), with the bank's reason. */
export function RemessaRejections({ entries }: { entries: RejectedBoletoEntry[] }) {
  return (
    <section className="card" aria-labelledby="rejections-title" style={{ marginTop: "1rem" }}>
      <h2 id="rejections-title">Boletos com registro recusado pelo banco</h2>
      {entries.length ? (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Apólice / parcela</th>
                <th scope="col">Nosso número</th>
                <th scope="col">Vencimento</th>
                <th scope="col" className="num">
                  Valor
                </th>
                <th scope="col">Motivo informado pelo banco</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={`${entry.installmentId}-${entry.ourNumber}`}>
                  <td>
                    {entry.policyNumber} / {entry.installmentNumber}
                  </td>
                  <td>{entry.ourNumber}</td>
                  <td>{formatDatePtBr(entry.dueDate)}</td>
                  <td className="num">{formatBrl(entry.amountCents)}</td>
                  <td>
                    {entry.rejectCodes.length
                      ? `Código(s) ${entry.rejectCodes.join(", ")}`
                      : (entry.rejectReason ?? "Sem motivo informado")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted">Nenhum registro recusado.</p>
      )}
    </section>
  );
}
