import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { brokers, users } from "./brokers";
import { cents, createdAt, timestamptz } from "./columns";
import { policyInstallments } from "./policies";

export const INSTALLMENT_CHARGE_STATUSES = ["Pending", "Approved", "Declined"] as const;
export type InstallmentChargeStatus = (typeof INSTALLMENT_CHARGE_STATUSES)[number];

/**
 * One charge attempt of a card installment by the daily job. The row and its key
 * are committed before the gateway is called: a job that crashes after the charge finds the
 * `Pending` attempt on its next run and repeats the call with the same key, which the gateway
 * answers with the first result instead of charging again.
 */
export const installmentCharges = pgTable(
  "installment_charges",
  {
    id: uuid().primaryKey().defaultRandom(),
    installmentId: uuid()
      .notNull()
      .references(() => policyInstallments.id, { onDelete: "cascade" }),
    /** 1 on the due date, 2..4 on the next 3 days (retries of a declined charge). */
    attempt: integer().notNull(),
    chargeKey: text().notNull(),
    amountCents: cents().notNull(),
    status: text({ enum: INSTALLMENT_CHARGE_STATUSES }).notNull().default("Pending"),
    chargeId: text(),
    declineReason: text(),
    createdAt: createdAt(),
    resolvedAt: timestamptz(),
  },
  (t) => [
    unique("installment_charges_attempt_key").on(t.installmentId, t.attempt),
    unique("installment_charges_charge_key").on(t.chargeKey),
    index("installment_charges_pending_idx").on(t.createdAt).where(sql`${t.status} = 'Pending'`),
    check("installment_charges_status_check", sql`${t.status} in ('Pending', 'Approved', 'Declined')`),
  ],
);

export const PAYMENT_IMPORT_STATUSES = ["Applied", "Rejected"] as const;
export type PaymentImportStatus = (typeof PAYMENT_IMPORT_STATUSES)[number];

/** One line of an import's report, as kept and shown (lib/payments/import-return.ts). */
export type PaymentImportLine = {
  sequence: number;
  ourNumber: string;
  occurrence: string;
  paidCents: number;
  /** `registered` / `entry-rejected`: the bank's answer to a remessa entry (occurrences 02 / 03). */
  outcome:
    | "matched"
    | "already-paid"
    | "unknown"
    | "amount-mismatch"
    | "ignored"
    | "registered"
    | "entry-rejected";
  /** A late payment of a replaced (written-off) boleto: the installment's current boleto was written off too. */
  writtenOffBoleto?: boolean;
  /**
   * A payment of less than the installment now charges (a boleto an endorsement replaced, paid at
   * its old amount): the part paid settled, this much left due as installment `restInstallmentNumber`.
   */
  shortfallCents?: number;
  restInstallmentNumber?: number;
  /** The bank's reason for a rejected entry, as the return gives it. */
  rejectReason?: string;
  expectedCents?: number;
  policyNumber?: string;
  installmentNumber?: number;
};

/**
 * The history of boleto return-file imports (CNAB 400, bank 341): who imported which file, what it
 * changed and its report. A broker admin's import (portal) sees and settles only that broker's
 * installments; the operator's CLI import (`brokerId` null) settles any.
 */
export const paymentImports = pgTable(
  "payment_imports",
  {
    id: uuid().primaryKey().defaultRandom(),
    brokerId: uuid().references(() => brokers.id),
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    /** `sandbox`: a file the sandbox API wrote and imported for a partner's test (lib/sandbox). */
    source: text({ enum: ["cli", "portal", "sandbox"] }).notNull(),
    fileName: text().notNull(),
    /** SHA-256 of the file's bytes. */
    fileSha256: text().notNull(),
    status: text({ enum: PAYMENT_IMPORT_STATUSES }).notNull(),
    /** Why a file was rejected (parse error, unknown numbers or amount mismatches); null when applied. */
    rejectReason: text(),
    matchedCount: integer().notNull(),
    alreadyPaidCount: integer().notNull(),
    unknownCount: integer().notNull(),
    mismatchCount: integer().notNull(),
    /** Sum of the amounts settled by this import (0 when rejected or when nothing was new). */
    settledCents: cents().notNull(),
    lines: jsonb().$type<PaymentImportLine[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("payment_imports_broker_created_idx").on(t.brokerId, t.createdAt),
    check("payment_imports_status_check", sql`${t.status} in ('Applied', 'Rejected')`),
  ],
);
