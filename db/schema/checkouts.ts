import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { brokers } from "./brokers";
import { createdAt, timestamptz } from "./columns";
import { type Address, PAYMENT_METHODS, proposals, quotations } from "./quotations";

export const CHECKOUT_STATUSES = ["Queued", "Processing", "Issued", "Declined", "Failed"] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];
/** Checkout statuses that end it without a policy: declined by the gateway, or failed. */
export const FAILED_CHECKOUT_STATUSES = ["Declined", "Failed"] as const satisfies readonly CheckoutStatus[];

/** The bank's 8-digit "nosso número" of each boleto; the bank reuses the range after 99 999 999. */
export const boletoOurNumberSeq = pgSequence("boleto_our_number_seq", {
  startWith: 1,
  maxValue: 99_999_999,
  cycle: true,
});

/**
 * One attempt to pay a quotation. Card number and CVV never reach this table: only the gateway's
 * token, brand, last four digits and expiry.
 */
export const checkouts = pgTable(
  "checkouts",
  {
    id: uuid().primaryKey().defaultRandom(),
    brokerId: uuid()
      .notNull()
      .references(() => brokers.id),
    quotationId: uuid()
      .notNull()
      .references(() => quotations.id),
    /** Null once a re-quote discards the proposal of an ended (declined or failed) attempt. */
    proposalId: uuid().references(() => proposals.id, { onDelete: "set null" }),
    paymentMethod: text({ enum: PAYMENT_METHODS }).notNull(),
    status: text({ enum: CHECKOUT_STATUSES }).notNull().default("Queued"),
    cardToken: text(),
    cardBrand: text(),
    cardLast4: text(),
    cardExpiryMonth: integer(),
    cardExpiryYear: integer(),
    cardHolderName: text(),
    billingAddress: jsonb().$type<Address>(),
    /** Boleto only: our numbers reserved for the installments on the first attempt, kept for retries. */
    boletoOurNumbers: jsonb().$type<string[]>(),
    /** The gateway's charge id (card) or boleto registration id: what a retry must not repeat. */
    paymentReference: text(),
    jobId: text(),
    attempts: integer().notNull().default(0),
    failureReason: text(),
    createdAt: createdAt(),
    updatedAt: timestamptz().notNull().defaultNow(),
    finishedAt: timestamptz(),
  },
  (t) => [
    // At most one live checkout per quotation: concurrent duplicates collide here, not in the queue.
    uniqueIndex("checkouts_live_quotation_key")
      .on(t.quotationId)
      .where(sql`${t.status} in ('Queued', 'Processing', 'Issued')`),
    index("checkouts_quotation_idx").on(t.quotationId, t.createdAt),
    check(
      "checkouts_status_check",
      sql`${t.status} in ('Queued', 'Processing', 'Issued', 'Declined', 'Failed')`,
    ),
    check("checkouts_card_last4_check", sql`${t.cardLast4} is null or ${t.cardLast4} ~ '^[0-9]{4}$'`),
  ],
);
