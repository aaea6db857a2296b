import type { Metadata } from "next";
import Link from "next/link";
import { PoliciesTable } from "@/components/policies/policies-table";
import { getDb } from "@/db/index";
import { DEFAULT_POLICY_SORT, formatPolicySort } from "@/db/queries/policy-sort";
import { requireUser } from "@/lib/auth/session";
import { DUE_SOON_DAYS } from "@/lib/policies/filters";
import { listPolicies } from "@/lib/policies/list-policies";
import {
  loadPolicyFilterOptions,
  parsePolicyPageQuery,
  type SearchParams,
  toPolicyTableRow,
} from "@/lib/policies/page-query";

export const metadata: Metadata = { title: "Apólices" };

/** What the home's links filter on (extensions of the list), said in words above the table. */
function extensionFilterText(query: ReturnType<typeof parsePolicyPageQuery>): string | undefined {
  const parts: string[] = [];
  if (query.installment === "overdue")
    parts.push("com parcela vencida a cobrar (apólice emitida, nem expirada nem cancelada)");
  if (query.installment === "due-soon") parts.push(`com parcela a vencer nos próximos ${DUE_SOON_DAYS} dias`);
  if (query.endingWithinDays) parts.push(`com vigência terminando em até ${query.endingWithinDays} dias`);
  if (query.renewal === "none") parts.push("sem renovação iniciada");
  return parts.length ? `Mostrando apólices ${parts.join(", ")}.` : undefined;
}

/** The broker's policies through the same service as GET /api/v1/policy/{registerNumber}/all. */
export default async function PoliciesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requireUser();
  const query = parsePolicyPageQuery(await searchParams);
  const extension = extensionFilterText(query);
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
      {extension ? (
        <p className="alert alert-info" data-testid="extension-filter">
          {extension} <Link href="/policies">Limpar estes filtros</Link>
        </p>
      ) : null}
      <PoliciesTable
        rows={result.list.map((policy) =>
          toPolicyTableRow(policy, query.installment === "overdue" ? new Date() : undefined),
        )}
        totalItems={result.totalItems}
        defaultSort={formatPolicySort(DEFAULT_POLICY_SORT)}
        {...options}
      />
    </>
  );
}
