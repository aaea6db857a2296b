import { CopyButton } from "@/components/ui/copy-button";
import { formatTypeableLine } from "@/lib/documents/boleto";
import { formatDate, formatDateTime, formatReais } from "@/lib/format/pt-br";
import type { SecondCopyWire } from "@/lib/schemas/second-copy";

/** What a second copy charges and how to pay it: the amounts, the boleto's line, the Pix code. */
export function SecondCopyResult({ copy }: { copy: SecondCopyWire }) {
  return (
    <div>
      <dl className="details">
        <dt>Novo vencimento</dt>
        <dd>{formatDate(copy.dueDate)}</dd>
        <dt>Vencimento original</dt>
        <dd>
          {formatDate(copy.originalDueDate)} ({copy.daysLate} {copy.daysLate === 1 ? "dia" : "dias"} de
          atraso)
        </dd>
        <dt>Valor original</dt>
        <dd>{formatReais(copy.originalValue)}</dd>
        <dt>Multa</dt>
        <dd>{formatReais(copy.fineValue)}</dd>
        <dt>Juros</dt>
        <dd>{formatReais(copy.interestValue)}</dd>
        <dt>Total</dt>
        <dd>
          <strong>{formatReais(copy.totalValue)}</strong>
        </dd>
      </dl>
      {copy.typeableLine ? (
        <div className="field">
          <span>Linha digitável</span>
          <code style={{ overflowWrap: "anywhere" }}>{formatTypeableLine(copy.typeableLine)}</code>
          <CopyButton value={copy.typeableLine} label="Copiar linha digitável" />
          {copy.ticketUrl ? (
            <a href={copy.ticketUrl} target="_blank" rel="noopener">
              Abrir boleto (PDF)
            </a>
          ) : null}
        </div>
      ) : null}
      {copy.pix ? (
        <div className="field">
          <span>Pix copia e cola</span>
          <code style={{ overflowWrap: "anywhere" }}>{copy.pix.copyPaste}</code>
          <CopyButton value={copy.pix.copyPaste} label="Copiar código Pix" copiedText="Copiado!" />
          <span className="hint">Aceito até {formatDateTime(copy.pix.expiresAt)}.</span>
        </div>
      ) : null}
    </div>
  );
}
