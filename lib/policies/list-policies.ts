import type { Executor } from "@/db/index";
import { listPolicyPage } from "@/db/queries/policies";
import type { PolicyListQuery, PolicyWire } from "@/lib/schemas/policy";
import { resolvePolicyFilters } from "./filters";
import { policyDetailsToWire } from "./to-wire";

export type PolicyList = { totalItems: number; itemsPerPage: number; list: PolicyWire[] };

/**
 * One page of the broker's policies, filtered and sorted as the query says, with installments
 * and signed document links. `origin` is where document links point (omit to leave them out).
 */
export async function listPolicies(
  db: Executor,
  brokerId: string,
  query: PolicyListQuery,
  origin?: string,
): Promise<PolicyList> {
  const filters = await resolvePolicyFilters(db, query);
  const { rows, total } = await listPolicyPage(db, brokerId, {
    filters,
    sort: query.sort,
    limit: query.itemsPerPage,
    offset: (query.page - 1) * query.itemsPerPage,
  });
  return {
    totalItems: total,
    itemsPerPage: query.itemsPerPage,
    list: rows.map((details) => policyDetailsToWire(details, origin)),
  };
}
