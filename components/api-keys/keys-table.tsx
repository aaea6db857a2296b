"use client";

import { useState, useTransition } from "react";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import type { RevokeApiKeyResult } from "@/lib/api-keys/create-key-schema";
import type { ApiKeyRow } from "@/lib/api-keys/list-with-usage";
import { formatDatePtBr } from "@/lib/dates";
import { API_KEY_STATE_TEXT } from "@/lib/format/labels";
import { formatDateTime } from "@/lib/format/pt-br";

export type KeyRow = ApiKeyRow;

const number = (value: number) => value.toLocaleString("pt-BR");
const SCOPE_NAMES = { read: "Leitura", write: "Escrita" } as const;

/** The last day a key works: the São Paulo day before its expiry instant. */
const lastDay = (expiresAt: string) => formatDatePtBr(new Date(new Date(expiresAt).getTime() - 1));

/** The broker's keys with usage; revoking asks for confirmation first. */
export function KeysTable({
  keys,
  revokeAction,
}: {
  keys: KeyRow[];
  revokeAction: (prefix: string) => Promise<RevokeApiKeyResult>;
}) {
  const [message, setMessage] = useState<RevokeApiKeyResult | null>(null);
  const [pending, startTransition] = useTransition();

  if (!keys.length) {
    return <p className="empty-state">Nenhuma chave criada ainda.</p>;
  }
  return (
    <>
      <p role="status" className={message?.ok === false ? "field-error" : "muted"}>
        {message ? (message.ok ? `Chave ${message.data.prefix}… revogada.` : message.error) : ""}
      </p>
      <div className="table-wrap">
        <table className="table">
          <caption className="sr-only">Chaves de API da corretora</caption>
          <thead>
            <tr>
              <th scope="col">Nome</th>
              <th scope="col">Prefixo</th>
              <th scope="col">Criada em</th>
              <th scope="col">Último uso</th>
              <th scope="col" className="num">
                Chamadas hoje
              </th>
              <th scope="col" className="num">
                Cota diária
              </th>
              <th scope="col">Escopos</th>
              <th scope="col">Endereços permitidos</th>
              <th scope="col">Validade</th>
              <th scope="col">Situação</th>
              <th scope="col">
                <span className="sr-only">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <tr key={key.id}>
                <td>{key.name}</td>
                <td>
                  <code>{key.prefix}…</code>
                </td>
                <td>{formatDateTime(key.createdAt)}</td>
                <td>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : "Nunca"}</td>
                <td className="num">{key.callsToday === null ? "—" : number(key.callsToday)}</td>
                <td className="num">{number(key.dailyQuota)}</td>
                <td>{key.scopes.map((scope) => SCOPE_NAMES[scope]).join(" e ")}</td>
                <td>
                  {key.allowCidrs ? (
                    <ul style={{ margin: 0, padding: 0, listStyle: "none" }}>
                      {key.allowCidrs.map((cidr) => (
                        <li key={cidr}>
                          <code>{cidr}</code>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    "Qualquer"
                  )}
                </td>
                <td>{key.expiresAt ? `Até ${lastDay(key.expiresAt)}` : "Sem validade"}</td>
                <td>
                  {key.revokedAt ? (
                    <span className="badge badge-muted">
                      {API_KEY_STATE_TEXT.Revoked} em {formatDateTime(key.revokedAt)}
                    </span>
                  ) : key.expired ? (
                    <span className="badge badge-muted">{API_KEY_STATE_TEXT.Expired}</span>
                  ) : (
                    <span className="badge badge-success">{API_KEY_STATE_TEXT.Active}</span>
                  )}
                </td>
                <td>
                  {key.revokedAt ? null : (
                    <ConfirmDialog
                      trigger={
                        <button type="button" className="btn btn-secondary btn-sm" disabled={pending}>
                          Revogar<span className="sr-only"> a chave {key.name}</span>
                        </button>
                      }
                      title="Revogar esta chave?"
                      description={`A chave “${key.name}” (${key.prefix}…) deixa de funcionar em segundos. Integrações que a usam passarão a receber 401.`}
                      confirmLabel="Revogar chave"
                      destructive
                      onConfirm={() =>
                        startTransition(async () => {
                          setMessage(await revokeAction(key.prefix));
                        })
                      }
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
