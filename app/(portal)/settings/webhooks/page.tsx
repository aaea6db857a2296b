import type { Metadata } from "next";
import { EndpointForm } from "@/components/webhooks/endpoint-form";
import { EndpointsTable } from "@/components/webhooks/endpoints-table";
import { getDb } from "@/db/index";
import { requireAdmin } from "@/lib/auth/session";
import { listBrokerEndpoints, MAX_ENDPOINTS_PER_BROKER } from "@/lib/webhooks/endpoints";
import { createEndpointAction } from "./actions";

export const metadata: Metadata = { title: "Webhooks" };

/** The broker's webhook endpoints: register one, see how each is doing. Admins only. */
export default async function WebhooksPage({
  searchParams,
}: {
  searchParams: Promise<{ removido?: string }>;
}) {
  const admin = await requireAdmin();
  const endpoints = await listBrokerEndpoints(await getDb(), admin.brokerId);
  const { removido } = await searchParams;
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Webhooks</h1>
          <p>
            Avisos enviados ao parceiro quando algo acontece com as cotações e apólices da corretora{" "}
            {admin.registerNumber}: apólice emitida, pagamento recusado, cancelamento, parcelas. Cada entrega
            é assinada (Standard Webhooks) e reenviada por cerca de um dia se o endpoint não responder com
            2xx. O aviso traz os identificadores e links para a API: consulte a cotação ou a apólice para
            conferir.
          </p>
        </div>
      </div>
      {removido ? (
        <p className="alert alert-success" role="status">
          Endpoint excluído.
        </p>
      ) : null}
      <section className="card" aria-labelledby="new-endpoint-title">
        <h2 id="new-endpoint-title">Novo endpoint</h2>
        {endpoints.length >= MAX_ENDPOINTS_PER_BROKER ? (
          <p className="muted">
            Limite de {MAX_ENDPOINTS_PER_BROKER} endpoints atingido: exclua um para cadastrar outro.
          </p>
        ) : (
          <EndpointForm
            action={createEndpointAction}
            label="Novo endpoint de webhook"
            submitLabel="Criar endpoint"
          />
        )}
      </section>
      <section aria-labelledby="endpoints-title" style={{ marginTop: "1.5rem" }}>
        <h2 id="endpoints-title">Endpoints</h2>
        <EndpointsTable endpoints={endpoints} />
      </section>
    </>
  );
}
