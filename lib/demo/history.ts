import type { Database } from "@/db/index";
import { listUnpaidDueDates } from "@/db/queries/notices";
import type { NoticeKind } from "@/db/schema";
import { addDays, businessDay, startOfBusinessDay } from "@/lib/dates";
import { cancelPoliciesForNonPayment } from "@/lib/notices/cancel-non-payment";
import { NOTICE_SCHEDULE, sendInstallmentNotices } from "@/lib/notices/job";
import type { NoticeMailer } from "@/lib/notices/mailer";
import { morningOf } from "@/lib/worker/daily";

/** The notices are kept for the portal's outbox (/settings/outbox) even where SMTP_URL is set. */
const DEMO_OUTBOX: NoticeMailer = { channel: "outbox", send: async () => ({ messageId: null }) };

export type DemoHistoryReport = { days: number; notices: number; canceled: number };

/**
 * The days on which the daily runs did something for an installment due on `dueDay` and left
 * unpaid, with the notice each sends: its overdue notice the day after, its formal notice 15 days
 * overdue, and the cancellation (no notice) the day after the formal notice's deadline (docs/notices.md).
 */
function eventDays(dueDay: string): [string, NoticeKind | null][] {
  const formal = addDays(dueDay, NOTICE_SCHEDULE.formalAfterDaysOverdue);
  return [
    [addDays(dueDay, 1), "overdue"],
    [formal, "formal"],
    [addDays(formal, NOTICE_SCHEDULE.cancelDaysAfterFormal + 1), null],
  ];
}

/**
 * The worker's daily notices and non-payment cancellations (lib/worker/daily.ts) over the demo's
 * history, as of 06:00 each day, for the generated policies: the outbox holds the overdue and formal
 * notices of the installments left unpaid, and a policy still unpaid 15 days after its formal notice
 * is canceled for non-payment on the day the law allows. Run only on the days those jobs act on
 * (each run sends everything due by its day, so skipping the days they have nothing to do changes
 * nothing), and for today the cancellations only: the seed sends today's notices last (sendDemoNotices),
 * after the policies it issues today.
 */
export async function runDemoHistory(db: Database, now: Date): Promise<DemoHistoryReport> {
  const today = businessDay(now);
  const dueDays = new Set((await listUnpaidDueDates(db, startOfBusinessDay(today))).map(businessDay));
  // Each day with the notice kinds it sends: a run of a past day finds no others (every installment
  // due then is Paid or Overdue, and each kind's own day is replayed), so only those are looked for.
  const days = new Map<string, Set<NoticeKind>>();
  for (const [day, kind] of [...dueDays].flatMap(eventDays)) {
    if (day > today) continue;
    const kinds = days.get(day) ?? new Set<NoticeKind>();
    if (kind) kinds.add(kind);
    days.set(day, kinds);
  }
  const report: DemoHistoryReport = { days: days.size, notices: 0, canceled: 0 };
  for (const [day, kinds] of [...days].sort(([a], [b]) => a.localeCompare(b))) {
    const run = { day, now: day === today ? now : morningOf(day) };
    if (day < today && kinds.size) {
      const sent = await sendInstallmentNotices(db, {
        ...run,
        kinds: [...kinds],
        mailer: DEMO_OUTBOX,
        restRatio: 0,
      });
      report.notices += sent.overdue + sent.formal;
    }
    report.canceled += (await cancelPoliciesForNonPayment(db, run)).canceled;
  }
  return report;
}

/**
 * The daily notices job (lib/notices/job.ts) run for the seeding day, into the outbox: the due-soon
 * notices of boleto and Pix installments due within 3 days, the overdue ones of every unpaid
 * installment past its due day and the formal ones 15 days overdue, as the worker's morning run sends them.
 */
export async function sendDemoNotices(db: Database, now: Date) {
  return sendInstallmentNotices(db, { day: businessDay(now), now, mailer: DEMO_OUTBOX, restRatio: 0 });
}
