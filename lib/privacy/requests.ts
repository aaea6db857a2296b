import type { Database, Executor } from "@/db/index";
import {
  type DataSubjectRequestRow,
  findDataSubjectRequest,
  insertDataSubjectRequest,
  listDataSubjectRequests,
  listDeletedIdentities,
} from "@/db/queries/privacy";
import type { AuditContext } from "@/lib/audit/context";
import { recordAudit } from "@/lib/audit/record";
import { type FieldErrors, fieldErrorsOf } from "@/lib/forms/action-result";
import { formatIdentity } from "@/lib/identity";
import { isGuid } from "@/lib/schemas/identifiers";
import { requestDueAt } from "./deadline";
import { maskIdentity } from "./identity-mask";
import { type DataSubjectRequestField, dataSubjectRequestFormSchema } from "./request-schema";

/** Who handles a request: the admin's broker and the audit context (the admin, their address). */
export type PrivacyCaller = { brokerId: string; audit: AuditContext };

/** The user id of the caller's actor, for requested_by / completed_by. */
export function actingUserId(audit: AuditContext): string | null {
  return audit.actor.kind === "user" ? audit.actor.id : null;
}

/**
 * A request as the page shows it: the CPF/CNPJ as `identityText`, in full (the admin typed it) until
 * a deletion of that person is carried out, masked from then on; dates as instants.
 */
export type DataSubjectRequestView = {
  id: string;
  identity: string;
  identityText: string;
  kind: DataSubjectRequestRow["kind"];
  status: DataSubjectRequestRow["status"];
  requestedAt: Date;
  dueAt: Date;
  completedAt: Date | null;
  outcome: Record<string, unknown> | null;
};

function toView(row: DataSubjectRequestRow, deleted = false): DataSubjectRequestView {
  return {
    id: row.id,
    identity: row.identity,
    identityText: deleted ? maskIdentity(row.identity) : formatIdentity(row.identity),
    kind: row.kind,
    status: row.status,
    requestedAt: row.requestedAt,
    dueAt: row.dueAt,
    completedAt: row.completedAt,
    outcome: row.outcome,
  };
}

export type RegisterResult =
  | { ok: true; request: DataSubjectRequestView }
  | { ok: false; fieldErrors: FieldErrors<DataSubjectRequestField> };

/**
 * Registers a data subject's request for the caller's broker, due 15 days from now, and records
 * `privacy-request.registered` (the CPF/CNPJ masked) in the same transaction.
 */
export async function registerDataSubjectRequest(
  db: Database,
  caller: PrivacyCaller,
  input: unknown,
  now: Date = new Date(),
): Promise<RegisterResult> {
  const parsed = dataSubjectRequestFormSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, fieldErrors: fieldErrorsOf<DataSubjectRequestField>(parsed.error) };
  const { identity, kind } = parsed.data;
  const row = await db.transaction(async (tx) => {
    const inserted = await insertDataSubjectRequest(tx, {
      brokerId: caller.brokerId,
      identity,
      kind,
      requestedAt: now,
      dueAt: requestDueAt(now),
      requestedBy: actingUserId(caller.audit),
    });
    await recordAudit(tx, {
      brokerId: caller.brokerId,
      ...caller.audit,
      action: "privacy-request.registered",
      object: { type: "privacy-request", id: inserted.id },
      details: { kind, identity: maskIdentity(identity), dueAt: inserted.dueAt.toISOString() },
    });
    return inserted;
  });
  return { ok: true, request: toView(row) };
}

/** The broker's requests, newest first; every request of a person whose deletion was carried out shows them masked. */
export async function listBrokerRequests(db: Executor, brokerId: string): Promise<DataSubjectRequestView[]> {
  const rows = await listDataSubjectRequests(db, brokerId);
  const deleted = await listDeletedIdentities(db, brokerId, [...new Set(rows.map((row) => row.identity))]);
  return rows.map((row) => toView(row, deleted.has(row.identity)));
}

/** One of the broker's requests; undefined for another broker's id and for text that is no id. */
export async function getBrokerRequest(
  db: Executor,
  brokerId: string,
  id: string,
): Promise<DataSubjectRequestView | undefined> {
  if (!isGuid(id)) return undefined;
  const row = await findDataSubjectRequest(db, brokerId, id);
  return row && toView(row);
}
