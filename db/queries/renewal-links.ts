import { and, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../index";
import { LIVE_RENEWAL_STATUSES, policies, quotations } from "../schema";

const previousPolicies = alias(policies, "previous_policies");

/** The policy a broker's renewal quotation renews (undefined for any other quotation). */
export async function findPolicyRenewedByQuotation(db: Executor, brokerId: string, quotationId: string) {
  const [row] = await db
    .select({
      policyNumber: previousPolicies.policyNumber,
      totalCents: previousPolicies.totalCents,
      policyLimitCents: previousPolicies.policyLimitCents,
      vigencyExpiredAt: previousPolicies.vigencyExpiredAt,
    })
    .from(quotations)
    .innerJoin(previousPolicies, eq(previousPolicies.id, quotations.previousPolicyId))
    .where(and(eq(quotations.id, quotationId), eq(quotations.brokerId, brokerId)))
    .limit(1);
  return row;
}

/** The policy that a policy renewed, through its quotation (undefined when it was no renewal). */
export async function findPolicyRenewedByPolicy(db: Executor, policyId: string) {
  const [row] = await db
    .select({ policyNumber: previousPolicies.policyNumber })
    .from(policies)
    .innerJoin(quotations, eq(quotations.id, policies.quotationId))
    .innerJoin(previousPolicies, eq(previousPolicies.id, quotations.previousPolicyId))
    .where(eq(policies.id, policyId))
    .limit(1);
  return row;
}

/** A policy's live renewal quotation (Draft, Confirmed or Finished) and the policy it issued, if any. */
export async function findRenewalOfPolicy(db: Executor, policyId: string) {
  const [row] = await db
    .select({ id: quotations.id, status: quotations.status, policyNumber: policies.policyNumber })
    .from(quotations)
    .leftJoin(policies, eq(policies.quotationId, quotations.id))
    .where(
      and(eq(quotations.previousPolicyId, policyId), inArray(quotations.status, [...LIVE_RENEWAL_STATUSES])),
    )
    .limit(1);
  return row;
}
