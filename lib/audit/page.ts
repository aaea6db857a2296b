import "server-only";
import type { Executor } from "@/db/index";
import { listApiKeys } from "@/db/queries/api-keys";
import { type AuditEntryRow, listAuditEntries } from "@/db/queries/audit";
import { listBrokerUsersWithSessions } from "@/db/queries/sessions";
import { formatDateTime } from "@/lib/format/pt-br";
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTOR_KIND_LABELS,
  AUDIT_OBJECT_LABELS,
  auditActionLabel,
} from "./labels";
import { type AuditPageQuery, auditFilters } from "./query";
import { AUDIT_ACTIONS } from "./types";

export const AUDIT_PAGE_SIZE = 50;

/** The broker's users and API keys by id, named as the page and the CSV show them. */
export async function loadAuditActors(db: Executor, brokerId: string): Promise<Map<string, string>> {
  const [users, keys] = await Promise.all([
    listBrokerUsersWithSessions(db, brokerId),
    listApiKeys(db, brokerId),
  ]);
  const names = new Map<string, string>();
  for (const user of users) names.set(user.userId, `${user.name} (${user.email})`);
  for (const key of keys) names.set(key.id, `Chave ${key.name} (${key.prefix}…)`);
  return names;
}

function actorText(entry: AuditEntryRow, names: ReadonlyMap<string, string>): string {
  if (entry.actorId)
    return names.get(entry.actorId) ?? `${AUDIT_ACTOR_KIND_LABELS[entry.actorKind]} ${entry.actorId}`;
  return AUDIT_ACTOR_KIND_LABELS[entry.actorKind] ?? entry.actorKind;
}

/**
 * One page of the broker's audit trail (50 entries, newest first, below `query.before`), as rows
 * for the table, with the filter options and the `before` of the next page, if any.
 */
export async function loadAuditPage(db: Executor, brokerId: string, query: AuditPageQuery) {
  const [names, entries] = await Promise.all([
    loadAuditActors(db, brokerId),
    listAuditEntries(db, brokerId, auditFilters(query), {
      limit: AUDIT_PAGE_SIZE + 1,
      beforeSequence: query.before,
    }),
  ]);
  const page = entries.slice(0, AUDIT_PAGE_SIZE);
  return {
    rows: page.map((entry) => ({
      sequence: entry.sequence,
      occurredAt: formatDateTime(entry.occurredAt),
      action: auditActionLabel(entry.action),
      actor: actorText(entry, names),
      clientAddress: entry.clientAddress ?? "",
      object: entry.objectType
        ? `${AUDIT_OBJECT_LABELS[entry.objectType] ?? entry.objectType} ${entry.objectId ?? ""}`.trim()
        : "",
      details: JSON.stringify(entry.details),
    })),
    nextBefore: entries.length > AUDIT_PAGE_SIZE ? page[page.length - 1]!.sequence : undefined,
    actors: [...names].map(([value, label]) => ({ value, label })),
    actions: AUDIT_ACTIONS.map((value) => ({ value, label: AUDIT_ACTION_LABELS[value] })),
    objectTypes: Object.entries(AUDIT_OBJECT_LABELS).map(([value, label]) => ({ value, label })),
    names,
  };
}
