import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { cents, createdAt, timestamptz } from "./columns";
import { policyInstallments } from "./policies";
import { secondCopies } from "./second-copies";

export const BOLETO_STATUSES = ["Active", "WrittenOff"] as const;
export type BoletoStatus = (typeof BOLETO_STATUSES)[number];
/** The bank's answer to the boleto's entry (return occurrences 02 and 03). */
export const BOLETO_REGISTRATIONS = ["Pending", "Registered", "Rejected"] as const;
export type BoletoRegistration = (typeof BOLETO_REGISTRATIONS)[number];

/**
 * Every boleto issued for an installment, the first and those of its second copies. The
 * installment's `boletoOurNumber`/`typeableLine` name its current one; a replaced boleto is
 * `WrittenOff` (and its write-off goes to the bank), yet a late payment of it is still matched by
 * its our number.
 */
export const installmentBoletos = pgTable(
  "installment_boletos",
  {
    id: uuid().primaryKey().defaultRandom(),
    installmentId: uuid()
      .notNull()
      .references(() => policyInstallments.id, { onDelete: "cascade" }),
    secondCopyId: uuid().references(() => secondCopies.id),
    ourNumber: text().notNull(),
    typeableLine: text().notNull(),
    amountCents: cents().notNull(),
    /** The start of the due day in São Paulo. */
    dueDate: timestamptz().notNull(),
    status: text({ enum: BOLETO_STATUSES }).notNull().default("Active"),
    registration: text({ enum: BOLETO_REGISTRATIONS }).notNull().default("Pending"),
    /** The bank's reason for a rejected entry (return occurrence 03), as the return file gave it. */
    rejectReason: text(),
    createdAt: createdAt(),
    writtenOffAt: timestamptz(),
  },
  (t) => [
    // Not unique: the our-number sequence restarts after 99 999 999 (the return prefers the unpaid, newest).
    index("installment_boletos_our_number_idx").on(t.ourNumber),
    index("installment_boletos_installment_idx").on(t.installmentId, t.createdAt),
    check("installment_boletos_status_check", sql`${t.status} in ('Active', 'WrittenOff')`),
    check(
      "installment_boletos_registration_check",
      sql`${t.registration} in ('Pending', 'Registered', 'Rejected')`,
    ),
  ],
);

/** Remessa instruction codes (CNAB 400, bank 341): entry, write-off, due-date change. */
export const BOLETO_INSTRUCTION_CODES = ["01", "02", "06"] as const;
export type BoletoInstructionCode = (typeof BOLETO_INSTRUCTION_CODES)[number];

/**
 * What the bank must be told about a boleto, written in the same transaction as the change. The
 * remessa of a São Paulo day holds the instructions created on that day, in creation order, so the
 * file of a day can be written again byte for byte.
 */
export const boletoInstructions = pgTable(
  "boleto_instructions",
  {
    id: uuid().primaryKey().defaultRandom(),
    boletoId: uuid()
      .notNull()
      .references(() => installmentBoletos.id, { onDelete: "cascade" }),
    code: text({ enum: BOLETO_INSTRUCTION_CODES }).notNull(),
    /** `06` only: the new due date (start of the São Paulo day). */
    newDueDate: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    index("boleto_instructions_created_idx").on(t.createdAt, t.id),
    check("boleto_instructions_code_check", sql`${t.code} in ('01', '02', '06')`),
  ],
);
