import { and, eq, sql } from "drizzle-orm";
import { processSingleton } from "@/lib/process/registry";
import type { Executor } from "../index";
import { selectRows } from "../rows";
import { type IdempotencyState, idempotencyKeys } from "../schema";

/** Whose key it is: the broker of the API key, the endpoint, and the partner's Idempotency-Key. */
export type IdempotencyScope = { brokerId: string; operationId: string; key: string };

/** What another call finds when it cannot take the key: the first call's state and, once done, its answer. */
export type IdempotencyRecord = {
  state: IdempotencyState;
  requestHmac: string;
  responseStatus: number | null;
  responseHeaders: Record<string, string> | null;
  responseBody: string | null;
  /** Kept past its 24 h: the key is free. */
  expired: boolean;
  /** Running, but its holder stopped renewing the lease (its process died). */
  lapsed: boolean;
};

export type StoredResponse = { status: number; headers: Record<string, string>; body: string };

const inScope = (scope: IdempotencyScope) =>
  and(
    eq(idempotencyKeys.brokerId, scope.brokerId),
    eq(idempotencyKeys.operationId, scope.operationId),
    eq(idempotencyKeys.key, scope.key),
  );

/** The statement that takes a key, built once per database and sent as a named prepared statement (one round trip). */
function prepareTake(db: Executor) {
  const now = sql`now()`;
  const expired = sql`${idempotencyKeys.expiresAt} <= now()`;
  return db
    .insert(idempotencyKeys)
    .values({
      brokerId: sql.placeholder("brokerId"),
      operationId: sql.placeholder("operationId"),
      key: sql.placeholder("key"),
      requestHmac: sql.placeholder("requestHmac"),
      state: "running",
      leaseToken: sql.placeholder("leaseToken"),
      leaseExpiresAt: sql`now() + ${sql.placeholder("leaseMs")}::int * interval '1 millisecond'`,
      createdAt: now,
      expiresAt: sql`now() + ${sql.placeholder("ttlMs")}::int * interval '1 millisecond'`,
    })
    .onConflictDoUpdate({
      target: [idempotencyKeys.brokerId, idempotencyKeys.operationId, idempotencyKeys.key],
      set: {
        requestHmac: sql`excluded.request_hmac`,
        state: "running",
        leaseToken: sql`excluded.lease_token`,
        leaseExpiresAt: sql`excluded.lease_expires_at`,
        responseStatus: null,
        responseHeaders: null,
        responseBody: null,
        createdAt: sql`case when ${expired} then excluded.created_at else ${idempotencyKeys.createdAt} end`,
        expiresAt: sql`case when ${expired} then excluded.expires_at else ${idempotencyKeys.expiresAt} end`,
      },
      setWhere: sql`${expired} or (${idempotencyKeys.state} = 'running' and ${idempotencyKeys.leaseExpiresAt} <= now()
        and ${idempotencyKeys.requestHmac} = excluded.request_hmac)`,
    })
    .returning({ token: idempotencyKeys.leaseToken })
    .prepare("idempotency_key_take");
}

/** The statement that reads a key's row as another call sees it. */
function prepareFind(db: Executor) {
  return db
    .select({
      state: idempotencyKeys.state,
      requestHmac: idempotencyKeys.requestHmac,
      responseStatus: idempotencyKeys.responseStatus,
      responseHeaders: idempotencyKeys.responseHeaders,
      responseBody: idempotencyKeys.responseBody,
      expired: sql<boolean>`${idempotencyKeys.expiresAt} <= now()`,
      lapsed: sql<boolean>`coalesce(${idempotencyKeys.state} = 'running' and ${idempotencyKeys.leaseExpiresAt} <= now(), false)`,
    })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.brokerId, sql.placeholder("brokerId")),
        eq(idempotencyKeys.operationId, sql.placeholder("operationId")),
        eq(idempotencyKeys.key, sql.placeholder("key")),
      ),
    )
    .limit(1)
    .prepare("idempotency_key_find");
}

type Statements = { take: ReturnType<typeof prepareTake>; find: ReturnType<typeof prepareFind> };
// On every keyed POST: built once per database (or transaction), as the policy lookup's are.
const preparedStatements = processSingleton(
  "idempotency-key-statements",
  () => new WeakMap<Executor, Statements>(),
);

function statementsFor(db: Executor): Statements {
  let statements = preparedStatements.get(db);
  if (!statements) {
    statements = { take: prepareTake(db), find: prepareFind(db) };
    preparedStatements.set(db, statements);
  }
  return statements;
}

/**
 * Takes the key for one execution, in one statement (so that of any number of concurrent calls
 * exactly one gets it): a new row, or an existing one that expired, or one still `running` whose
 * lease lapsed (its process died) for the same request. Times are the database's, shared by every
 * instance. Answers whether `leaseToken` now holds the key.
 */
export async function takeIdempotencyKey(
  db: Executor,
  scope: IdempotencyScope,
  input: { requestHmac: string; leaseToken: string; leaseMs: number; ttlMs: number },
): Promise<boolean> {
  const rows = await statementsFor(db).take.execute({ ...scope, ...input });
  return rows[0]?.token === input.leaseToken;
}

/** The key's row as another call sees it, or undefined when there is none (released meanwhile). */
export async function findIdempotencyRecord(
  db: Executor,
  scope: IdempotencyScope,
): Promise<IdempotencyRecord | undefined> {
  const [row] = await statementsFor(db).find.execute(scope);
  return row;
}

/** The heartbeat: moves the lease on while its holder still runs. False once the key is no longer held. */
export async function renewIdempotencyLease(
  db: Executor,
  scope: IdempotencyScope,
  leaseToken: string,
  leaseMs: number,
): Promise<boolean> {
  const rows = await db
    .update(idempotencyKeys)
    .set({ leaseExpiresAt: sql`now() + ${leaseMs}::int * interval '1 millisecond'` })
    .where(
      and(inScope(scope), eq(idempotencyKeys.leaseToken, leaseToken), eq(idempotencyKeys.state, "running")),
    )
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

/** Keeps the answer for the replays and ends the lease. False when the holder had lost the key. */
export async function completeIdempotencyKey(
  db: Executor,
  scope: IdempotencyScope,
  leaseToken: string,
  response: StoredResponse,
): Promise<boolean> {
  const rows = await db
    .update(idempotencyKeys)
    .set({
      state: "done",
      leaseToken: null,
      leaseExpiresAt: null,
      responseStatus: response.status,
      responseHeaders: response.headers,
      responseBody: response.body,
    })
    .where(and(inScope(scope), eq(idempotencyKeys.leaseToken, leaseToken)))
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

/** Gives the key back (the call failed on our side): the next call with it does the work. */
export async function releaseIdempotencyKey(
  db: Executor,
  scope: IdempotencyScope,
  leaseToken: string,
): Promise<void> {
  await db.delete(idempotencyKeys).where(and(inScope(scope), eq(idempotencyKeys.leaseToken, leaseToken)));
}

/**
 * Deletes the keys kept past their 24 h, `batchSize` rows per statement, sparing a running row
 * whose lease still holds. Answers how many went.
 */
export async function purgeExpiredIdempotencyKeys(
  db: Executor,
  now: Date,
  batchSize = 1000,
): Promise<number> {
  const at = now.toISOString();
  let purged = 0;
  for (;;) {
    const rows = await selectRows<{ key: string }>(
      db,
      sql`with doomed as (
            select broker_id, operation_id, key from idempotency_keys
            where expires_at <= ${at}::timestamptz
              and (state = 'done' or lease_expires_at is null or lease_expires_at <= ${at}::timestamptz)
            limit ${batchSize}::int
          )
          delete from idempotency_keys k using doomed d
          where k.broker_id = d.broker_id and k.operation_id = d.operation_id and k.key = d.key
          returning k.key`,
    );
    purged += rows.length;
    if (rows.length < batchSize) return purged;
  }
}
