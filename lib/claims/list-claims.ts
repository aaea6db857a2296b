import type { Database } from "@/db/index";
import { type ClaimReadRow, listClaimPage } from "@/db/queries/claims";
import { CLAIM_STATUS_TEXT } from "@/lib/format/labels";
import { centsToReais } from "@/lib/money";
import { findPolicyOrThrow } from "@/lib/policies/find-policy";
import type { ClaimListQuery, ClaimWire } from "@/lib/schemas/claim";

export type ClaimList = { totalItems: number; itemsPerPage: number; list: ClaimWire[] };

export function claimToWire(row: ClaimReadRow, policyNumber: string): ClaimWire {
  return {
    protocol: row.protocol,
    status: row.status,
    statusText: CLAIM_STATUS_TEXT[row.status],
    policyNumber,
    occurredAt: row.occurredAt.toISOString(),
    description: row.description,
    claimantName: row.claimantName,
    estimatedValue: row.estimatedCents === null ? null : centsToReais(row.estimatedCents),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * One page of the claims of one of the broker's policies (any status), newest first. Throws
 * POLICY-NOT-FOUND for an unknown policy or another broker's.
 */
export async function listClaims(
  db: Database,
  brokerId: string,
  policyNumber: string,
  query: ClaimListQuery,
): Promise<ClaimList> {
  const policy = await findPolicyOrThrow(db, brokerId, policyNumber);
  const { rows, total } = await listClaimPage(db, policy.id, {
    limit: query.itemsPerPage,
    offset: (query.page - 1) * query.itemsPerPage,
  });
  return {
    totalItems: total,
    itemsPerPage: query.itemsPerPage,
    list: rows.map((row) => claimToWire(row, policy.policyNumber)),
  };
}
