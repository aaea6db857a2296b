import { index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./brokers";
import { cents, createdAt, timestamptz } from "./columns";
import { policyInstallments } from "./policies";

/**
 * A second copy ("2ª via") of an overdue installment: its new due date and amount (the original
 * plus fine and interest pro rata die, lib/payments/second-copy). Its boleto and Pix charge point
 * back here; the installment's latest second copy is what is due.
 */
export const secondCopies = pgTable(
  "second_copies",
  {
    id: uuid().primaryKey().defaultRandom(),
    installmentId: uuid()
      .notNull()
      .references(() => policyInstallments.id, { onDelete: "cascade" }),
    /** The start of the new due day in São Paulo. */
    dueDate: timestamptz().notNull(),
    /** Days from the original due date to the new one (what the interest is computed on). */
    daysLate: integer().notNull(),
    originalCents: cents().notNull(),
    fineCents: cents().notNull(),
    interestCents: cents().notNull(),
    amountCents: cents().notNull(),
    /** Who asked: `portal` (userId set), `api` (apiKeyId set) or `insured` (the insured's payment page). */
    source: text({ enum: ["portal", "api", "insured"] }).notNull(),
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    apiKeyId: uuid(),
    createdAt: createdAt(),
  },
  (t) => [index("second_copies_installment_idx").on(t.installmentId, t.createdAt)],
);
