import type { Executor } from "@/db/index";
import { listModalityLabels, type PolicyFilterValues } from "@/db/queries/policies";
import { addDays, businessDay, startOfBusinessDay } from "@/lib/dates";
import { identityPrefix, normalizeName } from "@/lib/identity";
import { processSingleton } from "@/lib/process/registry";
import type { PolicyListQuery } from "@/lib/schemas/policy";

type ModalityLabel = Awaited<ReturnType<typeof listModalityLabels>>[number];

const LABELS_TTL_MS = 60_000;
const labelCache = processSingleton(
  "modality-label-cache",
  () => new WeakMap<object, { labels: ModalityLabel[]; expires: number }>(),
);

async function modalityLabels(db: Executor): Promise<ModalityLabel[]> {
  const cached = labelCache.get(db);
  if (cached && cached.expires > Date.now()) return cached.labels;
  const labels = await listModalityLabels(db);
  labelCache.set(db, { labels, expires: Date.now() + LABELS_TTL_MS });
  return labels;
}

/** Days ahead (today included) an installment is "due soon", as on the home. */
export const DUE_SOON_DAYS = 7;

/**
 * The instants an installment is "due soon" between: from the start of today (an installment due
 * today is Pending all day: the overdue job marks only earlier days) to the start of the São Paulo
 * day DUE_SOON_DAYS ahead.
 */
export function dueSoonWindow(now: Date): { from: Date; to: Date } {
  const today = businessDay(now);
  return { from: startOfBusinessDay(today), to: startOfBusinessDay(addDays(today, DUE_SOON_DAYS)) };
}

/** The last instant of the São Paulo day `days` after today. */
export function endOfBusinessDayAhead(now: Date, days: number): Date {
  return new Date(startOfBusinessDay(addDays(businessDay(now), days + 1)).getTime() - 1);
}

/** A code (exact, case-insensitive) or a label (accent-insensitive substring) -> the matching codes. */
function matchCodes(value: string, entries: { code: string; text: string }[]): string[] {
  const upper = value.trim().toUpperCase();
  const exact = entries.filter((entry) => entry.code === upper);
  if (exact.length) return [upper];
  const needle = normalizeName(value);
  return [
    ...new Set(entries.filter((entry) => normalizeName(entry.text).includes(needle)).map((e) => e.code)),
  ];
}

/**
 * A list's `search` as column values: the normalised name as a substring and, when the text could
 * begin a CPF/CNPJ, the identity's prefix (punctuation ignored): a digit in "Clínica 24 Horas"
 * keeps it a name. Shared by the policy and quotation lists.
 */
export function resolveSearch(search: string): { name: string; identityPrefix?: string } {
  return { name: normalizeName(search), identityPrefix: identityPrefix(search) };
}

/**
 * The policy number a search text could be, punctuation and spaces ignored: 13 digits are the
 * policyNumber, 24 the full number (each matched exactly).
 */
export function searchedPolicyNumber(search: string): { policyNumber?: string; number?: string } {
  if (!/^[\d.\-/\s]+$/.test(search)) return {};
  const digits = search.replace(/\D/g, "");
  if (digits.length === 13) return { policyNumber: digits };
  if (digits.length === 24) return { number: digits };
  return {};
}

/** The modality codes a `modality` filter names: a code (exact) or a text (accent-insensitive substring). */
export async function resolveModalityCodes(db: Executor, value: string): Promise<string[]> {
  const labels = await modalityLabels(db);
  return matchCodes(
    value,
    labels.map((label) => ({ code: label.code, text: label.text })),
  );
}

/** The modality codes of the products a `product` filter names (a code, or a text substring). */
export async function resolveProductModalityCodes(db: Executor, value: string): Promise<string[]> {
  const labels = await modalityLabels(db);
  const products = new Set(
    matchCodes(
      value,
      labels.map((label) => ({ code: label.productCode, text: label.productText })),
    ),
  );
  return labels.filter((label) => products.has(label.productCode)).map((label) => label.code);
}

/**
 * Turns the list's query into column filters. `search` matches the insured name
 * (accent- and case-insensitive substring) or, when the text could begin a CPF/CNPJ, the identity's
 * prefix (punctuation ignored): a digit in "Clínica 24 Horas" keeps it a name; or the policy
 * number (13 or 24 digits, punctuation ignored).
 */
export async function resolvePolicyFilters(
  db: Executor,
  query: PolicyListQuery,
): Promise<PolicyFilterValues> {
  const filters: PolicyFilterValues = { status: query.status };
  if (query.search) {
    filters.search = { ...resolveSearch(query.search), ...searchedPolicyNumber(query.search) };
  }
  if (query.modality || query.product) {
    const labels = await modalityLabels(db);
    if (query.modality) {
      filters.modalityCodes = matchCodes(
        query.modality,
        labels.map((label) => ({ code: label.code, text: label.text })),
      );
    }
    if (query.product) {
      filters.productCodes = matchCodes(
        query.product,
        labels.map((label) => ({ code: label.productCode, text: label.productText })),
      );
    }
  }
  if (query.startDate) filters.vigencyStartFrom = query.startDate.instant;
  if (query.endDate) filters.vigencyEnd = query.endDate;
  if (query.quotationIdentifier) filters.quotationId = query.quotationIdentifier;
  if (query.updatedFrom) filters.updatedFrom = query.updatedFrom.instant;
  const now = new Date();
  if (query.endingWithinDays) {
    filters.vigencyEndBetween = { from: now, to: endOfBusinessDayAhead(now, query.endingWithinDays) };
  }
  if (query.renewal === "none") filters.withoutRenewal = true;
  if (query.installment === "overdue") filters.installment = { kind: "overdue" };
  if (query.installment === "due-soon") {
    filters.installment = { kind: "due-soon", ...dueSoonWindow(now) };
  }
  return filters;
}
