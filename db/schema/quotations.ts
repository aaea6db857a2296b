import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { brokers } from "./brokers";
import { modalities } from "./catalogue";
import { cents, createdAt, timestamptz } from "./columns";

export const QUOTATION_STATUSES = ["Draft", "Confirmed", "Finished", "Expired"] as const;
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];
/** A renewal quotation in progress or done: one per policy; an Expired one does not count. */
export const LIVE_RENEWAL_STATUSES = [
  "Draft",
  "Confirmed",
  "Finished",
] as const satisfies readonly QuotationStatus[];
export const PERSON_TYPES = ["NATURAL", "LEGAL"] as const;
export type PersonType = (typeof PERSON_TYPES)[number];
/** Wire names of the payment options (on the wire boleto is "Ticket"). */
export const PAYMENT_TYPES = ["CreditCard", "Ticket", "Pix"] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
/** Answer values of PAYMENT-METHOD in the proposal. */
export const PAYMENT_METHODS = ["TICKET", "CREDIT-CARD", "PIX"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export type Address = {
  zipCode: string;
  street: string;
  number: string;
  complement: string;
  neighborhood: string;
  city: string;
  state: string;
};

export type Rate = {
  code: string;
  description: string;
  limitCents: number;
  netCents: number;
  deductible: { code: string; text: string };
  /** Item-based products: the insured item (1-based) this coverage belongs to. */
  item?: number;
};

/** The partial unique index behind "one live renewal per policy" (lib/renewals). */
export const LIVE_RENEWAL_INDEX = "quotations_live_renewal_key";

/**
 * The insured name as lib/identity.ts normalizeName writes it (accents stripped, lower case, single
 * spaces), in SQL: the quotation list searches and sorts by it, and indexes it.
 */
export function normalizedInsuredName(name: AnyPgColumn | SQL) {
  // No backslashes: drizzle-kit would not keep them in the index expression (U+0300..U+036F: combining marks).
  return sql<string>`btrim(regexp_replace(lower(regexp_replace(normalize(${name}, NFD), '[' || chr(768) || '-' || chr(879) || ']', '', 'g')), '[[:space:]]+', ' ', 'g'))`;
}

export const proposalNumberSeq = pgSequence("proposal_number_seq", { startWith: 10000000000001 });

export const quotations = pgTable(
  "quotations",
  {
    id: uuid().primaryKey().defaultRandom(),
    brokerId: uuid()
      .notNull()
      .references(() => brokers.id),
    modalityCode: text()
      .notNull()
      .references(() => modalities.code),
    status: text({ enum: QUOTATION_STATUSES }).notNull().default("Draft"),
    personType: text({ enum: PERSON_TYPES }).notNull(),
    insuredName: text().notNull(),
    /** CPF or CNPJ normalised: digits (and upper-case letters for the alphanumeric CNPJ). */
    insuredIdentity: text().notNull(),
    insuredEmail: text().notNull(),
    insuredPhone: text().notNull(),
    insuredAddress: jsonb().$type<Address>().notNull(),
    vigencyStartedAt: timestamptz().notNull(),
    vigencyExpiredAt: timestamptz().notNull(),
    commissionPercent: numeric({ precision: 6, scale: 2 }).notNull(),
    grievancePercent: numeric({ precision: 6, scale: 2 }).notNull(),
    /** The evaluated answers as the catalogue normalised them; pricing reads only these. */
    answers: jsonb().$type<Record<string, unknown>>().notNull(),
    /** Why the last checkout was declined; cleared by a new checkout. */
    declineReason: text(),
    quotedAt: timestamptz().notNull().defaultNow(),
    /** End of validity: 30 days after the latest quote, never past the vigency start day. */
    expiresAt: timestamptz(),
    /** The policy this quotation renews, or null. */
    previousPolicyId: uuid(),
    createdAt: createdAt(),
    /**
     * The last change of anything the API shows of the quotation (its row, proposal, checkouts):
     * stamped by database triggers on update, whatever the writing code sets.
     */
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    index("quotations_broker_created_idx").on(t.brokerId, t.createdAt),
    // The list's updatedFrom filter and updatedat sort.
    index("quotations_broker_updated_idx").on(t.brokerId, t.updatedAt, t.id),
    index("quotations_previous_policy_idx").on(t.previousPolicyId),
    // The quotation list's search (name substring, identity prefix) and name sort.
    index("quotations_name_trgm_idx").using("gin", sql`${normalizedInsuredName(t.insuredName)} gin_trgm_ops`),
    index("quotations_broker_identity_idx").on(t.brokerId, t.insuredIdentity.op("text_pattern_ops")),
    index("quotations_broker_name_idx").on(t.brokerId, normalizedInsuredName(t.insuredName), t.id),
    // The expiry job's scan: only Draft quotations can expire.
    index("quotations_draft_expires_idx").on(t.expiresAt).where(sql`${t.status} = 'Draft'`),
    // The home's quotations needing action: a broker's Draft quotations by end of validity.
    index("quotations_broker_draft_expires_idx")
      .on(t.brokerId, t.expiresAt)
      .where(sql`${t.status} = 'Draft'`),
    // At most one renewal per policy that is in progress or done: two concurrent
    // renewals cannot both commit. An Expired renewal does not count.
    uniqueIndex(LIVE_RENEWAL_INDEX)
      .on(t.previousPolicyId)
      .where(sql`${t.previousPolicyId} is not null and ${t.status} in ('Draft', 'Confirmed', 'Finished')`),
    check("quotations_status_check", sql`${t.status} in ('Draft', 'Confirmed', 'Finished', 'Expired')`),
    check("quotations_person_type_check", sql`${t.personType} in ('NATURAL', 'LEGAL')`),
  ],
);

/**
 * One price variant per limit option, or per insured item plus the aggregate of them all (the
 * pricing[] entries of the wire).
 */
export const quotationVariants = pgTable(
  "quotation_variants",
  {
    id: uuid().primaryKey().defaultRandom(),
    quotationId: uuid()
      .notNull()
      .references(() => quotations.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    limitCents: cents().notNull(),
    deductibleCode: text(),
    netCents: cents().notNull(),
    taxCents: cents().notNull(),
    interestCents: cents().notNull().default(0),
    totalCents: cents().notNull(),
    commissionCents: cents().notNull(),
    grievanceCents: cents().notNull().default(0),
    rates: jsonb().$type<Rate[]>().notNull(),
    /** Item-based products: the item's insured value (the aggregate's: their sum); null otherwise. */
    itemValueCents: cents(),
    /** The item-based products' aggregate variant (wire id 00000000-…), the one a proposal takes. */
    aggregate: boolean().notNull().default(false),
    underwritingApproved: boolean().notNull().default(true),
    evaluations: jsonb().$type<unknown[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index("quotation_variants_quotation_idx").on(t.quotationId, t.position)],
);

/** An installment plan of one payment option of one variant (payment.paymentOptions[].installments[]). */
export const installmentPlans = pgTable(
  "installment_plans",
  {
    id: uuid().primaryKey().defaultRandom(),
    variantId: uuid()
      .notNull()
      .references(() => quotationVariants.id, { onDelete: "cascade" }),
    paymentType: text({ enum: PAYMENT_TYPES }).notNull(),
    installmentCount: integer().notNull(),
    netCents: cents().notNull(),
    taxCents: cents().notNull(),
    interestCents: cents().notNull().default(0),
    totalCents: cents().notNull(),
    commissionCents: cents().notNull(),
    installmentCents: cents().notNull(),
    installmentTaxCents: cents().notNull(),
    installmentInterestCents: cents().notNull().default(0),
    /** ISO 8601 UTC instants, one per installment. */
    dueDates: jsonb().$type<string[]>().notNull(),
  },
  (t) => [
    unique("installment_plans_variant_plan_key").on(t.variantId, t.paymentType, t.installmentCount),
    check("installment_plans_payment_type_check", sql`${t.paymentType} in ('CreditCard', 'Ticket', 'Pix')`),
    check("installment_plans_count_check", sql`${t.installmentCount} between 1 and 12`),
  ],
);

/** The live proposal of a quotation; a new proposal replaces it until checkout. */
export const proposals = pgTable(
  "proposals",
  {
    id: uuid().primaryKey().defaultRandom(),
    quotationId: uuid()
      .notNull()
      .unique()
      .references(() => quotations.id, { onDelete: "cascade" }),
    /** 14 digits, from proposal_number_seq. */
    number: text().notNull().unique(),
    variantId: uuid()
      .notNull()
      .references(() => quotationVariants.id, { onDelete: "cascade" }),
    planId: uuid()
      .notNull()
      .references(() => installmentPlans.id, { onDelete: "cascade" }),
    paymentMethod: text({ enum: PAYMENT_METHODS }).notNull(),
    dueDay: integer(),
    /** Optional answers kept for the proposal document (birth date, PEP). */
    answers: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    check("proposals_payment_method_check", sql`${t.paymentMethod} in ('TICKET', 'CREDIT-CARD', 'PIX')`),
    check("proposals_due_day_check", sql`${t.dueDay} is null or ${t.dueDay} between 1 and 20`),
  ],
);
