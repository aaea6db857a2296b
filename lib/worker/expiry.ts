import type { Executor } from "@/db/index";
import { expireIssuedPolicies } from "@/db/queries/issuance";
import { recordEvent } from "@/lib/events/record-event";
import { log } from "@/lib/log";

/**
 * Turns Issued policies whose vigency ended before `now` into Expired, with one
 * `policy.expired` event per policy in the same transaction. Run by the worker
 * hourly and once at start; idempotent, so overlapping runs are harmless.
 * `only` narrows the run to one policy, as of `endedBefore` (the sandbox's clock for that policy).
 */
export async function expirePolicies(
  db: Executor,
  now = new Date(),
  only?: { policyId: string; endedBefore: Date },
): Promise<number> {
  const expired = await db.transaction(async (tx) => {
    const rows = await expireIssuedPolicies(tx, only?.endedBefore ?? now, only?.policyId);
    for (const policy of rows) {
      await recordEvent(tx, {
        type: "policy.expired",
        brokerId: policy.brokerId,
        quotationId: policy.quotationId,
        occurredAt: now,
        data: {
          registerNumber: policy.registerNumber,
          quotationIdentifier: policy.quotationId,
          policyIdentifier: policy.id,
          number: policy.number,
          policyNumber: policy.policyNumber,
          status: "Expired",
        },
      });
    }
    return rows.length;
  });
  if (expired) log.info({ count: expired }, "policies expired");
  return expired;
}
