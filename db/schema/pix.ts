import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { brokers } from "./brokers";
import { cents, createdAt, timestamptz } from "./columns";
import { policyInstallments } from "./policies";
import { secondCopies } from "./second-copies";

export const PIX_CHARGE_STATUSES = ["Active", "Paid", "Replaced", "Canceled"] as const;
export type PixChargeStatus = (typeof PIX_CHARGE_STATUSES)[number];

/**
 * A Pix charge with a due date ("cobv" of the Central Bank's Pix API) registered with the PSP for
 * an installment: every installment of a PIX policy, and every boleto's Pix (the "boleto híbrido").
 * An installment has one `Active` charge at a time; a second copy replaces it (`Replaced`).
 */
export const pixCharges = pgTable(
  "pix_charges",
  {
    id: uuid().primaryKey().defaultRandom(),
    installmentId: uuid()
      .notNull()
      .references(() => policyInstallments.id, { onDelete: "cascade" }),
    /** The second copy this charge was made for; null for the installment's first charge. */
    secondCopyId: uuid().references(() => secondCopies.id),
    /** The PSP charge's identifier: 26-35 `[A-Za-z0-9]`, chosen by us (PUT /cobv/{txid} is idempotent). */
    txid: text().notNull(),
    /** The PSP's location of the charge, without scheme: what the dynamic BR Code carries. */
    location: text().notNull(),
    /** The BR Code ("Pix copia e cola"). */
    copyPaste: text().notNull(),
    amountCents: cents().notNull(),
    /** The start of the due day in São Paulo. */
    dueDate: timestamptz().notNull(),
    /** The end of the last day the PSP accepts the charge (due date + the days allowed after it). */
    expiresAt: timestamptz().notNull(),
    status: text({ enum: PIX_CHARGE_STATUSES }).notNull().default("Active"),
    createdAt: createdAt(),
    closedAt: timestamptz(),
  },
  (t) => [
    uniqueIndex("pix_charges_txid_key").on(t.txid),
    index("pix_charges_installment_idx").on(t.installmentId, t.createdAt),
    uniqueIndex("pix_charges_one_active_key").on(t.installmentId).where(sql`${t.status} = 'Active'`),
    check("pix_charges_txid_check", sql`${t.txid} ~ '^[A-Za-z0-9]{26,35}$'`),
    check("pix_charges_status_check", sql`${t.status} in ('Active', 'Paid', 'Replaced', 'Canceled')`),
  ],
);

export const PIX_RECEIPT_SOURCES = ["webhook", "reconciliation"] as const;
export type PixReceiptSource = (typeof PIX_RECEIPT_SOURCES)[number];
/**
 * What a received Pix did: `applied` (settled its installment), `already-paid` (the installment had
 * been paid another way: to refund), `unknown-txid` and `amount-mismatch` (recorded, never applied).
 */
export const PIX_RECEIPT_OUTCOMES = ["applied", "already-paid", "unknown-txid", "amount-mismatch"] as const;
export type PixReceiptOutcome = (typeof PIX_RECEIPT_OUTCOMES)[number];

/**
 * Every Pix the PSP reported as received (its notice, or the daily reconciliation), once per
 * `endToEndId` whatever the number of notices. The row and the installment's settlement are
 * written in one transaction.
 */
export const pixReceipts = pgTable(
  "pix_receipts",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The payment's end-to-end identifier (32 characters, `E` + ISPB + date + sequence). */
    endToEndId: text().notNull(),
    txid: text(),
    amountCents: cents().notNull(),
    /** `horario`: when the payer's bank settled it. */
    paidAt: timestamptz().notNull(),
    source: text({ enum: PIX_RECEIPT_SOURCES }).notNull(),
    outcome: text({ enum: PIX_RECEIPT_OUTCOMES }).notNull(),
    pixChargeId: uuid().references(() => pixCharges.id),
    installmentId: uuid().references(() => policyInstallments.id, { onDelete: "set null" }),
    /** The broker of the charge, when the txid is known: whose admins see the receipt. */
    brokerId: uuid().references(() => brokers.id),
    expectedCents: cents(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("pix_receipts_end_to_end_key").on(t.endToEndId),
    index("pix_receipts_broker_created_idx").on(t.brokerId, t.createdAt),
    check(
      "pix_receipts_outcome_check",
      sql`${t.outcome} in ('applied', 'already-paid', 'unknown-txid', 'amount-mismatch')`,
    ),
  ],
);

/**
 * The sandbox PSP's own books (lib/payments/pix/sandbox-psp.ts): the charges registered with it and
 * the Pix it received, which is what its "list received Pix" answers to the daily reconciliation.
 * A real PSP keeps these on its side; nothing of the product reads this table directly.
 */
export const sandboxPspCharges = pgTable("sandbox_psp_charges", {
  txid: text().primaryKey(),
  amountCents: cents().notNull(),
  dueDay: text().notNull(),
  expiresAt: timestamptz().notNull(),
  status: text({ enum: ["ATIVA", "CONCLUIDA", "REMOVIDA_PELO_USUARIO_RECEBEDOR"] }).notNull(),
  createdAt: createdAt(),
});

export const sandboxPspReceived = pgTable(
  "sandbox_psp_received",
  {
    endToEndId: text().primaryKey(),
    txid: text().notNull(),
    amountCents: cents().notNull(),
    paidAt: timestamptz().notNull(),
    /** Refunds ("devoluções") asked for this Pix, in cents. */
    refundedCents: cents().notNull().default(0),
  },
  (t) => [index("sandbox_psp_received_paid_idx").on(t.paidAt)],
);

/**
 * The sandbox PSP's devoluções, by the id we give each (`PUT /pix/{e2eid}/devolucao/{id}`): asking
 * again with the same id answers the same devolução and gives nothing back twice.
 */
export const sandboxPspDevolucoes = pgTable("sandbox_psp_devolucoes", {
  id: text().primaryKey(),
  endToEndId: text()
    .notNull()
    .references(() => sandboxPspReceived.endToEndId, { onDelete: "cascade" }),
  amountCents: cents().notNull(),
  createdAt: createdAt(),
});
