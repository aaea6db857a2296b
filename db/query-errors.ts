import { PgPreparedQuery } from "drizzle-orm/pg-core";
import { log } from "@/lib/log";
import { isDatabaseUnavailable, sanitizeDatabaseError } from "./errors";
import { noteDatabaseReachable, noteDatabaseUnavailable, outageState } from "./outage";

type QueryWithCache = (
  statement: string,
  params: unknown[],
  query: () => Promise<unknown>,
) => Promise<unknown>;
const INSTALLED = Symbol.for("broker-portal.sanitized-query-errors");

/**
 * Makes every failed Drizzle query throw sanitizeDatabaseError's copy instead of DrizzleQueryError
 * (whose message lists the parameters: CPF, e-mail, phone, address). Drizzle has no error hook, so
 * this wraps the one method every query of both drivers runs through, PgPreparedQuery's
 * queryWithCache; db/query-errors.test.ts fails if an upgrade moves it. The failure is logged here,
 * through the masking logger; an unreachable database is recorded for the portal's 503 answer.
 */
export function installQueryErrorSanitizer(): void {
  const prototype = PgPreparedQuery.prototype as unknown as {
    queryWithCache: QueryWithCache;
    [INSTALLED]?: true;
  };
  if (prototype[INSTALLED]) return;
  const original = prototype.queryWithCache;
  if (typeof original !== "function")
    throw new Error("drizzle-orm: PgPreparedQuery.queryWithCache not found");
  prototype.queryWithCache = async function (this: unknown, statement, params, query) {
    try {
      const result = await original.call(this, statement, params, query);
      // Any query that succeeds ends an outage at once (the portal's probe runs only every second).
      if (!outageState().reachable) noteDatabaseReachable();
      return result;
    } catch (error) {
      const sanitized = sanitizeDatabaseError(error, statement);
      if (isDatabaseUnavailable(sanitized)) noteDatabaseUnavailable();
      else log.warn({ err: sanitized }, "database query failed");
      throw sanitized;
    }
  };
  prototype[INSTALLED] = true;
}
