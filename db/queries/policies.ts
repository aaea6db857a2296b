import { and, asc, count, desc, eq, gte, inArray, like, lt, lte, not, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { processSingleton } from "@/lib/process/registry";
import type { Executor } from "../index";
import { modalities, type PolicyStatus, pixCharges, policies, policyInstallments } from "../schema";
import { collectableOverdue } from "./collectable-overdue";
import { policyDocumentIds } from "./documents";
import { type EndorsementHistoryItem, policyHistory, type RefundHistoryItem } from "./endorsements";
import type { PolicySortField, PolicySortTerm } from "./policy-sort";
import { notPrivacyBlocked, privacyBlocked } from "./privacy";
import { hasLiveRenewal } from "./quotations/fragments";

export type PolicyRow = typeof policies.$inferSelect;
export type PolicyInstallmentRow = typeof policyInstallments.$inferSelect;

/** What the list may filter on, already resolved to column values (lib/policies/filters.ts). */
export type PolicyFilterValues = {
  /**
   * The normalised name as a substring, or (when given) the identity's prefix, or (when given)
   * exactly the 13-digit policyNumber or the 24-digit number.
   */
  search?: { name: string; identityPrefix?: string; policyNumber?: string; number?: string };
  modalityCodes?: string[];
  productCodes?: string[];
  vigencyStartFrom?: Date;
  vigencyEnd?: { instant: Date; inclusive: boolean };
  status?: PolicyStatus;
  /** The quotation the policy was issued from. */
  quotationId?: string;
  /** Vigency ending between the two instants (the "ending within N days" extension). */
  vigencyEndBetween?: { from: Date; to: Date };
  /** Only policies without a live (Draft, Confirmed or Finished) renewal quotation. */
  withoutRenewal?: boolean;
  /** Only policies with a collectable overdue installment, or a Pending one due in [from, to). */
  installment?: { kind: "overdue" } | { kind: "due-soon"; from: Date; to: Date };
  /** Only policies changed at or after this instant (updated_at, stamped by triggers). */
  updatedFrom?: Date;
};

const SORT_COLUMNS: Record<PolicySortField, PgColumn> = {
  producttext: policies.productText,
  modalitytext: policies.modalityText,
  createdat: policies.createdAt,
  status: policies.status,
  insuredname: policies.insuredNameNormalized,
  insuredidentity: policies.insuredIdentity,
  vigencyexpiredat: policies.vigencyExpiredAt,
  updatedat: policies.updatedAt,
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const nameContains = (name: string) => like(policies.insuredNameNormalized, `%${escapeLike(name)}%`);
const identityStartsWith = (prefix: string) => like(policies.insuredIdentity, `${escapeLike(prefix)}%`);

/** What a search may match, name first; each one served by its own index (numbers: unique keys). */
function searchAlternatives(search: NonNullable<PolicyFilterValues["search"]>): SQL[] {
  return [
    nameContains(search.name),
    ...(search.identityPrefix ? [identityStartsWith(search.identityPrefix)] : []),
    ...(search.policyNumber ? [eq(policies.policyNumber, search.policyNumber)] : []),
    ...(search.number ? [eq(policies.number, search.number)] : []),
  ];
}

function searchCondition(search: NonNullable<PolicyFilterValues["search"]>): SQL | undefined {
  return or(...searchAlternatives(search));
}

/** Every filter but `search`; a blocked person's policies (docs/privacy.md) never match. */
function filterConditions(brokerId: string, filters: PolicyFilterValues): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [
    eq(policies.brokerId, brokerId),
    notPrivacyBlocked(policies.brokerId, policies.insuredIdentity),
  ];
  if (filters.modalityCodes) conditions.push(inArray(policies.modalityCode, filters.modalityCodes));
  if (filters.productCodes) conditions.push(inArray(policies.productCode, filters.productCodes));
  if (filters.vigencyStartFrom) conditions.push(gte(policies.vigencyStartedAt, filters.vigencyStartFrom));
  if (filters.vigencyEnd) {
    const { instant, inclusive } = filters.vigencyEnd;
    conditions.push(
      inclusive ? lte(policies.vigencyExpiredAt, instant) : lt(policies.vigencyExpiredAt, instant),
    );
  }
  if (filters.status) conditions.push(eq(policies.status, filters.status));
  if (filters.quotationId) conditions.push(eq(policies.quotationId, filters.quotationId));
  if (filters.vigencyEndBetween) {
    const { from, to } = filters.vigencyEndBetween;
    conditions.push(gte(policies.vigencyExpiredAt, from), lte(policies.vigencyExpiredAt, to));
  }
  if (filters.withoutRenewal) {
    conditions.push(not(hasLiveRenewal(policies.id)));
  }
  if (filters.installment) conditions.push(installmentCondition(filters.installment));
  if (filters.updatedFrom) conditions.push(gte(policies.updatedAt, filters.updatedFrom));
  return conditions;
}

function installmentCondition(filter: NonNullable<PolicyFilterValues["installment"]>): SQL {
  const due =
    filter.kind === "overdue"
      ? collectableOverdue
      : sql`${policyInstallments.status} = 'Pending' and ${policyInstallments.dueDate} >= ${filter.from.toISOString()}::timestamptz
          and ${policyInstallments.dueDate} < ${filter.to.toISOString()}::timestamptz`;
  return sql`exists (select 1 from ${policyInstallments} where ${policyInstallments.policyId} = ${policies.id} and ${due})`;
}

function policyConditions(brokerId: string, filters: PolicyFilterValues): SQL | undefined {
  return and(...filterConditions(brokerId, filters), filters.search && searchCondition(filters.search));
}

/**
 * The filtered rows as disjoint sets whose counts add up to the total. A name-or-identity search
 * is two sets, the name matches and the identity matches whose name does not match (a policy
 * number, a third: the exact number matching neither of the others): each is served
 * by its own index (an index-only scan of the broker's names, a range of the identity index), where
 * one count of the OR visits every heap page the global trigram index points at (0.1-0.9 s for a
 * broker with 100,000 policies).
 */
function countedSets(brokerId: string, filters: PolicyFilterValues): (SQL | undefined)[] {
  const alternatives = filters.search ? searchAlternatives(filters.search) : [];
  if (alternatives.length < 2) return [policyConditions(brokerId, filters)];
  const base = filterConditions(brokerId, filters);
  return alternatives.map((alternative, i) =>
    and(...base, alternative, ...alternatives.slice(0, i).map((earlier) => not(earlier))),
  );
}

/** The filtered total as a column: uncorrelated subqueries, evaluated once per statement. */
function totalColumn(db: Executor, brokerId: string, filters: PolicyFilterValues): SQL<number> {
  const counts = countedSets(brokerId, filters).map(
    (where) => sql`(${db.select({ total: count() }).from(policies).where(where)})`,
  );
  return sql<number>`${sql.join(counts, sql` + `)}`.mapWith(Number);
}

async function countPolicies(db: Executor, brokerId: string, filters: PolicyFilterValues): Promise<number> {
  let total = 0;
  for (const where of countedSets(brokerId, filters)) total += await db.$count(policies, where);
  return total;
}

/** ORDER BY of the sort terms, then the identifier in the last term's direction, so pages never overlap. */
function policyOrder(sort: PolicySortTerm[]): SQL[] {
  const order = sort.map((term) => (term.descending ? desc : asc)(SORT_COLUMNS[term.field]));
  const last = sort[sort.length - 1];
  order.push((last?.descending ? desc : asc)(policies.id));
  return order;
}

// What the reads answer with (lib/policies/to-wire.ts), and nothing more: every column selected
// is also sent, parsed and mapped on each call.
export const policyReadColumns = {
  id: policies.id,
  number: policies.number,
  policyNumber: policies.policyNumber,
  status: policies.status,
  insuredName: policies.insuredName,
  insuredIdentity: policies.insuredIdentity,
  modalityCode: policies.modalityCode,
  modalityText: policies.modalityText,
  productCode: policies.productCode,
  productText: policies.productText,
  vigencyStartedAt: policies.vigencyStartedAt,
  vigencyExpiredAt: policies.vigencyExpiredAt,
  createdAt: policies.createdAt,
  updatedAt: policies.updatedAt,
  quotationId: policies.quotationId,
  version: policies.version,
  totalClaims: policies.totalClaims,
  paymentMethod: policies.paymentMethod,
};
export const installmentReadColumns = {
  installmentNumber: policyInstallments.installmentNumber,
  dueDate: policyInstallments.dueDate,
  extraCents: policyInstallments.extraCents,
  iofCents: policyInstallments.iofCents,
  tariffPremiumCents: policyInstallments.tariffPremiumCents,
  premiumTotalCents: policyInstallments.premiumTotalCents,
  interestCents: policyInstallments.interestCents,
  status: policyInstallments.status,
  paidAt: policyInstallments.paidAt,
  createdAt: policyInstallments.createdAt,
};

export type PolicyReadRow = Pick<PolicyRow, keyof typeof policyReadColumns>;
/** The installment's Active Pix charge (PIX installments and boletos since the "boleto híbrido"). */
export type InstallmentPix = { txid: string; copyPaste: string; expiresAt: Date };
export type InstallmentReadRow = Pick<PolicyInstallmentRow, keyof typeof installmentReadColumns> & {
  pix: InstallmentPix | null;
};

const installmentPixColumns = {
  txid: pixCharges.txid,
  copyPaste: pixCharges.copyPaste,
  expiresAt: pixCharges.expiresAt,
};
/** Joined after `policyInstallments`: at most one Active charge per installment (pix_charges_one_active_key). */
const activePixCharge = and(
  eq(pixCharges.installmentId, policyInstallments.id),
  eq(pixCharges.status, "Active"),
);

/** A policy as the reads answer it: its columns, its installments in order, its policy-level documents. */
export type PolicyDetails = {
  policy: PolicyReadRow;
  installments: InstallmentReadRow[];
  /** The latest policy PDF and all-installments boleto document (none before issuance, no boleto for a card). */
  documentIds: { policyPdf: string | null; ticket: string | null; pix: string | null };
  /** The issued endorsements and the refunds, oldest first. */
  history: { endorsements: EndorsementHistoryItem[]; refunds: RefundHistoryItem[] };
  /** Set by the lookup by number: the insured asked for deletion and the policy is kept blocked. */
  blocked?: boolean;
};

/**
 * The columns of one policy, its document ids (the lateral `policyDocumentIds` joined after
 * `policies`) and one of its installments: the rows repeat per installment.
 */
function detailColumns(
  documentIds: ReturnType<typeof policyDocumentIds>,
  history: ReturnType<typeof policyHistory>,
) {
  return {
    policy: policyReadColumns,
    installment: installmentReadColumns,
    pix: installmentPixColumns,
    policyPdfId: documentIds.policyPdfId,
    ticketId: documentIds.ticketId,
    pixId: documentIds.pixId,
    endorsements: history.endorsements,
    refunds: history.refunds,
  };
}

type DetailRow = {
  blocked?: boolean;
  policy: PolicyReadRow;
  installment: Omit<InstallmentReadRow, "pix"> | null;
  pix: InstallmentPix | null;
  policyPdfId: string | null;
  ticketId: string | null;
  pixId: string | null;
  endorsements: EndorsementHistoryItem[];
  refunds: RefundHistoryItem[];
};

/** Folds policy x installment rows into one entry per policy, in the order the rows came. */
function groupDetails(rows: DetailRow[]): PolicyDetails[] {
  const byId = new Map<string, PolicyDetails>();
  for (const row of rows) {
    let entry = byId.get(row.policy.id);
    if (!entry) {
      entry = {
        policy: row.policy,
        installments: [],
        documentIds: { policyPdf: row.policyPdfId, ticket: row.ticketId, pix: row.pixId },
        history: { endorsements: row.endorsements ?? [], refunds: row.refunds ?? [] },
        ...(row.blocked === undefined ? {} : { blocked: row.blocked }),
      };
      byId.set(row.policy.id, entry);
    }
    if (row.installment) entry.installments.push({ ...row.installment, pix: row.pix });
  }
  return [...byId.values()];
}

/**
 * One page of a broker's policies with their installments and documents, and the filtered total,
 * in one statement (one snapshot). Only a page past the end (no rows to carry the total) costs a
 * second statement for the count.
 */
export async function listPolicyPage(
  db: Executor,
  brokerId: string,
  options: { filters: PolicyFilterValues; sort: PolicySortTerm[]; limit: number; offset: number },
): Promise<{ rows: PolicyDetails[]; total: number }> {
  const order = policyOrder(options.sort);
  // Deferred join: OFFSET walks an index-only scan of ids; only the page's rows are read in full.
  const page = db
    .select({ id: policies.id })
    .from(policies)
    .where(policyConditions(brokerId, options.filters))
    .orderBy(...order)
    .limit(options.limit)
    .offset(options.offset)
    .as("page");
  const documentIds = policyDocumentIds(db, policies.id);
  const history = policyHistory(db);
  const rows = await db
    .select({ ...detailColumns(documentIds, history), total: totalColumn(db, brokerId, options.filters) })
    .from(policies)
    .innerJoin(page, eq(page.id, policies.id))
    .crossJoinLateral(documentIds)
    .crossJoinLateral(history)
    .leftJoin(policyInstallments, eq(policyInstallments.policyId, policies.id))
    .leftJoin(pixCharges, activePixCharge)
    .orderBy(...order, asc(policyInstallments.installmentNumber));
  const total = rows[0]?.total ?? (await countPolicies(db, brokerId, options.filters));
  return { rows: groupDetails(rows), total };
}

type LookupColumn = "policyNumber" | "number";

function prepareLookup(db: Executor, column: LookupColumn) {
  const documentIds = policyDocumentIds(db, policies.id);
  const history = policyHistory(db);
  return db
    .select({
      ...detailColumns(documentIds, history),
      blocked: sql<boolean>`${privacyBlocked(policies.brokerId, policies.insuredIdentity)}`,
    })
    .from(policies)
    .crossJoinLateral(documentIds)
    .crossJoinLateral(history)
    .leftJoin(policyInstallments, eq(policyInstallments.policyId, policies.id))
    .leftJoin(pixCharges, activePixCharge)
    .where(
      and(eq(policies[column], sql.placeholder("number")), eq(policies.brokerId, sql.placeholder("broker"))),
    )
    .orderBy(asc(policyInstallments.installmentNumber))
    .prepare(`find_policy_details_by_${column}`);
}

type LookupStatements = Record<LookupColumn, ReturnType<typeof prepareLookup>>;
// The lookup is the hottest read: its statements are built once per database (or transaction) and
// sent as named prepared statements, one round trip each (an unnamed one with parameters takes two).
const lookupStatements = processSingleton(
  "policy-lookup-statements",
  () => new WeakMap<Executor, LookupStatements>(),
);

/** A broker's policy, with installments and documents, by its 13-digit policyNumber or 24-digit number. */
export async function findPolicyDetails(
  db: Executor,
  brokerId: string,
  numberOrPolicyNumber: string,
): Promise<PolicyDetails | undefined> {
  let statements = lookupStatements.get(db);
  if (!statements) {
    statements = { policyNumber: prepareLookup(db, "policyNumber"), number: prepareLookup(db, "number") };
    lookupStatements.set(db, statements);
  }
  const column = numberOrPolicyNumber.length === 24 ? "number" : "policyNumber";
  const rows = await statements[column].execute({ number: numberOrPolicyNumber, broker: brokerId });
  return groupDetails(rows)[0];
}

/** A broker's policy row by its 13-digit policyNumber or 24-digit number. */
export async function findPolicyForBroker(
  db: Executor,
  brokerId: string,
  numberOrPolicyNumber: string,
): Promise<PolicyRow | undefined> {
  const column = numberOrPolicyNumber.length === 24 ? policies.number : policies.policyNumber;
  const [row] = await db
    .select()
    .from(policies)
    .where(and(eq(column, numberOrPolicyNumber), eq(policies.brokerId, brokerId)))
    .limit(1);
  return row;
}

/** Codes and labels of every modality, for resolving the list's modality/product filters. */
export async function listModalityLabels(db: Executor) {
  return db
    .select({
      code: modalities.code,
      text: modalities.text,
      productCode: modalities.productCode,
      productText: modalities.productText,
    })
    .from(modalities);
}

/** `n` fresh values of policy_number_seq, as text (13 digits). */
export async function nextPolicyNumbers(db: Executor, n: number): Promise<string[]> {
  const rows = await db
    .select({ value: sql<string>`nextval('policy_number_seq')::text` })
    .from(sql`generate_series(1, ${n})`);
  return rows.map((row) => row.value);
}

export async function countPoliciesOfBroker(db: Executor, brokerId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(policies).where(eq(policies.brokerId, brokerId));
  return Number(row?.total ?? 0);
}

/**
 * Issued -> Canceled for one of the broker's policies, with its unpaid installments; undefined when
 * the policy is not the broker's or not Issued (nothing is written then).
 */
export async function cancelIssuedPolicy(
  db: Executor,
  values: { brokerId: string; policyId: string; reason: string; at: Date },
): Promise<PolicyRow | undefined> {
  const [row] = await db
    .update(policies)
    .set({ status: "Canceled", canceledAt: values.at, cancelReason: values.reason })
    .where(
      and(
        eq(policies.id, values.policyId),
        eq(policies.brokerId, values.brokerId),
        eq(policies.status, "Issued"),
      ),
    )
    .returning();
  if (!row) return undefined;
  await db
    .update(policyInstallments)
    .set({ status: "Canceled" })
    .where(
      and(
        eq(policyInstallments.policyId, row.id),
        inArray(policyInstallments.status, ["Pending", "Overdue"]),
      ),
    );
  return row;
}
