import type { Metadata } from "next";
import { CreateKeyForm } from "@/components/api-keys/create-key-form";
import { KeysTable } from "@/components/api-keys/keys-table";
import { getDb } from "@/db/index";
import { requireAdmin } from "@/lib/auth/session";
import { listApiKeysWithUsage } from "@/lib/portal/api-keys";
import { createApiKeyAction, revokeApiKeyAction } from "./actions";

export const metadata: Metadata = { title: "Chaves de API" };

export default async function ApiKeysPage() {
  const user = await requireAdmin();
  const keys = await listApiKeysWithUsage(await getDb(), user.brokerId);
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
    </>
  );
}
