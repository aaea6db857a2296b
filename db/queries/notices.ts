import { and, asc, count, desc, eq, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../index";
import {
  brokers,
  installmentNotices,
  type NoticeChannel,
  type NoticeKind,
  type PaymentMethod,
  policies,
  policyInstallments,
  quotations,
  secondCopies,
} from "../schema";
import { privacyBlocked } from "./privacy";

export type InstallmentNoticeRow = typeof installmentNotices.$inferSelect;

/** An instant inside raw SQL (the drivers do not bind a Date there). */
const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/** Where a candidate scan resumes: the last (dueDate, id) of the previous batch. */
export type NoticeCursor = { dueDate: Date; id: string };

export type NoticeCandidateFilter = {
  kind: NoticeKind;
  /** Due on or after (none: no lower bound). */
  dueFrom?: Date;
  /** Due before. */
  dueBefore: Date;
  /** Only `Pending` installments (due-soon); otherwise `Pending` or `Overdue`. */
  pendingOnly?: boolean;
  /** Only policies paid with one of these. */
  methods?: readonly PaymentMethod[];
  /** The installment must have had its `overdue` notice sent before this instant (formal). */
  overdueNoticeSentBefore?: Date;
  after?: NoticeCursor;
  limit: number;
};

/**
 * Unpaid installments of Issued policies that have no notice of `kind` yet (or only a Failed one,
 * which the next send retries), with what the notice says and whom it goes to, oldest due first.
 * `blocked`: the insured is blocked for privacy (docs/privacy.md), the caller skips them. One scan
 * of policy_installments_unpaid_due_idx, a probe of installment_notices_kind_key per row.
 */
export async function findNoticeCandidates(db: Executor, filter: NoticeCandidateFilter) {
  const conditions: (SQL | undefined)[] = [
    filter.pendingOnly
      ? sql`${policyInstallments.status} = 'Pending'`
      : sql`${policyInstallments.status} in ('Pending', 'Overdue')`,
    lt(policyInstallments.dueDate, filter.dueBefore),
    filter.dueFrom ? sql`${policyInstallments.dueDate} >= ${at(filter.dueFrom)}` : undefined,
    filter.after
      ? sql`(${policyInstallments.dueDate}, ${policyInstallments.id}) > (${at(filter.after.dueDate)}, ${filter.after.id}::uuid)`
      : undefined,
    eq(policies.status, "Issued"),
    filter.methods ? inArray(policies.paymentMethod, [...filter.methods]) : undefined,
    sql`not exists (select 1 from ${installmentNotices} n where n.installment_id = ${policyInstallments.id}
        and n.kind = ${filter.kind} and n.status <> 'Failed')`,
    filter.overdueNoticeSentBefore
      ? sql`exists (select 1 from ${installmentNotices} o where o.installment_id = ${policyInstallments.id}
          and o.kind = 'overdue' and o.status = 'Sent' and o.sent_at < ${at(filter.overdueNoticeSentBefore)})`
      : undefined,
  ];
  return db
    .select({
      installmentId: policyInstallments.id,
      installmentNumber: policyInstallments.installmentNumber,
      dueDate: policyInstallments.dueDate,
      // What is due now: the latest second copy's amount (fine and interest included), else the original.
      amountCents: sql<number>`coalesce((select s.amount_cents from ${secondCopies} s
        where s.installment_id = ${policyInstallments.id} order by s.created_at desc limit 1),
        ${policyInstallments.premiumTotalCents})`.mapWith(Number),
      typeableLine: policyInstallments.typeableLine,
      policyId: policies.id,
      brokerId: policies.brokerId,
      policyNumber: policies.policyNumber,
      productText: policies.productText,
      paymentMethod: policies.paymentMethod,
      insuredName: policies.insuredName,
      recipient: quotations.insuredEmail,
      brokerName: brokers.name,
      installmentCount: sql<number>`(select count(*) from ${policyInstallments} c
        where c.policy_id = ${policies.id} and c.status <> 'Canceled')`.mapWith(Number),
      blocked: sql<boolean>`${privacyBlocked(policies.brokerId, policies.insuredIdentity)}`,
    })
    .from(policyInstallments)
    .innerJoin(policies, eq(policies.id, policyInstallments.policyId))
    .innerJoin(quotations, eq(quotations.id, policies.quotationId))
    .innerJoin(brokers, eq(brokers.id, policies.brokerId))
    .where(and(...conditions))
    .orderBy(asc(policyInstallments.dueDate), asc(policyInstallments.id))
    .limit(filter.limit);
}

export type NoticeCandidate = Awaited<ReturnType<typeof findNoticeCandidates>>[number];

/** The distinct due dates of the unpaid installments of Issued policies due before `before`. */
export async function listUnpaidDueDates(db: Executor, before: Date): Promise<Date[]> {
  const rows = await db
    .selectDistinct({ dueDate: policyInstallments.dueDate })
    .from(policyInstallments)
    .innerJoin(policies, eq(policies.id, policyInstallments.policyId))
    .where(
      and(
        eq(policies.status, "Issued"),
        inArray(policyInstallments.status, ["Pending", "Overdue"]),
        lt(policyInstallments.dueDate, before),
      ),
    );
  return rows.map((row) => row.dueDate);
}

export type NewNotice = {
  brokerId: string;
  policyId: string;
  installmentId: string;
  kind: NoticeKind;
  channel: NoticeChannel;
  recipient: string;
  subject: string;
  body: string;
  deadlineAt: Date | null;
  createdAt: Date;
};

/**
 * Records notices as `Pending` before anything is sent: a new one is inserted, a `Failed` one is
 * taken again with the new text; one already Pending or Sent is left alone (installment_notices_kind_key).
 * Answers the rows this call took: only those may be sent (two runs at once never send one twice).
 */
export async function recordPendingNotices(db: Executor, rows: NewNotice[]): Promise<InstallmentNoticeRow[]> {
  if (!rows.length) return [];
  return db
    .insert(installmentNotices)
    .values(rows.map((row) => ({ ...row, status: "Pending" as const })))
    .onConflictDoUpdate({
      target: [installmentNotices.installmentId, installmentNotices.kind],
      set: {
        channel: sql`excluded.channel`,
        status: "Pending",
        recipient: sql`excluded.recipient`,
        subject: sql`excluded.subject`,
        body: sql`excluded.body`,
        deadlineAt: sql`excluded.deadline_at`,
        createdAt: sql`excluded.created_at`,
        messageId: null,
        error: null,
        sentAt: null,
      },
      setWhere: sql`${installmentNotices.status} = 'Failed'`,
    })
    .returning();
}

/** A notice a run has recorded and not yet seen through: `Pending` or `Sending`. */
const unfinished = sql`${installmentNotices.status} in ('Pending', 'Sending')`;

/**
 * Takes a notice for the SMTP server: `Sending` from then until its answer is recorded. Answers
 * false when it is no longer unfinished (sent or failed meanwhile): then it is not sent.
 */
export async function markNoticeSending(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(installmentNotices)
    .set({ status: "Sending" })
    .where(and(eq(installmentNotices.id, id), unfinished))
    .returning({ id: installmentNotices.id });
  return rows.length > 0;
}

export async function markNoticeSent(
  db: Executor,
  id: string,
  values: { sentAt: Date; messageId: string | null },
): Promise<void> {
  await db
    .update(installmentNotices)
    .set({ status: "Sent", sentAt: values.sentAt, messageId: values.messageId, error: null })
    .where(and(eq(installmentNotices.id, id), unfinished));
}

/** Outbox notices: delivered as soon as recorded, in one statement. */
export async function markNoticesSent(db: Executor, ids: string[], sentAt: Date): Promise<void> {
  if (!ids.length) return;
  await db
    .update(installmentNotices)
    .set({ status: "Sent", sentAt })
    .where(and(inArray(installmentNotices.id, ids), unfinished));
}

export async function markNoticeFailed(db: Executor, id: string, error: string): Promise<void> {
  await db
    .update(installmentNotices)
    .set({ status: "Failed", error: error.slice(0, 500) })
    .where(and(eq(installmentNotices.id, id), unfinished));
}

/**
 * What a run that stopped left unfinished (`Pending` or `Sending`; runs never overlap). Those recorded
 * before `since` (an earlier day: their text may be out of date) or whose installment is no longer
 * unpaid on an Issued policy are marked Failed, so that the candidate scan records them anew when
 * still due; the others are answered, to be delivered as recorded. `failed`: how many were marked.
 */
export async function takeUnfinishedNotices(
  db: Executor,
  since: Date,
): Promise<{ resumed: InstallmentNoticeRow[]; failed: number }> {
  const stale = await db
    .update(installmentNotices)
    .set({ status: "Failed", error: "Envio interrompido antes da confirmação." })
    .where(
      and(
        unfinished,
        sql`(${installmentNotices.createdAt} < ${at(since)} or not exists (select 1 from ${policyInstallments} i
          join ${policies} p on p.id = i.policy_id where i.id = ${installmentNotices.installmentId}
          and i.status in ('Pending', 'Overdue') and p.status = 'Issued'))`,
      ),
    )
    .returning({ id: installmentNotices.id });
  const resumed = await db
    .select()
    .from(installmentNotices)
    .where(unfinished)
    .orderBy(asc(installmentNotices.createdAt), asc(installmentNotices.id));
  return { resumed, failed: stale.length };
}

/** Every notice of a policy, by installment then kind's date (what the policy page's history shows). */
export async function listPolicyNotices(db: Executor, policyId: string) {
  return db
    .select({
      id: installmentNotices.id,
      installmentId: installmentNotices.installmentId,
      installmentNumber: policyInstallments.installmentNumber,
      kind: installmentNotices.kind,
      channel: installmentNotices.channel,
      status: installmentNotices.status,
      recipient: installmentNotices.recipient,
      subject: installmentNotices.subject,
      deadlineAt: installmentNotices.deadlineAt,
      createdAt: installmentNotices.createdAt,
      sentAt: installmentNotices.sentAt,
    })
    .from(installmentNotices)
    .innerJoin(policyInstallments, eq(policyInstallments.id, installmentNotices.installmentId))
    .where(eq(installmentNotices.policyId, policyId))
    .orderBy(asc(policyInstallments.installmentNumber), asc(installmentNotices.createdAt));
}

export type PolicyNoticeRow = Awaited<ReturnType<typeof listPolicyNotices>>[number];

/**
 * One page of the broker's outbox (the notices kept with channel `outbox`, no SMTP_URL), newest
 * first (installment_notices_broker_created_idx), with the policy each is about; and how many in all.
 */
export async function listOutboxPage(
  db: Executor,
  brokerId: string,
  page: { limit: number; offset: number },
) {
  const rows = await db
    .select({
      id: installmentNotices.id,
      kind: installmentNotices.kind,
      channel: installmentNotices.channel,
      status: installmentNotices.status,
      recipient: installmentNotices.recipient,
      subject: installmentNotices.subject,
      body: installmentNotices.body,
      error: installmentNotices.error,
      createdAt: installmentNotices.createdAt,
      sentAt: installmentNotices.sentAt,
      policyNumber: policies.policyNumber,
      installmentNumber: policyInstallments.installmentNumber,
    })
    .from(installmentNotices)
    .innerJoin(policies, eq(policies.id, installmentNotices.policyId))
    .innerJoin(policyInstallments, eq(policyInstallments.id, installmentNotices.installmentId))
    .where(outboxOf(brokerId))
    .orderBy(desc(installmentNotices.createdAt), desc(installmentNotices.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(installmentNotices).where(outboxOf(brokerId));
  return { rows, total: total?.n ?? 0 };
}

const outboxOf = (brokerId: string) =>
  and(eq(installmentNotices.brokerId, brokerId), eq(installmentNotices.channel, "outbox"));

export type OutboxNoticeRow = Awaited<ReturnType<typeof listOutboxPage>>["rows"][number];

/**
 * No second copy of the policy's unpaid installments can still be paid at `now`: each was due on a
 * São Paulo day that is over. The insurer itself offered those dates, so a non-payment cancellation
 * waits for the later of the formal notice's deadline and them (second_copies_installment_idx).
 */
function noPayableSecondCopy(now: Date): SQL {
  const dueDayOverBefore = new Date(now.getTime() - 86_400_000);
  return sql`not exists (select 1 from ${secondCopies} sc
    join ${policyInstallments} spi on spi.id = sc.installment_id
    where spi.policy_id = ${policies.id} and spi.status in ('Pending', 'Overdue')
      and sc.due_date > ${at(dueDayOverBefore)})`;
}

/**
 * Policies to cancel for non-payment at `now`: Issued, with a formal notice Sent whose deadline has
 * passed and whose installment is still unpaid (installment_notices_formal_deadline_idx), and no
 * second copy still payable (noPayableSecondCopy). One row per policy (its earliest deadline), by
 * policy id from `afterPolicyId`; `blocked` as in findNoticeCandidates.
 */
export async function findNonPaymentCancellations(
  db: Executor,
  now: Date,
  page: { limit: number; afterPolicyId?: string },
) {
  return db
    .selectDistinctOn([policies.id], {
      policyId: policies.id,
      brokerId: policies.brokerId,
      policyNumber: policies.policyNumber,
      deadlineAt: installmentNotices.deadlineAt,
      installmentNumber: policyInstallments.installmentNumber,
      blocked: sql<boolean>`${privacyBlocked(policies.brokerId, policies.insuredIdentity)}`,
    })
    .from(installmentNotices)
    .innerJoin(policyInstallments, eq(policyInstallments.id, installmentNotices.installmentId))
    .innerJoin(policies, eq(policies.id, installmentNotices.policyId))
    .where(
      and(
        eq(installmentNotices.kind, "formal"),
        eq(installmentNotices.status, "Sent"),
        lt(installmentNotices.deadlineAt, now),
        inArray(policyInstallments.status, ["Pending", "Overdue"]),
        eq(policies.status, "Issued"),
        noPayableSecondCopy(now),
        page.afterPolicyId ? sql`${policies.id} > ${page.afterPolicyId}::uuid` : undefined,
      ),
    )
    .orderBy(asc(policies.id), asc(installmentNotices.deadlineAt))
    .limit(page.limit);
}

/**
 * Inside the cancellation's transaction: whether the policy still has an unpaid installment whose
 * formal notice's deadline passed and no second copy still payable, locking those installments so
 * that a payment arriving now waits for the cancellation (and then finds the installment Canceled)
 * instead of slipping past the check.
 */
export async function lockLapsedFormalNotices(db: Executor, policyId: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: policyInstallments.id })
    .from(policyInstallments)
    .innerJoin(installmentNotices, eq(installmentNotices.installmentId, policyInstallments.id))
    .innerJoin(policies, eq(policies.id, policyInstallments.policyId))
    .where(
      and(
        eq(policyInstallments.policyId, policyId),
        inArray(policyInstallments.status, ["Pending", "Overdue"]),
        eq(installmentNotices.kind, "formal"),
        eq(installmentNotices.status, "Sent"),
        lt(installmentNotices.deadlineAt, now),
        noPayableSecondCopy(now),
      ),
    )
    .for("update", { of: policyInstallments });
  return rows.length > 0;
}
