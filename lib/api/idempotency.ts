import { randomUUID } from "node:crypto";
import { type Database, getDb } from "@/db/index";
import type { ActiveApiKey } from "@/db/queries/api-keys";
import {
  completeIdempotencyKey,
  findIdempotencyRecord,
  type IdempotencyRecord,
  type IdempotencyScope,
  releaseIdempotencyKey,
  renewIdempotencyLease,
  type StoredResponse,
  takeIdempotencyKey,
} from "@/db/queries/idempotency-keys";
import type { Endpoint } from "@/lib/endpoint/definition";
import { errorResponse } from "@/lib/http/responses";
import { log } from "@/lib/log";
import { processSingleton } from "@/lib/process/registry";
import { idempotencyKeyOf, requestFingerprint } from "./idempotency-request";

export const IDEMPOTENT_REPLAYED_HEADER = "Idempotent-Replayed";

/** The headers that belong to the answer itself and are replayed; RateLimit-* and X-Request-Id are per call. */
const REPLAYED_HEADERS = ["content-type", "location"] as const;

/**
 * How long a key is kept, how long a running call holds it without a heartbeat (a killed process
 * frees it this long after its last beat), and how often the heartbeat beats.
 */
export const idempotencyTiming = processSingleton("idempotency-timing", () => ({
  ttlMs: 24 * 3_600_000,
  leaseMs: 10_000,
  heartbeatMs: 3_000,
}));

export type IdempotencyContext = {
  endpoint: Endpoint;
  request: Request;
  caller: ActiveApiKey | undefined;
  /** The request's parsed JSON body (undefined without one): what the key is bound to. */
  body: unknown;
  /** The per-call headers already decided (X-Request-Id, RateLimit-*). */
  headers: Record<string, string>;
};

/**
 * Runs `run` (which answers the call, errors included) at most once per broker, endpoint and
 * Idempotency-Key: the same key and body again answer the first answer again (status, body bytes,
 * Content-Type, Location) with `Idempotent-Replayed: true`; another body answers 422
 * IDEMPOTENCY-KEY-REUSED; a call still running, 409 IDEMPOTENCY-KEY-IN-USE. Without the header, or
 * for anything but a keyed POST, it simply runs. Answers of 5xx are not kept, so a retry does the work.
 */
export async function answerOnce(
  context: IdempotencyContext,
  run: () => Promise<Response>,
): Promise<Response> {
  const { endpoint, caller } = context;
  if (endpoint.method !== "POST" || !caller) return run();
  const key = idempotencyKeyOf(context.request.headers);
  if (key === undefined) return run();
  const scope: IdempotencyScope = { brokerId: caller.brokerId, operationId: endpoint.operationId, key };
  const requestHmac = requestFingerprint(context.body);
  const db = await getDb();
  const leaseToken = randomUUID();
  const timing = { ...idempotencyTiming };
  // One statement takes the key (a first call, the common case, needs no read); a call that could
  // not take it reads what holds it. Released in between (the holder failed): try again.
  const input = { requestHmac, leaseToken, leaseMs: timing.leaseMs, ttlMs: timing.ttlMs };
  for (let attempt = 0; ; attempt++) {
    if (await takeIdempotencyKey(db, scope, input)) break;
    // This process may still be writing the first call's answer: wait for it rather than say 409.
    await keepingAnswers.get(scopeId(scope));
    const record = await findIdempotencyRecord(db, scope);
    if (record && !mayTake(record, requestHmac)) return answerForOthers(record, requestHmac, context.headers);
    if (attempt >= 2) return inUse(context.headers);
  }
  const heartbeat = startHeartbeat(db, scope, leaseToken, timing);
  let response: Response;
  try {
    response = await run();
  } catch (error) {
    await heartbeat.stop();
    await release(db, scope, leaseToken);
    throw error;
  }
  await heartbeat.stop();
  return settle(db, scope, leaseToken, response);
}

/** An expired key is free; a lapsed one is taken over only for the request it was taken for. */
const mayTake = (record: IdempotencyRecord, requestHmac: string) =>
  record.expired || (record.lapsed && record.requestHmac === requestHmac);

function answerForOthers(record: IdempotencyRecord, requestHmac: string, headers: Record<string, string>) {
  if (record.requestHmac !== requestHmac) {
    return errorResponse(422, [{ code: "IDEMPOTENCY-KEY-REUSED" }], headers);
  }
  if (record.state !== "done" || record.responseStatus === null || record.responseBody === null) {
    return inUse(headers);
  }
  return new Response(record.responseBody, {
    status: record.responseStatus,
    headers: {
      "Cache-Control": "no-store",
      ...headers,
      ...record.responseHeaders,
      [IDEMPOTENT_REPLAYED_HEADER]: "true",
    },
  });
}

const inUse = (headers: Record<string, string>) =>
  errorResponse(409, [{ code: "IDEMPOTENCY-KEY-IN-USE" }], { ...headers, "Retry-After": "1" });

/**
 * Final answers are kept: successes and the request's own faults (4xx). A 5xx (our failure, the
 * database or the payment gateway unavailable) gives the key back, so that a retry does the work.
 */
export function isKeptStatus(status: number): boolean {
  return status < 500 && status !== 401 && status !== 403 && status !== 429;
}

/**
 * The answers this process is still writing, by scope. The answer goes to the client without
 * waiting for that write (it would add a database round trip to every keyed call); a replay that
 * reaches this process meanwhile waits for it, one that reaches another instance in those few
 * milliseconds answers 409 with Retry-After.
 */
const keepingAnswers = processSingleton(
  "idempotency-answers-in-flight",
  () => new Map<string, Promise<void>>(),
);
const scopeId = (scope: IdempotencyScope) => `${scope.brokerId}\u0000${scope.operationId}\u0000${scope.key}`;

async function settle(db: Database, scope: IdempotencyScope, leaseToken: string, response: Response) {
  if (!isKeptStatus(response.status)) {
    await release(db, scope, leaseToken);
    return response;
  }
  const body = await response.text();
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  const id = scopeId(scope);
  const keeping = keepAnswer(db, scope, leaseToken, { status: response.status, headers, body }).finally(
    () => {
      if (keepingAnswers.get(id) === keeping) keepingAnswers.delete(id);
    },
  );
  keepingAnswers.set(id, keeping);
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

async function keepAnswer(db: Database, scope: IdempotencyScope, leaseToken: string, answer: StoredResponse) {
  try {
    const kept = await completeIdempotencyKey(db, scope, leaseToken, answer);
    if (!kept) log.warn({ operation: scope.operationId }, "idempotency key lost before its answer was kept");
  } catch (error) {
    // The work is done and answered; the row's lease lapses and a retry would run it again.
    log.error({ err: error, operation: scope.operationId }, "idempotency answer not kept");
  }
}

async function release(db: Database, scope: IdempotencyScope, leaseToken: string) {
  try {
    await releaseIdempotencyKey(db, scope, leaseToken);
  } catch (error) {
    // The lease lapses on its own within seconds.
    log.warn({ err: error, operation: scope.operationId }, "idempotency key not released");
  }
}

/** Renews the lease every `heartbeatMs` while the handler runs; stop() waits for a renewal in flight. */
function startHeartbeat(
  db: Database,
  scope: IdempotencyScope,
  leaseToken: string,
  timing: { leaseMs: number; heartbeatMs: number },
) {
  let inFlight: Promise<void> = Promise.resolve();
  const beat = async () => {
    try {
      if (!(await renewIdempotencyLease(db, scope, leaseToken, timing.leaseMs))) {
        log.warn({ operation: scope.operationId }, "idempotency lease lost while the call was running");
      }
    } catch (error) {
      log.warn({ err: error, operation: scope.operationId }, "idempotency lease not renewed");
    }
  };
  const timer = setInterval(() => {
    inFlight = inFlight.then(beat);
  }, timing.heartbeatMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await inFlight;
    },
  };
}
