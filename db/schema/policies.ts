import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { brokers } from "./brokers";
import { checkouts } from "./checkouts";
import { cents, createdAt, textC, timestamptz } from "./columns";
import { PAYMENT_METHODS, PERSON_TYPES, quotations } from "./quotations";

export const POLICY_STATUSES = ["Issued", "Expired", "Canceled"] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];
export const INSTALLMENT_STATUSES = ["Pending", "Paid", "Overdue", "Canceled"] as const;
export type InstallmentStatus = (typeof INSTALLMENT_STATUSES)[number];

/** 13-digit policyNumber; the 24-digit `number` is built around it (lib/policies/numbers.ts). */
export const policyNumberSeq = pgSequence("policy_number_seq", { startWith: 1000000000001 });

export const policies = pgTable(
  "policies",
  {
    id: uuid().primaryKey().defaultRandom(),
    brokerId: uuid()
      .notNull()
      .references(() => brokers.id),
    quotationId: uuid()
      .notNull()
      .references(() => quotations.id),
    checkoutId: uuid().references(() => checkouts.id),
    number: text().notNull(),
    policyNumber: text().notNull(),
    status: textC().$type<PolicyStatus>().notNull().default("Issued"),
    canceledAt: timestamptz(),
    cancelReason: text(),
    personType: text({ enum: PERSON_TYPES }).notNull(),
    insuredName: text().notNull(),
    /** Lower-case, accent-free insured name: what search matches and `insuredname` sorts on. */
    insuredNameNormalized: textC().notNull(),
    insuredIdentity: textC().notNull(),
    modalityCode: textC().notNull(),
    modalityText: textC().notNull(),
    productCode: textC().notNull(),
    productText: textC().notNull(),
    vigencyStartedAt: timestamptz().notNull(),
    vigencyExpiredAt: timestamptz().notNull(),
    policyLimitCents: cents().notNull(),
    netCents: cents().notNull(),
    taxCents: cents().notNull(),
    interestCents: cents().notNull().default(0),
    totalCents: cents().notNull(),
    commissionCents: cents().notNull(),
    /**
     * The commission rate (BROKERAGE-COMMISSION / 100, e.g. 0.1500), frozen at issuance: what every
     * commission entry of the policy is computed with (lib/commissions). The default is the
     * catalogue's default answer (20 %), for rows written without one.
     */
    commissionRate: numeric({ precision: 6, scale: 4 }).notNull().default("0.2000"),
    paymentMethod: text({ enum: PAYMENT_METHODS }).notNull(),
    version: text().notNull().default("01.00"),
    totalClaims: integer().notNull().default(0),
    createdAt: createdAt(),
    /**
     * The last change of anything the API shows of the policy (its row, installments, claims count):
     * stamped by database triggers (migration 0018), never by the code that writes.
     */
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    // A quotation yields at most one policy, whatever the worker does.
    unique("policies_quotation_key").on(t.quotationId),
    unique("policies_number_key").on(t.number),
    unique("policies_policy_number_key").on(t.policyNumber),
    // One index per allowed sort field, broker first, id last: the list's tie-break (db/queries/policy-sort.ts).
    index("policies_broker_created_idx").on(t.brokerId, t.createdAt, t.id),
    // The lists' updatedFrom filter and updatedat sort (what a partner syncing reads).
    index("policies_broker_updated_idx").on(t.brokerId, t.updatedAt, t.id),
    index("policies_broker_product_idx").on(t.brokerId, t.productText, t.id),
    index("policies_broker_modality_idx").on(t.brokerId, t.modalityText, t.id),
    index("policies_broker_status_idx").on(t.brokerId, t.status, t.id),
    // The usual status + product pair, sorted by product then newest: an index-only count and a
    // page read in index order (docs/benchmarks.md, finding 2).
    index("policies_broker_status_product_idx").on(
      t.brokerId,
      t.status,
      t.productCode,
      t.productText,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index("policies_broker_name_idx").on(t.brokerId, t.insuredNameNormalized, t.id),
    index("policies_broker_identity_idx").on(t.brokerId, t.insuredIdentity, t.id),
    index("policies_broker_vigency_start_idx").on(t.brokerId, t.vigencyStartedAt),
    // The vigencyexpiredat sort (an extension of the six) with its id tie-break, and the ending-soon filter.
    index("policies_broker_vigency_end_idx").on(t.brokerId, t.vigencyExpiredAt, t.id),
    // The home's monthly production: an index-only range of the broker's months.
    index("policies_broker_created_totals_idx").on(t.brokerId, t.createdAt, t.totalCents, t.commissionCents),
    index("policies_name_trgm_idx").using("gin", sql`${t.insuredNameNormalized} gin_trgm_ops`),
    // The home's "ending in 30/60/90 days" counts: the broker's Issued policies by end of vigency.
    index("policies_broker_issued_vigency_end_idx")
      .on(t.brokerId, t.vigencyExpiredAt)
      .where(sql`${t.status} = 'Issued'`),
    index("policies_expiry_idx").on(t.vigencyExpiredAt).where(sql`${t.status} = 'Issued'`),
    check("policies_status_check", sql`${t.status} in ('Issued', 'Expired', 'Canceled')`),
    check("policies_number_check", sql`${t.number} ~ '^[0-9]{24}$'`),
    check("policies_policy_number_check", sql`${t.policyNumber} ~ '^[0-9]{13}$'`),
  ],
);

export const policyInstallments = pgTable(
  "policy_installments",
  {
    id: uuid().primaryKey().defaultRandom(),
    policyId: uuid()
      .notNull()
      .references(() => policies.id, { onDelete: "cascade" }),
    installmentNumber: integer().notNull(),
    dueDate: timestamptz().notNull(),
    extraCents: cents().notNull().default(0),
    iofCents: cents().notNull(),
    tariffPremiumCents: cents().notNull(),
    premiumTotalCents: cents().notNull(),
    interestCents: cents().notNull().default(0),
    status: text({ enum: INSTALLMENT_STATUSES }).notNull().default("Pending"),
    paidAt: timestamptz(),
    /** What was paid (card charge or the bank's credited amount), set with paidAt. */
    paidCents: cents(),
    /** Boleto only: the bank's "nosso número" and the 47-digit typeable line. */
    boletoOurNumber: text(),
    typeableLine: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("policy_installments_number_key").on(t.policyId, t.installmentNumber),
    // The daily jobs' scans (overdue marking, card charges): unpaid installments by due date.
    index("policy_installments_unpaid_due_idx")
      .on(t.dueDate, t.id)
      .where(sql`${t.status} in ('Pending', 'Overdue')`),
    // The home's overdue and due-soon counts: an index-only scan of the unpaid installments.
    index("policy_installments_unpaid_attention_idx")
      .on(t.dueDate, t.policyId, t.status, t.premiumTotalCents)
      .where(sql`${t.status} in ('Pending', 'Overdue')`),
    // Boleto settlement matches the bank's return file by our number.
    index("policy_installments_our_number_idx")
      .on(t.boletoOurNumber)
      .where(sql`${t.boletoOurNumber} is not null`),
    check("policy_installments_status_check", sql`${t.status} in ('Pending', 'Paid', 'Overdue', 'Canceled')`),
    check(
      "policy_installments_typeable_line_check",
      sql`${t.typeableLine} is null or ${t.typeableLine} ~ '^[0-9]{47}$'`,
    ),
  ],
);
