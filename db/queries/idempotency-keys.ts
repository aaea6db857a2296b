import { and, eq, sql } from "drizzle-orm";
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

/**
 * Runs an idempotency write with an asynchronous commit: it does not wait for the WAL flush, which
 * would otherwise cost a disk sync per write, twice per keyed call. The trade: if PostgreSQL itself
 * crashes (not the app), the last fraction of a second of keys (up to 3 × wal_writer_delay) can be
 * lost, and a retry of such a call runs again. An app crash loses nothing. The guarded effect
 * (the claim, the quotation) still commits synchronously in its own transaction.
 */
function withAsyncCommit<T>(db: Executor, write: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    return write(tx);
  });
}

const inScope = (scope: IdempotencyScope) =>
  and(
    eq(idempotencyKeys.brokerId, scope.brokerId),
    eq(idempotencyKeys.operationId, scope.operationId),
    eq(idempotencyKeys.key, scope.key),
  );

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
  const rows = await withAsyncCommit(db, (tx) =>
    selectRows<{ token: string }>(
      tx,
      sql`insert into idempotency_keys as k
          (broker_id, operation_id, key, request_hmac, state, lease_token, lease_expires_at, created_at, expires_at)
        values (${scope.brokerId}::uuid, ${scope.operationId}, ${scope.key}, ${input.requestHmac}, 'running',
          ${input.leaseToken}::uuid, now() + ${input.leaseMs}::int * interval '1 millisecond', now(),
          now() + ${input.ttlMs}::int * interval '1 millisecond')
        on conflict (broker_id, operation_id, key) do update set
          request_hmac = excluded.request_hmac,
          state = 'running',
          lease_token = excluded.lease_token,
          lease_expires_at = excluded.lease_expires_at,
          response_status = null,
          response_headers = null,
          response_body = null,
          created_at = case when k.expires_at <= now() then excluded.created_at else k.created_at end,
          expires_at = case when k.expires_at <= now() then excluded.expires_at else k.expires_at end
        where k.expires_at <= now()
          or (k.state = 'running' and k.lease_expires_at <= now() and k.request_hmac = excluded.request_hmac)
        returning k.lease_token::text as token`,
    ),
  );
  return rows[0]?.token === input.leaseToken;
}

/** The key's row as another call sees it, or undefined when there is none (released meanwhile). */
export async function findIdempotencyRecord(
  db: Executor,
  scope: IdempotencyScope,
): Promise<IdempotencyRecord | undefined> {
  const [row] = await db
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
    .where(inScope(scope))
    .limit(1);
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
  const rows = await withAsyncCommit(db, (tx) =>
    tx
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
      .returning({ key: idempotencyKeys.key }),
  );
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
