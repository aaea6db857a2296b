"use client";

import { useState, useTransition } from "react";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { formatDateTime } from "@/lib/format/pt-br";
import type { RotateSecretState, WebhookActionState } from "@/lib/webhooks/endpoint-schema";
import { SecretReveal } from "./secret-reveal";

/** "Enviar evento de teste", "Gerar novo segredo" and "Excluir endpoint" for one endpoint. */
export function EndpointActions({
  enabled,
  sendTestAction,
  rotateAction,
  deleteAction,
}: {
  enabled: boolean;
  sendTestAction: () => Promise<WebhookActionState>;
  rotateAction: () => Promise<RotateSecretState>;
  deleteAction: () => Promise<WebhookActionState>;
}) {
  const [message, setMessage] = useState<{ text: string; error?: boolean }>({ text: "" });
  const [rotated, setRotated] = useState<{ secret?: string; previousSecretUntil?: string }>({});
  const [pending, startTransition] = useTransition();

  return (
    <>
      {rotated.secret ? (
        <SecretReveal key={rotated.secret} title="Novo segredo gerado." secret={rotated.secret}>
          <p style={{ marginBottom: 0 }}>
            Até {formatDateTime(rotated.previousSecretUntil)} as entregas levam duas assinaturas (a do novo e
            a do antigo segredo): atualize o parceiro nesse prazo.
          </p>
        </SecretReveal>
      ) : null}
      <div className="row">
        <button
          type="button"
          className="btn btn-primary"
          disabled={pending || !enabled}
          onClick={() =>
            startTransition(async () => {
              const result = await sendTestAction();
              setMessage(
                !result.ok
                  ? { text: result.error, error: true }
                  : { text: "Evento de teste enviado: acompanhe no registro de entregas." },
              );
            })
          }
        >
          Enviar evento de teste
        </button>
        <ConfirmDialog
          trigger={
            <button type="button" className="btn btn-secondary" disabled={pending}>
              Gerar novo segredo
            </button>
          }
          title="Gerar um novo segredo de assinatura?"
          description="O novo segredo é mostrado uma vez. O atual continua assinando junto com ele por 24 horas, para que o parceiro troque sem perder entregas."
          confirmLabel="Gerar novo segredo"
          onConfirm={() =>
            startTransition(async () => {
              const result = await rotateAction();
              if (!result.ok) setMessage({ text: result.error, error: true });
              else {
                setRotated(result.data);
                setMessage({ text: "" });
              }
            })
          }
        />
        <ConfirmDialog
          trigger={
            <button type="button" className="btn btn-danger" disabled={pending}>
              Excluir endpoint
            </button>
          }
          title="Excluir este endpoint?"
          description="Ele deixa de receber eventos e o registro de entregas é apagado. Não pode ser desfeito."
          confirmLabel="Excluir endpoint"
          destructive
          onConfirm={() =>
            startTransition(async () => {
              const result = await deleteAction();
              if (result && !result.ok) setMessage({ text: result.error, error: true });
            })
          }
        />
      </div>
      <p role="status" className={message.error ? "field-error" : "muted"}>
        {message.text}
      </p>
    </>
  );
}
