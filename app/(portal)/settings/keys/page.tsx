import type { Metadata } from "next";
import { CreateKeyForm } from "@/components/api-keys/create-key-form";
import { KeysTable } from "@/components/api-keys/keys-table";
import { UsageChart } from "@/components/api-keys/usage-chart";
import { getDb } from "@/db/index";
import { listApiKeysWithUsage } from "@/lib/api-keys/list-with-usage";
import { listKeyUsageCharts, USAGE_CHART_DAYS } from "@/lib/api-keys/usage-charts";
import { requireAdmin } from "@/lib/auth/session";
import { createApiKeyAction, revokeApiKeyAction } from "./actions";

export const metadata: Metadata = { title: "Chaves de API" };

export default async function ApiKeysPage() {
  const user = await requireAdmin();
  const db = await getDb();
  const keys = await listApiKeysWithUsage(db, user.brokerId);
  const charts = await listKeyUsageCharts(
    db,
    keys.filter((key) => !key.revokedAt),
  );
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Chaves de API</h1>
          <p>
            Chaves para parceiros chamarem a API em nome da corretora {user.registerNumber}. Envie no
            cabeçalho <code>Ocp-Apim-Subscription-Key</code>.
          </p>
        </div>
      </div>
      <section className="card" aria-labelledby="new-key-title">
        <h2 id="new-key-title">Nova chave</h2>
        <CreateKeyForm action={createApiKeyAction} />
      </section>
      <section aria-labelledby="keys-title" style={{ marginTop: "1.5rem" }}>
        <h2 id="keys-title">Chaves</h2>
        <KeysTable keys={keys} revokeAction={revokeApiKeyAction} />
      </section>
      {charts.length ? (
        <section aria-labelledby="usage-title" style={{ marginTop: "1.5rem" }}>
          <h2 id="usage-title">Uso nos últimos {USAGE_CHART_DAYS} dias</h2>
          <p className="muted">
            Chamadas por dia (horário de Brasília) de cada chave ativa; os mesmos números de{" "}
            <code>GET /api/v1/metrics</code>. Chamadas sem chave válida (401) não entram.
          </p>
          {charts.map((chart) => (
            <UsageChart key={chart.keyId} name={chart.name} prefix={chart.prefix} report={chart.report} />
          ))}
        </section>
      ) : null}
    </>
  );
}
