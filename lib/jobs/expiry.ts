import type { Executor } from "@/db/index";
import { expireIssuedPolicies } from "@/db/queries/issuance";
import { log } from "@/lib/log";

/**
 * Turns Issued policies whose vigency ended before `now` into Expired (domain.md §8). Run by the
 * worker hourly and once at start; idempotent, so overlapping runs are harmless.
 */
export async function expirePolicies(db: Executor, now = new Date()): Promise<number> {
  const count = await expireIssuedPolicies(db, now);
  if (count) log.info({ count }, "policies expired");
  return count;
}
