import type { Metadata } from "next";
import { PrivacyRequestForm } from "@/components/privacy/request-form";
import { type PrivacyRequestRow, PrivacyRequestsTable } from "@/components/privacy/requests-table";
import { getDb } from "@/db/index";
import { requireAdmin } from "@/lib/auth/session";
import { formatDatePtBr } from "@/lib/dates";
import { REQUEST_DEADLINE_DAYS } from "@/lib/privacy/deadline";
import { listBrokerRequests } from "@/lib/privacy/requests";
import { completeDeletionAction, registerRequestAction } from "./actions";

export const metadata: Metadata = { title: "Privacidade" };

/** Data subjects' requests (LGPD art. 18): register one, answer it before its deadline. Admins only. */
export default async function PrivacyPage() {
  const admin = await requireAdmin();
  const now = new Date();
  const requests: PrivacyRequestRow[] = (await listBrokerRequests(await getDb(), admin.brokerId)).map(
    (request) => ({
      id: request.id,
      identityText: request.identityText,
      kind: request.kind,
      status: request.status,
      requestedText: formatDatePtBr(request.requestedAt),
      dueText: formatDatePtBr(request.dueAt),
      overdue: request.status === "Open" && request.dueAt < now,
      completedText: request.completedAt ? formatDatePtBr(request.completedAt) : null,
      outcome: request.outcome,
    }),
  );
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Privacidade</h1>
          <p>
            Solicitações de titulares de dados (LGPD, art. 18) à corretora {admin.registerNumber}. Cada uma
            deve ser atendida em até {REQUEST_DEADLINE_DAYS} dias. O acesso entrega, em JSON e PDF, tudo o que
            a corretora guarda da pessoa. A eliminação anonimiza as cotações que não viraram apólice e
            bloqueia o que a lei obriga a guardar (apólices, sinistros e pagamentos, até 5 anos após o fim da
            vigência).
          </p>
        </div>
      </div>
      <section className="card" aria-labelledby="new-request-title">
        <h2 id="new-request-title">Nova solicitação</h2>
        <PrivacyRequestForm action={registerRequestAction} />
      </section>
      <section aria-labelledby="requests-title" style={{ marginTop: "1.5rem" }}>
        <h2 id="requests-title">Solicitações</h2>
        <PrivacyRequestsTable requests={requests} deletionAction={completeDeletionAction} />
      </section>
    </>
  );
}
