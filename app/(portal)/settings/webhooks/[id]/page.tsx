import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { DeliveriesTable } from "@/components/webhooks/deliveries-table";
import { EndpointActions } from "@/components/webhooks/endpoint-actions";
import { EndpointForm } from "@/components/webhooks/endpoint-form";
import { EndpointStatusBadge } from "@/components/webhooks/endpoint-status";
import { getDb } from "@/db/index";
import { requireAdmin } from "@/lib/auth/session";
import { formatDateTime } from "@/lib/format/pt-br";
import { DELIVERIES_PER_PAGE, getBrokerEndpoint, listEndpointDeliveries } from "@/lib/webhooks/endpoints";
import {
  deleteEndpointAction,
  redeliverAction,
  rotateSecretAction,
  sendTestEventAction,
  updateEndpointAction,
} from "../actions";

export const metadata: Metadata = { title: "Endpoint de webhook" };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ page?: string }> };

/** One endpoint: why it is disabled (if so), its actions, its settings and its delivery log. */
export default async function WebhookEndpointPage({ params, searchParams }: Props) {
  const admin = await requireAdmin();
  const { id } = await params;
  const db = await getDb();
  const endpoint = await getBrokerEndpoint(db, admin.brokerId, id);
  if (!endpoint) notFound();
  const { page } = await searchParams;
  const log = (await listEndpointDeliveries(db, admin.brokerId, endpoint.id, Number(page ?? 1)))!;
  const basePath = `/settings/webhooks/${endpoint.id}`;
  return (
    <>
      <nav aria-label="Trilha" className="muted" style={{ marginBottom: "0.5rem" }}>
        <Link href="/settings/webhooks">Webhooks</Link> / endpoint
      </nav>
      <div className="page-header">
        <div>
          <h1 style={{ overflowWrap: "anywhere" }}>{endpoint.url}</h1>
          <p>
            Criado em {formatDateTime(endpoint.createdAt)}
            {endpoint.previousSecretUntil
              ? ` · segredo anterior válido até ${formatDateTime(endpoint.previousSecretUntil)}`
              : ""}
          </p>
        </div>
        <EndpointStatusBadge endpoint={endpoint} />
      </div>
      {endpoint.disabledReason ? (
        <div className="alert alert-error" role="alert">
          <p style={{ margin: 0 }}>
            <strong>Endpoint desativado em {formatDateTime(endpoint.disabledAt)}.</strong>{" "}
            {endpoint.disabledReason}
          </p>
          <p style={{ marginBottom: 0 }}>
            Corrija o endpoint e marque “Ativo” abaixo para voltar a receber eventos.
          </p>
        </div>
      ) : null}
      <section className="card" aria-labelledby="actions-title">
        <h2 id="actions-title">Ações</h2>
        <EndpointActions
          enabled={endpoint.enabled}
          sendTestAction={sendTestEventAction.bind(null, endpoint.id)}
          rotateAction={rotateSecretAction.bind(null, endpoint.id)}
          deleteAction={deleteEndpointAction.bind(null, endpoint.id)}
        />
      </section>
      <section aria-labelledby="deliveries-title" style={{ marginTop: "1.5rem" }}>
        <h2 id="deliveries-title">Registro de entregas</h2>
        <DeliveriesTable
          rows={log.rows}
          total={log.total}
          page={log.page}
          pageSize={DELIVERIES_PER_PAGE}
          basePath={basePath}
          redeliverAction={redeliverAction.bind(null, endpoint.id)}
        />
      </section>
      <section className="card" aria-labelledby="settings-title" style={{ marginTop: "1.5rem" }}>
        <h2 id="settings-title">Configuração</h2>
        <EndpointForm
          // Remounted (fresh values) when the platform disables the endpoint under the admin's eyes.
          key={endpoint.disabledAt ?? "enabled"}
          action={updateEndpointAction.bind(null, endpoint.id)}
          label="Configuração do endpoint"
          submitLabel="Salvar alterações"
          initial={{ url: endpoint.url, eventTypes: endpoint.eventTypes, enabled: endpoint.enabled }}
        />
      </section>
    </>
  );
}
