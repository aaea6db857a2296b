import { and, asc, count, desc, eq, inArray, max, sql } from "drizzle-orm";
import type { Executor } from "../index";
import {
  type Address,
  brokers,
  checkouts,
  endorsements,
  policies,
  policyInstallments,
  proposals,
  quotations,
  quotationVariants,
  refunds,
} from "../schema";
import { nextOurNumberSql } from "./issuance";

export type EndorsementRow = typeof endorsements.$inferSelect;
export type NewEndorsement = typeof endorsements.$inferInsert;
export type RefundRow = typeof refunds.$inferSelect;

/** An endorsement as the reads answer it, with its PDF's document id once issued. */
export type EndorsementReadRow = EndorsementRow & { documentId: string | null };

export async function insertEndorsement(db: Executor, values: NewEndorsement): Promise<EndorsementRow> {
  const [row] = await db.insert(endorsements).values(values).returning();
  return row!;
}

/** One of the broker's endorsements; undefined for anyone else's. */
export async function findEndorsementForBroker(
  db: Executor,
  brokerId: string,
  endorsementId: string,
): Promise<EndorsementRow | undefined> {
  const [row] = await db
    .select()
    .from(endorsements)
    .where(and(eq(endorsements.id, endorsementId), eq(endorsements.brokerId, brokerId)))
    .limit(1);
  return row;
}

/** The endorsement's row locked until the transaction ends (two issues of one preview queue up). */
export async function lockEndorsement(
  db: Executor,
  endorsementId: string,
): Promise<EndorsementRow | undefined> {
  const [row] = await db.select().from(endorsements).where(eq(endorsements.id, endorsementId)).for("update");
  return row;
}

/** The policy's row locked until the transaction ends. */
export async function lockPolicy(db: Executor, policyId: string) {
  const [row] = await db.select().from(policies).where(eq(policies.id, policyId)).for("update");
  return row;
}

/** The policy's installments, in order. */
export async function listPolicyInstallments(db: Executor, policyId: string) {
  return db
    .select()
    .from(policyInstallments)
    .where(eq(policyInstallments.policyId, policyId))
    .orderBy(asc(policyInstallments.installmentNumber));
}

/** The number the next issued endorsement of the policy takes (1 for the first). */
export async function nextEndorsementSequence(db: Executor, policyId: string): Promise<number> {
  const [row] = await db
    .select({ last: max(endorsements.sequence) })
    .from(endorsements)
    .where(eq(endorsements.policyId, policyId));
  return (row?.last ?? 0) + 1;
}

/** Draft → Issued; undefined when it was issued already (nothing is written then). */
export async function markEndorsementIssued(
  db: Executor,
  endorsementId: string,
  values: { sequence: number; policyVersion: string; issuedAt: Date },
): Promise<EndorsementRow | undefined> {
  const [row] = await db
    .update(endorsements)
    .set({ status: "Issued", ...values })
    .where(and(eq(endorsements.id, endorsementId), eq(endorsements.status, "Draft")))
    .returning();
  return row;
}

/** What an issued endorsement writes on the policy row. */
export type PolicyEndorsementUpdate = Partial<
  Pick<
    typeof policies.$inferInsert,
    | "version"
    | "insuredName"
    | "insuredNameNormalized"
    | "policyLimitCents"
    | "netCents"
    | "taxCents"
    | "totalCents"
    | "commissionCents"
    | "status"
    | "canceledAt"
    | "cancelReason"
  >
>;

/** Writes the endorsement's changes on an Issued policy; undefined when it is no longer Issued. */
export async function updateIssuedPolicy(db: Executor, policyId: string, values: PolicyEndorsementUpdate) {
  const [row] = await db
    .update(policies)
    .set(values)
    .where(and(eq(policies.id, policyId), eq(policies.status, "Issued")))
    .returning();
  return row;
}

/** The quotation's insured contact data (what the documents print), and its evaluated answers. */
export async function findQuotationOfPolicy(db: Executor, quotationId: string) {
  const [row] = await db
    .select({
      id: quotations.id,
      insuredName: quotations.insuredName,
      insuredEmail: quotations.insuredEmail,
      insuredPhone: quotations.insuredPhone,
      insuredAddress: quotations.insuredAddress,
      answers: quotations.answers,
    })
    .from(quotations)
    .where(eq(quotations.id, quotationId))
    .limit(1);
  return row;
}

/** A REGISTRATION endorsement's new insured data on the quotation the policy came from. */
export async function updateQuotationInsured(
  db: Executor,
  quotationId: string,
  values: {
    insuredName: string;
    insuredEmail: string;
    insuredPhone: string;
    insuredAddress: Address;
    answers: Record<string, unknown>;
  },
): Promise<void> {
  await db.update(quotations).set(values).where(eq(quotations.id, quotationId));
}

/** The variant the proposal chose (the coverage the policy was issued with); undefined without one. */
export async function findChosenVariant(db: Executor, quotationId: string) {
  const [row] = await db
    .select({
      limitCents: quotationVariants.limitCents,
      deductibleCode: quotationVariants.deductibleCode,
      netCents: quotationVariants.netCents,
      rates: quotationVariants.rates,
      dueDay: proposals.dueDay,
    })
    .from(proposals)
    .innerJoin(quotationVariants, eq(quotationVariants.id, proposals.variantId))
    .where(eq(proposals.quotationId, quotationId))
    .limit(1);
  return row;
}

/** The latest issued COVERAGE endorsement's plan: the policy's current coverage when there is one. */
export async function findLatestCoverage(db: Executor, policyId: string) {
  const [row] = await db
    .select({ plan: endorsements.plan })
    .from(endorsements)
    .where(
      and(
        eq(endorsements.policyId, policyId),
        eq(endorsements.status, "Issued"),
        eq(endorsements.type, "COVERAGE"),
      ),
    )
    .orderBy(desc(endorsements.sequence))
    .limit(1);
  return row?.plan.coverage;
}

/** The card token and first charge of the checkout that issued a card policy (for a refund). */
export async function findIssuingCardCheckout(db: Executor, quotationId: string) {
  const [row] = await db
    .select({ cardToken: checkouts.cardToken, paymentReference: checkouts.paymentReference })
    .from(checkouts)
    .where(and(eq(checkouts.quotationId, quotationId), eq(checkouts.status, "Issued")))
    .orderBy(desc(checkouts.createdAt))
    .limit(1);
  return row;
}

export type PlannedInstallmentWrite = {
  installmentNumber: number;
  dueDate: Date;
  tariffPremiumCents: number;
  iofCents: number;
  premiumTotalCents: number;
  typeableLine: string | null;
};

/** Rewrites the amounts and due date of one unpaid installment (Pending or Overdue). */
export async function updateUnpaidInstallment(
  db: Executor,
  policyId: string,
  values: PlannedInstallmentWrite,
): Promise<boolean> {
  const rows = await db
    .update(policyInstallments)
    .set({
      dueDate: values.dueDate,
      tariffPremiumCents: values.tariffPremiumCents,
      iofCents: values.iofCents,
      premiumTotalCents: values.premiumTotalCents,
      typeableLine: values.typeableLine,
    })
    .where(
      and(
        eq(policyInstallments.policyId, policyId),
        eq(policyInstallments.installmentNumber, values.installmentNumber),
        inArray(policyInstallments.status, ["Pending", "Overdue"]),
      ),
    )
    .returning({ id: policyInstallments.id });
  return rows.length === 1;
}

/** Adds an installment (a coverage increase with no unpaid installment left). */
export async function insertEndorsementInstallment(
  db: Executor,
  policyId: string,
  values: PlannedInstallmentWrite & { boletoOurNumber: string | null },
): Promise<{ id: string }> {
  const [row] = await db
    .insert(policyInstallments)
    .values({ policyId, ...values, status: "Pending" })
    .returning({ id: policyInstallments.id });
  return row!;
}

/** A fresh boleto "nosso número" (the sequence the issuance reserves from). */
export async function nextBoletoOurNumber(db: Executor): Promise<string> {
  const [row] = await db.select({ value: nextOurNumberSql }).from(sql`(select 1) as one`);
  return row!.value;
}

/** Canceled for every unpaid installment of the policy (a cancellation). */
export async function cancelUnpaidInstallments(db: Executor, policyId: string): Promise<void> {
  await db
    .update(policyInstallments)
    .set({ status: "Canceled" })
    .where(
      and(
        eq(policyInstallments.policyId, policyId),
        inArray(policyInstallments.status, ["Pending", "Overdue"]),
      ),
    );
}

export async function insertRefund(db: Executor, values: typeof refunds.$inferInsert): Promise<RefundRow> {
  const [row] = await db.insert(refunds).values(values).returning();
  return row!;
}

/**
 * Pending → Refunded once the gateway confirmed it, and the policy's `updatedAt` stamped (what a
 * partner syncing reads); false when it was not Pending (nothing written).
 */
export async function markRefundRefunded(
  db: Executor,
  refundId: string,
  values: { gatewayRefundId: string; refundedAt: Date },
): Promise<boolean> {
  const [row] = await db
    .update(refunds)
    .set({ status: "Refunded", ...values })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, "Pending")))
    .returning({ policyId: refunds.policyId });
  if (!row) return false;
  await db.execute(sql`select touch_policies(array[${row.policyId}]::uuid[])`);
  return true;
}

/** Card refunds not yet confirmed by the gateway (all, or the given ones). */
export async function listPendingCardRefunds(db: Executor, refundIds?: string[]) {
  return db
    .select({
      id: refunds.id,
      policyId: refunds.policyId,
      quotationId: policies.quotationId,
      amountCents: refunds.amountCents,
      idempotencyKey: refunds.idempotencyKey,
    })
    .from(refunds)
    .innerJoin(policies, eq(policies.id, refunds.policyId))
    .where(
      and(
        eq(refunds.status, "Pending"),
        eq(refunds.paymentMethod, "CREDIT-CARD"),
        refundIds ? inArray(refunds.id, refundIds) : undefined,
      ),
    )
    .orderBy(asc(refunds.createdAt));
}

export async function listRefundsOfPolicy(db: Executor, policyId: string): Promise<RefundRow[]> {
  return db.select().from(refunds).where(eq(refunds.policyId, policyId)).orderBy(asc(refunds.createdAt));
}

/** Net premium of the paid installments, and of every installment (canceled ones included). */
export async function sumPaidNet(db: Executor, policyId: string): Promise<number> {
  const [row] = await db
    .select({
      paid: sql<number>`coalesce(sum(${policyInstallments.tariffPremiumCents}), 0)`.mapWith(Number),
    })
    .from(policyInstallments)
    .where(and(eq(policyInstallments.policyId, policyId), eq(policyInstallments.status, "Paid")));
  return row?.paid ?? 0;
}

/** Net premium already given back on the policy (every refund, whatever its status). */
export async function sumRefundedNet(db: Executor, policyId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${refunds.amountCents}), 0)`.mapWith(Number) })
    .from(refunds)
    .where(eq(refunds.policyId, policyId));
  return row?.total ?? 0;
}

/**
 * The endorsement's latest document id, correlated to the `endorsements` row of the outer query.
 * Written out in SQL: drizzle leaves a column unqualified in a single-table select's field, where
 * inside the subquery it would name the documents' own column.
 */
const documentOf = (endorsementId: string) =>
  `(select d.id from documents d where d.endorsement_id = ${endorsementId} order by d.created_at desc, d.id desc limit 1)`;
const endorsementDocumentId = sql<string | null>`${sql.raw(documentOf('"endorsements"."id"'))}`;

/** One page of a policy's endorsements (drafts included), newest first, and the total. */
export async function listEndorsementPage(
  db: Executor,
  policyId: string,
  options: { limit: number; offset: number },
): Promise<{ rows: EndorsementReadRow[]; total: number }> {
  const total = db.select({ total: count() }).from(endorsements).where(eq(endorsements.policyId, policyId));
  const rows = await db
    .select({
      endorsement: endorsements,
      documentId: endorsementDocumentId,
      total: sql<number>`(${total})`.mapWith(Number),
    })
    .from(endorsements)
    .where(eq(endorsements.policyId, policyId))
    .orderBy(desc(endorsements.createdAt), desc(endorsements.id))
    .limit(options.limit)
    .offset(options.offset);
  const counted = rows[0]?.total ?? (await db.$count(endorsements, eq(endorsements.policyId, policyId)));
  return { rows: rows.map((row) => ({ ...row.endorsement, documentId: row.documentId })), total: counted };
}

/** One endorsement with its PDF's document id. */
export async function findEndorsementRead(
  db: Executor,
  endorsementId: string,
): Promise<EndorsementReadRow | undefined> {
  const [row] = await db
    .select({ endorsement: endorsements, documentId: endorsementDocumentId })
    .from(endorsements)
    .where(eq(endorsements.id, endorsementId))
    .limit(1);
  return row && { ...row.endorsement, documentId: row.documentId };
}

/** An issued endorsement as the policy item lists it (JSON from the lookup's lateral subquery). */
export type EndorsementHistoryItem = Omit<
  EndorsementRow,
  "createdAt" | "issuedAt" | "expiresAt" | "basePolicyUpdatedAt"
> & {
  createdAt: string;
  issuedAt: string | null;
  expiresAt: string;
  basePolicyUpdatedAt: string;
  documentId: string | null;
};

/** A refund as the policy item lists it (JSON from the lookup's lateral subquery). */
export type RefundHistoryItem = Omit<RefundRow, "createdAt" | "refundedAt" | "destinationSetAt"> & {
  createdAt: string;
  refundedAt: string | null;
  destinationSetAt: string | null;
};

/** camelCase key → column, for json_build_object over an aliased table. */
const jsonObject = (alias: string, keys: string[]) =>
  `json_build_object(${keys
    .map((key) => `'${key}', ${alias}.${key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`)
    .join(", ")}`;

const ENDORSEMENT_KEYS = [
  "id",
  "brokerId",
  "policyId",
  "type",
  "status",
  "policyVersion",
  "sequence",
  "effectiveDate",
  "expiresAt",
  "basePolicyVersion",
  "basePolicyUpdatedAt",
  "reason",
  "answers",
  "plan",
  "premiumDifferenceCents",
  "netDifferenceCents",
  "taxDifferenceCents",
  "refundCents",
  "refundBasis",
  "retainedPercent",
  "commissionDifferenceCents",
  "createdAt",
  "issuedAt",
] as const satisfies readonly (keyof EndorsementRow)[];

const REFUND_KEYS = [
  "id",
  "brokerId",
  "policyId",
  "endorsementId",
  "paymentMethod",
  "amountCents",
  "status",
  "idempotencyKey",
  "gatewayRefundId",
  "reason",
  "pixReturns",
  "destination",
  "destinationSetAt",
  "failureReason",
  "createdAt",
  "refundedAt",
] as const satisfies readonly (keyof RefundRow)[];

const ENDORSEMENTS_JSON = `coalesce((select json_agg(${jsonObject("e", [...ENDORSEMENT_KEYS])}, 'documentId', ${documentOf("e.id")}) order by e.sequence)
  from endorsements e where e.policy_id = "policies"."id" and e.status = 'Issued' and e.sequence is not null), '[]'::json)`;
const REFUNDS_JSON = `coalesce((select json_agg(${jsonObject("r", [...REFUND_KEYS])}) order by r.created_at, r.id)
  from refunds r where r.policy_id = "policies"."id"), '[]'::json)`;

/**
 * The policy's issued endorsements and its refunds as two JSON arrays (oldest first): a lateral
 * subquery correlated to the outer query's `policies` row (what the policy item's `endorsements`
 * and `refunds` show). One row whatever the count.
 */
export function policyHistory(db: Executor) {
  return db
    .select({
      endorsements: sql<EndorsementHistoryItem[]>`${sql.raw(ENDORSEMENTS_JSON)}`.as("endorsements"),
      refunds: sql<RefundHistoryItem[]>`${sql.raw(REFUNDS_JSON)}`.as("refunds"),
    })
    .from(sql`(select 1) as policy_history_one`)
    .as("policy_history");
}

/** What the endorsement's PDF prints: the endorsement, its policy's numbers and the broker. */
export async function findEndorsementDocumentSource(db: Executor, endorsementId: string) {
  const [row] = await db
    .select({
      endorsement: endorsements,
      policy: {
        number: policies.number,
        policyNumber: policies.policyNumber,
        insuredName: policies.insuredName,
        insuredIdentity: policies.insuredIdentity,
        productText: policies.productText,
        modalityText: policies.modalityText,
        vigencyStartedAt: policies.vigencyStartedAt,
        vigencyExpiredAt: policies.vigencyExpiredAt,
      },
      broker: { name: brokers.name, registerNumber: brokers.registerNumber },
    })
    .from(endorsements)
    .innerJoin(policies, eq(policies.id, endorsements.policyId))
    .innerJoin(brokers, eq(brokers.id, policies.brokerId))
    .where(eq(endorsements.id, endorsementId))
    .limit(1);
  return row;
}
