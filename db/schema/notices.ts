import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { brokers } from "./brokers";
import { createdAt, timestamptz } from "./columns";
import { policies, policyInstallments } from "./policies";

/**
 * The notices to the insured about an installment (Lei 15.040/2024): `due-soon` 3 days before the
 * due date, `overdue` the day after it (with the second copy), `formal` at 15 days overdue (the
 * policy will be canceled if still unpaid by `deadlineAt`).
 */
export const NOTICE_KINDS = ["due-soon", "overdue", "formal"] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
/** `smtp`: sent over SMTP; `outbox`: no SMTP_URL configured, kept for the portal's outbox. */
export const NOTICE_CHANNELS = ["smtp", "outbox"] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];
/**
 * `Pending`: recorded, not yet handed to the mailer; `Sending`: handed to the SMTP server, its answer
 * not yet recorded (a run that stopped there resends it with the same Message-ID); `Sent`; `Failed`
 * (refused, or interrupted on an earlier day: the next run records it anew).
 */
export const NOTICE_STATUSES = ["Pending", "Sending", "Sent", "Failed"] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];

export const installmentNotices = pgTable(
  "installment_notices",
  {
    id: uuid().primaryKey().defaultRandom(),
    brokerId: uuid()
      .notNull()
      .references(() => brokers.id),
    policyId: uuid()
      .notNull()
      .references(() => policies.id, { onDelete: "cascade" }),
    installmentId: uuid()
      .notNull()
      .references(() => policyInstallments.id, { onDelete: "cascade" }),
    kind: text({ enum: NOTICE_KINDS }).notNull(),
    channel: text({ enum: NOTICE_CHANNELS }).notNull(),
    status: text({ enum: NOTICE_STATUSES }).notNull().default("Pending"),
    recipient: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    /** `formal` only: the end of the last day to pay before the policy is canceled. */
    deadlineAt: timestamptz(),
    /** The SMTP server's message id, or the reason it failed. */
    messageId: text(),
    error: text(),
    createdAt: createdAt(),
    sentAt: timestamptz(),
  },
  (t) => [
    uniqueIndex("installment_notices_kind_key").on(t.installmentId, t.kind),
    index("installment_notices_broker_created_idx").on(t.brokerId, t.createdAt),
    index("installment_notices_policy_idx").on(t.policyId),
    index("installment_notices_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.status} in ('Pending', 'Sending')`),
    index("installment_notices_formal_deadline_idx").on(t.deadlineAt).where(sql`${t.kind} = 'formal'`),
    check("installment_notices_kind_check", sql`${t.kind} in ('due-soon', 'overdue', 'formal')`),
    check("installment_notices_status_check", sql`${t.status} in ('Pending', 'Sending', 'Sent', 'Failed')`),
  ],
);
