import type { Executor } from "@/db/index";
import { listInstallmentsOfPolicies, listPolicyPage, type PolicyInstallmentRow } from "@/db/queries/policies";
import type { PolicyListQuery, PolicyWire } from "@/lib/schemas/policy";
import { resolvePolicyFilters } from "./filters";
import { loadPolicyLinks } from "./links";
import { policyToWire } from "./to-wire";

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
  const ids = rows.map((row) => row.id);
  const [installments, links] = await Promise.all([
    listInstallmentsOfPolicies(db, ids),
    loadPolicyLinks(db, ids, origin),
  ]);
  const byPolicy = new Map<string, PolicyInstallmentRow[]>();
  for (const installment of installments) {
    byPolicy.set(installment.policyId, [...(byPolicy.get(installment.policyId) ?? []), installment]);
  }
  return {
    totalItems: total,
    itemsPerPage: query.itemsPerPage,
    list: rows.map((row) => policyToWire(row, byPolicy.get(row.id) ?? [], links.get(row.id))),
  };
}
