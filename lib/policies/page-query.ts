import "server-only";
import type { Executor } from "@/db/index";
import { listModalityLabels } from "@/db/queries/policies";
import { POLICY_STATUSES } from "@/db/schema/policies";
import { POLICY_STATUS_TEXT } from "@/lib/format/labels";
import { type PolicyWire, policyListPageQuerySchema } from "@/lib/schemas/policy";
import { oldestOverdue } from "./overdue";

export type SearchParams = Record<string, string | string[] | undefined>;

/** First value of each key: Next hands repeated keys as arrays, the list reads one value. */
export function firstValues(params: SearchParams): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) values[key] = first;
  }
  return values;
}

/** The list query from the page URL, leniently (a bad value falls back to its default). */
export function parsePolicyPageQuery(params: SearchParams) {
  return policyListPageQuerySchema.parse(firstValues(params));
}

export async function loadPolicyFilterOptions(db: Executor) {
  const labels = await listModalityLabels(db);
  const products = new Map<string, string>();
  for (const label of labels) products.set(label.productCode, label.productText);
  const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label, "pt-BR");
  return {
    statusOptions: POLICY_STATUSES.map((status) => ({ value: status, label: POLICY_STATUS_TEXT[status] })),
    productOptions: [...products].map(([value, label]) => ({ value, label })).sort(byLabel),
    modalityOptions: labels.map((label) => ({ value: label.code, label: label.text })).sort(byLabel),
  };
}

/** A row of the policy table; with `overdueAt` (the overdue list), its oldest overdue installment as of then. */
export function toPolicyTableRow(policy: PolicyWire, overdueAt?: Date) {
  return {
    identifier: policy.identifier,
    policyNumber: policy.policyNumber,
    insuredName: policy.insuredName,
    insuredIdentity: policy.insuredIdentity,
    productText: policy.productText,
    modalityText: policy.modalityText,
    status: policy.status,
    statusText: policy.statusText,
    vigencyStartedAt: policy.vigencyStartedAt,
    vigencyExpiredAt: policy.vigencyExpiredAt,
    createdAt: policy.createdAt,
    overdue: overdueAt ? oldestOverdue(policy, overdueAt) : undefined,
  };
}
