import { and, asc, count, desc, eq, gte, inArray, like, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { alias, type PgColumn } from "drizzle-orm/pg-core";
import { FAILED_CHECKOUT_STATUSES } from "@/db/schema/checkouts";
import type { Executor } from "../../index";
import {
  documents,
  modalities,
  normalizedInsuredName,
  policies,
  proposals,
  type QuotationStatus,
  quotations,
  quotationVariants,
} from "../../schema";
import { notPrivacyBlocked } from "../privacy";
import type { QuotationSortField, QuotationSortTerm } from "../quotation-sort";
import { latestCheckout, latestCheckoutStatus, validityNotEnded } from "./fragments";

/** The list's filters, resolved to column values (lib/quotations/read-filters.ts). */
export type QuotationFilterValues = {
  /** The normalised name as a substring, or (when given) the identity's prefix. */
  search?: { name: string; identityPrefix?: string };
  modalityCodes?: string[];
  /** One CPF/CNPJ exactly (the insured's view). */
  insuredIdentity?: string;
  status?: QuotationStatus;
  createdFrom?: { instant: Date; inclusive: boolean };
  createdTo?: { instant: Date; inclusive: boolean };
  /** Where a valid Draft stands on its way to a policy (the home's quotation cards). */
  stage?: QuotationStageFilter;
  /** Only quotations changed at or after this instant (updated_at, stamped by triggers). */
  updatedFrom?: Date;
  /** Only renewals of the broker's policy with this 13-digit policyNumber or 24-digit number. */
  previousPolicyNumber?: string;
};

/** The stages of a valid Draft quotation the home counts (lib/quotations/stage.ts). */
export type QuotationStage = "awaiting-checkout" | "checkout-failed" | "expiring";
export type QuotationStageFilter = {
  stage: QuotationStage;
  now: Date;
  /** Validity ending before this instant counts as expiring. */
  expiringEnd: Date;
};

// Written out with table names: in a single-table select drizzle renders columns unqualified, and
// "id" inside this subquery would then be the subquery's own table's.
const hasProposal = sql<boolean>`exists (select 1 from proposals as p where p.quotation_id = "quotations"."id")`;

const failedStatuses = sql.raw(FAILED_CHECKOUT_STATUSES.map((status) => `'${status}'`).join(", "));

/** A Draft still valid at `now` (the broker's Draft-by-expiry partial index serves it). */
export function validDraftCondition(now: Date): SQL {
  return and(eq(quotations.status, "Draft"), validityNotEnded(now)) as SQL;
}

/** Within the valid Drafts: a proposal and no checkout yet, a declined or failed latest checkout, or expiring. */
export const STAGE_CONDITIONS: Record<QuotationStage, (bounds: { expiringEnd: Date }) => SQL> = {
  "awaiting-checkout": () => sql`(${hasProposal} and ${latestCheckoutStatus} is null)`,
  "checkout-failed": () => sql`coalesce(${latestCheckoutStatus} in (${failedStatuses}), false)`,
  expiring: ({ expiringEnd }) => lt(quotations.expiresAt, expiringEnd) as SQL,
};

function stageCondition(filter: QuotationStageFilter): SQL {
  return and(validDraftCondition(filter.now), STAGE_CONDITIONS[filter.stage](filter)) as SQL;
}

const normalizedName = normalizedInsuredName(quotations.insuredName);

const SORT_COLUMNS: Record<QuotationSortField, PgColumn | SQL> = {
  createdat: quotations.createdAt,
  insuredname: normalizedName,
  status: quotations.status,
  modalitytext: modalities.text,
  expiresat: quotations.expiresAt,
  updatedat: quotations.updatedAt,
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The filters' conditions; a blocked person's quotations (docs/privacy.md) never match. */
function quotationConditions(brokerId: string, filters: QuotationFilterValues): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    eq(quotations.brokerId, brokerId),
    notPrivacyBlocked(quotations.brokerId, quotations.insuredIdentity),
  ];
  const { search } = filters;
  if (search) {
    const name = like(normalizedName, `%${escapeLike(search.name)}%`);
    conditions.push(
      search.identityPrefix
        ? or(name, like(quotations.insuredIdentity, `${escapeLike(search.identityPrefix)}%`))
        : name,
    );
  }
  if (filters.modalityCodes) conditions.push(inArray(quotations.modalityCode, filters.modalityCodes));
  if (filters.insuredIdentity) conditions.push(eq(quotations.insuredIdentity, filters.insuredIdentity));
  if (filters.status) conditions.push(eq(quotations.status, filters.status));
  if (filters.createdFrom) conditions.push(gte(quotations.createdAt, filters.createdFrom.instant));
  if (filters.createdTo) {
    const { instant, inclusive } = filters.createdTo;
    conditions.push(inclusive ? lte(quotations.createdAt, instant) : lt(quotations.createdAt, instant));
  }
  if (filters.stage) conditions.push(stageCondition(filters.stage));
  if (filters.updatedFrom) conditions.push(gte(quotations.updatedAt, filters.updatedFrom));
  if (filters.previousPolicyNumber) {
    conditions.push(renewalOf(brokerId, filters.previousPolicyNumber));
  }
  return and(...conditions);
}

/** The quotation renews the broker's policy numbered `number` (13-digit policyNumber or 24-digit number). */
function renewalOf(brokerId: string, number: string): SQL {
  return sql`${quotations.previousPolicyId} in (select renewed.id from ${policies} as renewed
    where renewed.broker_id = ${brokerId} and (renewed.policy_number = ${number} or renewed.number = ${number}))`;
}

/** ORDER BY of the sort terms, then the identifier in the last term's direction (pages never overlap). */
function quotationOrder(sort: QuotationSortTerm[]): SQL[] {
  const order = sort.map((term) => (term.descending ? desc : asc)(SORT_COLUMNS[term.field]));
  const last = sort[sort.length - 1];
  order.push((last?.descending ? desc : asc)(quotations.id));
  return order;
}

const previousPolicies = alias(policies, "previous_policies");
const chosenVariants = alias(quotationVariants, "chosen_variants");

function summarySelect(db: Executor) {
  const checkout = latestCheckout.as("latest_checkout");
  return db
    .select({
      quotation: {
        id: quotations.id,
        status: quotations.status,
        modalityCode: quotations.modalityCode,
        insuredName: quotations.insuredName,
        insuredIdentity: quotations.insuredIdentity,
        createdAt: quotations.createdAt,
        updatedAt: quotations.updatedAt,
        expiresAt: quotations.expiresAt,
        quotedAt: quotations.quotedAt,
        vigencyStartedAt: quotations.vigencyStartedAt,
        declineReason: quotations.declineReason,
      },
      modality: {
        operationCode: modalities.operationCode,
        text: modalities.text,
        productCode: modalities.productCode,
        productText: modalities.productText,
      },
      proposal: {
        id: proposals.id,
        number: proposals.number,
        createdAt: proposals.createdAt,
        paymentMethod: proposals.paymentMethod,
        dueDay: proposals.dueDay,
        variantId: proposals.variantId,
        planId: proposals.planId,
        documentId: sql<string | null>`(select ${documents.id} from ${documents}
          where ${documents.proposalId} = ${proposals.id}
          order by ${documents.createdAt} desc limit 1)`,
        totalCents: chosenVariants.totalCents,
        /** The chosen variant is an item-based quotation's aggregate (wire id 00000000-…). */
        variantAggregate: chosenVariants.aggregate,
      },
      checkout: {
        status: checkout.status,
        paymentMethod: checkout.paymentMethod,
        failureReason: checkout.failureReason,
        attempts: checkout.attempts,
        createdAt: checkout.createdAt,
        updatedAt: checkout.updatedAt,
        cardBrand: checkout.cardBrand,
        cardLast4: checkout.cardLast4,
      },
      policy: { id: policies.id, number: policies.number, policyNumber: policies.policyNumber },
      previousPolicyNumber: previousPolicies.policyNumber,
    })
    .from(quotations)
    .innerJoin(modalities, eq(modalities.code, quotations.modalityCode))
    .leftJoin(proposals, eq(proposals.quotationId, quotations.id))
    .leftJoin(chosenVariants, eq(chosenVariants.id, proposals.variantId))
    .leftJoinLateral(checkout, sql`true`)
    .leftJoin(policies, eq(policies.quotationId, quotations.id))
    .leftJoin(previousPolicies, eq(previousPolicies.id, quotations.previousPolicyId));
}

export type QuotationSummaryRow = Awaited<ReturnType<ReturnType<typeof summarySelect>["execute"]>>[number];

/** One quotation of a broker with its proposal, latest checkout, policy and previous policy. */
export async function findQuotationSummary(
  db: Executor,
  brokerId: string,
  quotationId: string,
): Promise<QuotationSummaryRow | undefined> {
  const [row] = await summarySelect(db)
    .where(and(eq(quotations.id, quotationId), eq(quotations.brokerId, brokerId)))
    .limit(1);
  return row;
}

/** One page of a broker's quotations, filtered and sorted, and the filtered total (one snapshot). */
export async function listQuotationSummaryPage(
  db: Executor,
  brokerId: string,
  options: { filters: QuotationFilterValues; sort: QuotationSortTerm[]; limit: number; offset: number },
): Promise<{ rows: QuotationSummaryRow[]; total: number }> {
  return db.transaction(async (tx) => {
    const rows = await summarySelect(tx)
      .where(quotationConditions(brokerId, options.filters))
      .orderBy(...quotationOrder(options.sort))
      .limit(options.limit)
      .offset(options.offset);
    const [counted] = await tx
      .select({ total: count() })
      .from(quotations)
      .innerJoin(modalities, eq(modalities.code, quotations.modalityCode))
      .where(quotationConditions(brokerId, options.filters));
    return { rows, total: Number(counted?.total ?? 0) };
  });
}
