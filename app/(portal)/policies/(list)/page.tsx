import type { Metadata } from "next";
import { PoliciesTable } from "@/components/policies/policies-table";
import { getDb } from "@/db/index";
import { requireUser } from "@/lib/auth/session";
import { listPolicies } from "@/lib/policies/list-policies";
import { DEFAULT_POLICY_SORT, formatPolicySort } from "@/lib/policies/sort";
import {
  loadPolicyFilterOptions,
  parsePolicyPageQuery,
  type SearchParams,
  toPolicyTableRow,
} from "@/lib/portal/policies";

export const metadata: Metadata = { title: "Apólices" };

/** The broker's policies through the same service as GET /api/v1/policy/{registerNumber}/all. */
export default async function PoliciesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requireUser();
  const query = parsePolicyPageQuery(await searchParams);
  const db = await getDb();
  const [result, options] = await Promise.all([
    listPolicies(db, user.brokerId, query),
    loadPolicyFilterOptions(db),
  ]);
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Apólices</h1>
          <p>Apólices emitidas pela corretora. Filtros e ordenação ficam no endereço da página.</p>
        </div>
      </div>
      <PoliciesTable
        rows={result.list.map(toPolicyTableRow)}
        totalItems={result.totalItems}
        defaultSort={formatPolicySort(DEFAULT_POLICY_SORT)}
        {...options}
      />
    </>
  );
}
