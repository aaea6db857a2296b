"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState, useTransition } from "react";
import { formatDateTime } from "@/lib/format/pt-br";
import type { WebhookActionState } from "@/lib/webhooks/endpoint-schema";
import { EVENT_TYPE_LABELS } from "@/lib/webhooks/endpoint-schema";
import type { WebhookDeliveryView } from "@/lib/webhooks/endpoints";
import { DeliveryStatusBadge } from "./delivery-status-badge";

const REFRESH_MS = 2000;

function eventLabel(type: string): string {
  return type === "webhook.test"
    ? "Evento de teste"
    : (EVENT_TYPE_LABELS[type as keyof typeof EVENT_TYPE_LABELS] ?? type);
}

/**
 * An endpoint's delivery log, newest first, with "Reenviar". While a delivery is still open
 * (Pending or Waiting) the page refreshes itself every 2 s, so an attempt's outcome shows up.
 */
export function DeliveriesTable({
  rows,
  total,
  page,
  pageSize,
  basePath,
  redeliverAction,
}: {
  rows: WebhookDeliveryView[];
  total: number;
  page: number;
  pageSize: number;
  basePath: string;
  redeliverAction: (deliveryId: string) => Promise<WebhookActionState>;
}) {
  const router = useRouter();
  const [message, setMessage] = useState<{ text: string; error?: boolean }>({ text: "" });
  const [pending, startTransition] = useTransition();
  const open = rows.some((row) => row.status === "Pending" || row.status === "Waiting");

  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => router.refresh(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [open, router]);

  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  return (
    <>
      <p role="status" className={message.error ? "field-error" : "muted"}>
        {message.text}
      </p>
      {rows.length === 0 ? (
        <p className="empty-state">Nenhuma entrega ainda. Envie um evento de teste para experimentar.</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="sr-only">Registro de entregas do endpoint</caption>
            <thead>
              <tr>
                <th scope="col">Evento</th>
                <th scope="col">Criada em</th>
                <th scope="col" className="num">
                  Tentativas
                </th>
                <th scope="col">Última resposta</th>
                <th scope="col" className="num">
                  Latência
                </th>
                <th scope="col">Próxima tentativa</th>
                <th scope="col">Situação</th>
                <th scope="col">
                  <span className="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>
                    {eventLabel(row.eventType)}
                    <br />
                    <code className="muted" title={`webhook-id ${row.messageId}`}>
                      {row.eventType}
                    </code>
                  </td>
                  <td>{formatDateTime(row.createdAt)}</td>
                  <td className="num">{row.attempts}</td>
                  <td>
                    {row.lastStatusCode !== null
                      ? `HTTP ${row.lastStatusCode}`
                      : row.attempts
                        ? "Sem resposta"
                        : "—"}
                    {row.lastError && row.status !== "Delivered" ? (
                      <>
                        <br />
                        <span className="muted">{row.lastError}</span>
                      </>
                    ) : null}
                  </td>
                  <td className="num">{row.lastLatencyMs !== null ? `${row.lastLatencyMs} ms` : "—"}</td>
                  <td>{row.nextAttemptAt ? formatDateTime(row.nextAttemptAt) : "—"}</td>
                  <td>
                    <DeliveryStatusBadge status={row.status} />
                  </td>
                  <td>
                    {row.canRedeliver ? (
                      <button
                        type="button"
                        className="btn btn-secondary btn-sm"
                        disabled={pending}
                        onClick={() =>
                          startTransition(async () => {
                            const result = await redeliverAction(row.id);
                            setMessage(
                              !result.ok
                                ? { text: result.error, error: true }
                                : { text: `${eventLabel(row.eventType)}: reenvio solicitado.` },
                            );
                          })
                        }
                      >
                        Reenviar
                        <span className="sr-only">
                          {" "}
                          {eventLabel(row.eventType)} de {formatDateTime(row.createdAt)}
                        </span>
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {lastPage > 1 ? (
        <nav className="pagination" aria-label="Páginas do registro">
          {page > 1 ? <Link href={`${basePath}?page=${page - 1}`}>Anteriores</Link> : null}
          <span>
            Página {page} de {lastPage}
          </span>
          {page < lastPage ? <Link href={`${basePath}?page=${page + 1}`}>Seguintes</Link> : null}
        </nav>
      ) : null}
    </>
  );
}
