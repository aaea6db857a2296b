import { formatDate } from "@/lib/format/pt-br";
import { type ValidityFacts, validityNote } from "@/lib/quotations/validity-note";

/** "Válida até 25/11/2026 (válida até hoje porque a vigência começa hoje)". */
export function ValidityLine({ expiresAt, facts }: { expiresAt: Date; facts: ValidityFacts }) {
  return (
    <p className="muted">
      <span>Válida até {formatDate(expiresAt)}</span>{" "}
      <span>({validityNote({ ...facts, expired: false })})</span>
    </p>
  );
}
