import type PgBoss from "pg-boss";

/** pg-boss's schema (its default; we never configure another). */
const BOSS_SCHEMA = "pgboss";

export type HeldJob = { id: string; retryCount: number };

/** pg-boss's `db` answers undefined once it has closed its own pool (it then runs nothing). */
function idsOf(result: unknown): string[] | undefined {
  return (result as { rows?: { id: string }[] } | undefined)?.rows?.map((row) => row.id);
}

/**
 * Renews the lease of attempts this worker is still running: `started_on` becomes now (pg-boss 10
 * has no heartbeat column; for a leased queue `started_on` is the lease's last renewal). Scoped by
 * retry count, so a worker that froze past its lease and woke up never renews the attempt another
 * worker has started since. Answers the ids renewed, or undefined once pg-boss's pool is closed.
 */
export async function renewJobLeases(
  db: PgBoss.Db,
  queue: string,
  jobs: HeldJob[],
): Promise<string[] | undefined> {
  if (jobs.length === 0) return [];
  const result = await db.executeSql(
    `UPDATE ${BOSS_SCHEMA}.job AS j SET started_on = now()
     FROM unnest($2::uuid[], $3::int[]) AS held(id, retry_count)
     WHERE j.name = $1 AND j.id = held.id AND j.retry_count = held.retry_count AND j.state = 'active'
     RETURNING j.id::text AS id`,
    [queue, jobs.map((job) => job.id), jobs.map((job) => job.retryCount)],
  );
  return idsOf(result);
}

/**
 * Marks the active jobs whose lease lapsed (not renewed for `leaseSeconds`) as past their expiry, so
 * that pg-boss's own expiry (`boss.expire()`, under its advisory lock) fails them into retries with
 * its backoff and dead-letter rules. A renewal landing in between simply takes the job back.
 */
export async function markLapsedLeasesExpired(
  db: PgBoss.Db,
  queue: string,
  leaseSeconds: number,
): Promise<string[]> {
  const result = await db.executeSql(
    `UPDATE ${BOSS_SCHEMA}.job SET started_on = now() - expire_in - interval '1 second'
     WHERE name = $1 AND state = 'active' AND started_on < now() - $2::int * interval '1 second'
     RETURNING id::text AS id`,
    [queue, leaseSeconds],
  );
  return idsOf(result) ?? [];
}
