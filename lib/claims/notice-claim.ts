import type { Database } from "@/db/index";
import { countClaimOnIssuedPolicy, insertClaim } from "@/db/queries/claims";
import type { PolicyRow } from "@/db/queries/policies";
import { type AuditContext, PLATFORM_AUDIT } from "@/lib/audit/context";
import { recordAudit } from "@/lib/audit/record";
import { businessDay, startOfBusinessDay } from "@/lib/dates";
import { ApiError } from "@/lib/http/errors";
import { findPolicyOrThrow } from "@/lib/policies/find-policy";
import type { DateInput } from "@/lib/schemas/primitives";

export type ClaimNoticeInput = {
  policyNumber: string;
  occurredAt: DateInput;
  description: string;
  claimantName: string;
  estimatedValue?: number | null;
};

export type ClaimNotice = { protocol: string; status: "Open"; createdAt: string };

/**
 * The instant of a loss: a bare day is that day's start in São Paulo. It must fall within the
 * policy's vigency [start, end) and not after now (for a day: not after today in São Paulo).
 */
export function checkOccurrence(
  policy: Pick<PolicyRow, "vigencyStartedAt" | "vigencyExpiredAt">,
  occurred: DateInput,
  now: Date,
): Date {
  const instant = occurred.kind === "day" ? startOfBusinessDay(occurred.day) : occurred.instant;
  const future = occurred.kind === "day" ? occurred.day > businessDay(now) : instant > now;
  if (future) {
    throw new ApiError("OCCURRENCE-OUTSIDE-VIGENCY", {
      message: "The occurrence date is in the future.",
      properties: ["occurredAt"],
    });
  }
  if (instant < policy.vigencyStartedAt || instant >= policy.vigencyExpiredAt) {
    throw new ApiError("OCCURRENCE-OUTSIDE-VIGENCY", { properties: ["occurredAt"] });
  }
  return instant;
}

/**
 * Records a claim on one of the broker's Issued policies and counts it in `totalClaims`, in one
 * transaction. Throws ApiError: POLICY-NOT-FOUND (unknown or another broker's),
 * POLICY-NOT-ACTIVE (not Issued), OCCURRENCE-OUTSIDE-VIGENCY (outside the vigency or in the future).
 * Recorded in the audit trail (`claim.noticed`) as `audit`'s actor, the platform's when none is named.
 */
export async function noticeClaim(
  db: Database,
  brokerId: string,
  input: ClaimNoticeInput,
  now: Date = new Date(),
  audit: AuditContext = PLATFORM_AUDIT,
): Promise<ClaimNotice> {
  return db.transaction(async (tx) => {
    const policy = await findPolicyOrThrow(tx, brokerId, input.policyNumber);
    if (policy.status !== "Issued") throw new ApiError("POLICY-NOT-ACTIVE", { properties: ["policyNumber"] });
    const occurredAt = checkOccurrence(policy, input.occurredAt, now);
    // The status is checked again under the row lock: a cancellation committed meanwhile wins.
    const counted = await countClaimOnIssuedPolicy(tx, brokerId, policy.id);
    if (!counted) throw new ApiError("POLICY-NOT-ACTIVE", { properties: ["policyNumber"] });
    const claim = await insertClaim(tx, {
      brokerId,
      policyId: policy.id,
      occurredAt,
      description: input.description,
      claimantName: input.claimantName,
      estimatedCents: input.estimatedValue ?? null,
    });
    await recordAudit(tx, {
      brokerId,
      ...audit,
      action: "claim.noticed",
      object: { type: "claim", id: claim.protocol },
      details: { policyNumber: policy.policyNumber, occurredAt: occurredAt.toISOString() },
      occurredAt: now,
    });
    return { protocol: claim.protocol, status: "Open", createdAt: claim.createdAt.toISOString() };
  });
}
