import { formatBrl } from "@/lib/money";
import { importLineOutcomeText, type PaymentImportSummary } from "@/lib/payments/import-summary";
import { importReportText } from "./import-report-text";

/** One import's report: its counts and each line's outcome. */
export function ImportReport({ report }: { report: PaymentImportSummary }) {
  const text = importReportText(report);
  return (
    <div>
      <p>
        <span className={`badge ${report.status === "Applied" ? "badge-success" : "badge-danger"}`}>
          {text.badge}
        </span>{" "}
        {text.headline}
      </p>
      <dl className="details">
        <dt>Baixadas</dt>
        <dd>{report.matchedCount}</dd>
        <dt>Já pagas</dt>
        <dd>{report.alreadyPaidCount}</dd>
        <dt>Desconhecidas</dt>
        <dd>{report.unknownCount}</dd>
        <dt>Valor divergente</dt>
        <dd>{report.mismatchCount}</dd>
      </dl>
      {report.lines.length ? (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Linha</th>
                <th scope="col">Nosso número</th>
                <th scope="col">Apólice / parcela</th>
                <th scope="col" className="num">
                  Valor pago
                </th>
                <th scope="col" className="num">
                  Valor da parcela
                </th>
                <th scope="col">Resultado</th>
              </tr>
            </thead>
            <tbody>
              {report.lines.map((line) => (
                <tr key={line.sequence}>
                  <td>{line.sequence}</td>
                  <td>{line.ourNumber}</td>
                  <td>{line.policyNumber ? `${line.policyNumber} / ${line.installmentNumber}` : "—"}</td>
                  <td className="num">{formatBrl(line.paidCents)}</td>
                  <td className="num">
                    {line.expectedCents === undefined ? "—" : formatBrl(line.expectedCents)}
                  </td>
                  <td>{importLineOutcomeText(line)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <p className="muted">{text.when}</p>
    </div>
  );
}
