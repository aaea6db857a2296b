import type { ComponentProps } from "react";
import { formatDate } from "@/lib/format/pt-br";
import type { QuotationPageView } from "@/lib/quotation-page/page-view";
import { expiredReasonSentence } from "@/lib/quotations/validity-note";
import { LaterStartForm } from "./later-start-form";

type Validity = QuotationPageView["validity"];

/** The expired quotation's warning: re-quote to go on, and why the validity ended when the start ended it. */
export function QuotationExpiredAlert({ validity }: { validity: Validity }) {
  if (!validity.expired) return null;
  const reason = expiredReasonSentence(validity.facts);
  return (
    <p className="alert alert-warning">
      A validade desta cotação terminou em {formatDate(validity.expiresAt)}. Recalcule-a para obter novos
      preços e seguir para a proposta.
      {reason ? <> {reason}</> : null}
    </p>
  );
}

/** "Precisa de mais prazo?": a later vigency start, offered when the start is what ends the validity. */
export function QuotationLaterStart({
  validity,
  renewal,
  action,
}: {
  validity: Validity;
  renewal: boolean;
  action: ComponentProps<typeof LaterStartForm>["action"];
}) {
  if (!validity.laterStart) return null;
  return (
    <section className="card" aria-labelledby="later-start-title" style={{ marginBottom: "1rem" }}>
      <h2 id="later-start-title">Precisa de mais prazo?</h2>
      <p className="muted">
        Uma cotação não vale depois do início da vigência. Com um início mais tarde, ela vale até 30 dias após
        o novo cálculo (ou até o novo início, se vier antes).
        {renewal ? " Na renovação, um início mais tarde deixa mais dias sem cobertura." : null}
      </p>
      <LaterStartForm action={action} {...validity.laterStart} />
    </section>
  );
}
