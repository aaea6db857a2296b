"use client";

import { useState, useTransition } from "react";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { DATA_SUBJECT_REQUEST_KIND_TEXT, DATA_SUBJECT_REQUEST_STATUS_TEXT } from "@/lib/format/labels";
import type { ActionResult } from "@/lib/forms/action-result";
import { OUTCOME_COUNT_TEXT } from "@/lib/privacy/labels";

/** A request as the table shows it: texts and dates already in pt-BR. */
export type PrivacyRequestRow = {
  id: string;
  identityText: string;
  kind: "ACCESS" | "DELETION";
  status: "Open" | "Completed";
  requestedText: string;
  dueText: string;
  overdue: boolean;
  completedText: string | null;
  outcome: Record<string, unknown> | null;
};

function outcomeText(outcome: Record<string, unknown> | null): string {
  if (!outcome) return "—";
  return Object.entries(outcome)
    .filter(([, value]) => typeof value === "number")
    .map(([kind, value]) => `${OUTCOME_COUNT_TEXT[kind] ?? kind}: ${value}`)
    .join(" · ");
}

/** The broker's requests: deadline, outcome, the access downloads and the deletion's confirmation. */
export function PrivacyRequestsTable({
  requests,
  deletionAction,
}: {
  requests: PrivacyRequestRow[];
  deletionAction: (requestId: string) => Promise<ActionResult<undefined>>;
}) {
  const [message, setMessage] = useState<ActionResult<undefined> | null>(null);
  const [pending, startTransition] = useTransition();
  if (!requests.length) return <p className="empty-state">Nenhuma solicitação registrada.</p>;
  return (
    <>
      <p role="status" className={message?.ok === false ? "field-error" : "muted"}>
        {message ? (message.ok ? "Eliminação concluída." : message.error) : ""}
      </p>
      <div className="table-wrap">
        <table className="table table-stack">
          <caption className="sr-only">Solicitações de titulares</caption>
          <thead>
            <tr>
              <th scope="col">CPF/CNPJ</th>
              <th scope="col">Solicitação</th>
              <th scope="col">Registrada em</th>
              <th scope="col">Prazo</th>
              <th scope="col">Situação</th>
              <th scope="col">Resultado</th>
              <th scope="col">
                <span className="sr-only">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {requests.map((request) => (
              <tr key={request.id}>
                <td data-label="CPF/CNPJ">{request.identityText}</td>
                <td data-label="Solicitação">{DATA_SUBJECT_REQUEST_KIND_TEXT[request.kind]}</td>
                <td data-label="Registrada em">{request.requestedText}</td>
                <td data-label="Prazo">
                  {request.dueText}
                  {request.overdue ? <span className="badge badge-danger"> vencido</span> : null}
                </td>
                <td data-label="Situação">
                  {DATA_SUBJECT_REQUEST_STATUS_TEXT[request.status]}
                  {request.completedText ? ` em ${request.completedText}` : ""}
                </td>
                <td data-label="Resultado">{outcomeText(request.outcome)}</td>
                <td>
                  {request.kind === "ACCESS" ? (
                    <span style={{ whiteSpace: "nowrap" }}>
                      <a
                        className="btn btn-secondary btn-sm"
                        href={`/settings/privacy/${request.id}/export?format=json`}
                      >
                        JSON
                      </a>{" "}
                      <a
                        className="btn btn-secondary btn-sm"
                        href={`/settings/privacy/${request.id}/export?format=pdf`}
                      >
                        PDF
                      </a>
                    </span>
                  ) : request.status === "Open" ? (
                    <ConfirmDialog
                      trigger={
                        <button type="button" className="btn btn-danger btn-sm" disabled={pending}>
                          Executar eliminação<span className="sr-only"> de {request.identityText}</span>
                        </button>
                      }
                      title="Executar a eliminação?"
                      description={`As cotações de ${request.identityText} que não viraram apólice serão anonimizadas. Apólices, sinistros e pagamentos ficam guardados pelo prazo legal, bloqueados: somem das listas, buscas e exportações. Não há como desfazer.`}
                      confirmLabel="Eliminar dados"
                      destructive
                      onConfirm={() =>
                        startTransition(async () => {
                          setMessage(await deletionAction(request.id));
                        })
                      }
                    />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
