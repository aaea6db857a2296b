import type { Database } from "@/db/index";
import {
  findNoticeCandidates,
  type InstallmentNoticeRow,
  markNoticeFailed,
  markNoticeSending,
  markNoticeSent,
  markNoticesSent,
  type NewNotice,
  type NoticeCandidate,
  type NoticeCandidateFilter,
  type NoticeCursor,
  recordPendingNotices,
  takeUnfinishedNotices,
} from "@/db/queries/notices";
import { findActivePixCharges } from "@/db/queries/pix-charges";
import { NOTICE_KINDS, type NoticeKind, type PaymentMethod } from "@/db/schema";
import { addDays, businessDay, endOfBusinessDay, startOfBusinessDay } from "@/lib/dates";
import { loadCurrentCharges } from "@/lib/documents/current-charge";
import { log } from "@/lib/log";
import { getNoticeMailer, type NoticeMailer } from "./mailer";
import { renderNotice } from "./templates";

/** The schedule (docs/notices.md), in São Paulo days. */
export const NOTICE_SCHEDULE = {
  /** `due-soon` goes out this many days before the due day (or on a later run before it). */
  dueSoonDaysBefore: 3,
  /** `formal` goes out once the installment is this many days overdue (counted from the due day). */
  formalAfterDaysOverdue: 15,
  /** The policy is canceled when still unpaid this many days after the formal notice's day. */
  cancelDaysAfterFormal: 15,
} as const;

/** Card installments are charged automatically on their due day: no due-soon reminder for them. */
export const DUE_SOON_METHODS: readonly PaymentMethod[] = ["TICKET", "PIX"];

export const DEFAULT_NOTICE_BATCH_SIZE = 200;
const DEFAULT_REST_RATIO = 1;

const rest = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type NoticeRun = {
  /** The São Paulo day the run is for (YYYY-MM-DD). */
  day: string;
  /** The instant recorded on the notices (created, sent). */
  now: Date;
  batchSize?: number;
  /** Default: the process's (SMTP_URL, or the outbox). */
  mailer?: NoticeMailer;
  /** Only these kinds (default: all). A replay of past days runs only the kind each day is for. */
  kinds?: readonly NoticeKind[];
  /**
   * After each batch, rest this many times as long as the batch took (default 1: the job uses at
   * most about half of a core and of the database's time, so that the portal's reads keep their
   * latency while it runs; 0 for no rest).
   */
  restRatio?: number;
};

export type NoticeReport = Record<NoticeKind, number> & {
  /** Notices the SMTP server refused or could not be reached for: retried by the next run. */
  failed: number;
  /** Installments of people blocked for privacy (docs/privacy.md): no notice is sent to them. */
  skippedPrivacyBlocked: number;
  /**
   * Notices a run that stopped left unfinished: delivered now as recorded (the one it was handing to
   * the SMTP server again, with the same Message-ID), or, when recorded on an earlier day, recorded anew.
   */
  interrupted: number;
};

/** Which installments are due a notice of `kind` on `day`. */
function scheduleOf(kind: NoticeKind, day: string): Omit<NoticeCandidateFilter, "limit" | "after"> {
  const start = (d: string) => startOfBusinessDay(d);
  if (kind === "due-soon") {
    return {
      kind,
      dueFrom: start(addDays(day, 1)),
      dueBefore: start(addDays(day, NOTICE_SCHEDULE.dueSoonDaysBefore + 1)),
      pendingOnly: true,
      methods: DUE_SOON_METHODS,
    };
  }
  if (kind === "overdue") return { kind, dueBefore: start(day) };
  return {
    kind,
    // Due on or before day − 15: before the start of day − 14.
    dueBefore: start(addDays(day, 1 - NOTICE_SCHEDULE.formalAfterDaysOverdue)),
    // The formal notice follows the overdue one, never on the same day.
    overdueNoticeSentBefore: start(day),
  };
}

/** Whole days from one São Paulo day to another. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

async function buildNotices(
  db: Database,
  kind: NoticeKind,
  candidates: NoticeCandidate[],
  run: NoticeRun,
  channel: NewNotice["channel"],
): Promise<NewNotice[]> {
  const pix = await findActivePixCharges(
    db,
    candidates.map((candidate) => candidate.installmentId),
  );
  // What each installment charges now: a second copy's date and amount, not the original's.
  const charges = await loadCurrentCharges(
    db,
    candidates.map((candidate) => ({
      id: candidate.installmentId,
      dueDate: candidate.dueDate,
      premiumTotalCents: candidate.amountCents,
    })),
  );
  const deadlineAt =
    kind === "formal" ? endOfBusinessDay(addDays(run.day, NOTICE_SCHEDULE.cancelDaysAfterFormal)) : null;
  return candidates.map((candidate) => {
    const { subject, text } = renderNotice(kind, {
      ...candidate,
      pixCopyPaste: pix.get(candidate.installmentId)?.copyPaste ?? null,
      currentCharge: charges.get(candidate.installmentId),
      now: run.now,
      deadlineAt,
      daysOverdue: daysBetween(businessDay(candidate.dueDate), run.day),
    });
    return {
      brokerId: candidate.brokerId,
      policyId: candidate.policyId,
      installmentId: candidate.installmentId,
      kind,
      channel,
      recipient: candidate.recipient,
      subject,
      body: text,
      deadlineAt,
      createdAt: run.now,
    };
  });
}

/** What a delivery did: the notices it sent and how many the SMTP server refused. */
type Delivery = { sent: InstallmentNoticeRow[]; failed: number };

/**
 * Sends what this run took. The outbox's are delivered once recorded. Over SMTP each is marked
 * `Sending` before the server is called and `Sent` after: a run stopped in between leaves it
 * `Sending`, and the next run sends it again under the same Message-ID (the notice's id), which mail
 * clients show once.
 */
async function deliver(
  db: Database,
  notices: InstallmentNoticeRow[],
  mailer: NoticeMailer,
  now: Date,
): Promise<Delivery> {
  if (mailer.channel === "outbox") {
    await markNoticesSent(
      db,
      notices.map((notice) => notice.id),
      now,
    );
    return { sent: notices, failed: 0 };
  }
  const delivery: Delivery = { sent: [], failed: 0 };
  for (const notice of notices) {
    if (!(await markNoticeSending(db, notice.id))) continue;
    try {
      const { messageId } = await mailer.send({
        id: notice.id,
        to: notice.recipient,
        subject: notice.subject,
        text: notice.body,
      });
      await markNoticeSent(db, notice.id, { sentAt: now, messageId });
      delivery.sent.push(notice);
    } catch (error) {
      delivery.failed++;
      log.warn({ err: error, noticeId: notice.id, kind: notice.kind }, "notice not sent: retried next run");
      await markNoticeFailed(db, notice.id, error instanceof Error ? error.message : String(error));
    }
  }
  return delivery;
}

function count(report: NoticeReport, delivery: Delivery): void {
  for (const notice of delivery.sent) report[notice.kind]++;
  report.failed += delivery.failed;
}

/**
 * The daily notices to the insured (Lei 15.040/2024, docs/notices.md): `due-soon` 3 days before
 * each due day (boleto and Pix), `overdue` from the day after it, `formal` at 15 days overdue (the
 * day after the overdue notice at the earliest), for unpaid installments of Issued policies only.
 * Each notice is recorded (Pending, one per installment and kind) before it is sent, then marked
 * Sending and Sent or Failed: a re-run after a stop (the same day) first finishes what the stopped
 * run left, sending each once (the one in flight again under the same Message-ID); a Failed one is
 * sent again, with its text made anew, by the next run (while its installment is still unpaid).
 * Runs never overlap (the worker's daily queue runs one at a time; a retry starts once the attempt
 * ended). In batches of `batchSize`, with a rest after each (`restRatio`).
 */
export async function sendInstallmentNotices(db: Database, run: NoticeRun): Promise<NoticeReport> {
  const mailer = run.mailer ?? getNoticeMailer();
  const limit = run.batchSize ?? DEFAULT_NOTICE_BATCH_SIZE;
  const restRatio = run.restRatio ?? DEFAULT_REST_RATIO;
  const report: NoticeReport = {
    "due-soon": 0,
    overdue: 0,
    formal: 0,
    failed: 0,
    skippedPrivacyBlocked: 0,
    interrupted: 0,
  };
  // First what a run that stopped left today, as it was recorded: a re-run the same day finishes
  // it (none waits for tomorrow). Older ones are Failed and recorded anew below when still due.
  const unfinished = await takeUnfinishedNotices(db, startOfBusinessDay(run.day));
  report.interrupted = unfinished.resumed.length + unfinished.failed;
  count(report, await deliver(db, unfinished.resumed, mailer, run.now));
  for (const kind of run.kinds ?? NOTICE_KINDS) {
    const schedule = scheduleOf(kind, run.day);
    let after: NoticeCursor | undefined;
    for (;;) {
      const started = performance.now();
      const rows = await findNoticeCandidates(db, { ...schedule, after, limit });
      if (!rows.length) break;
      const last = rows.at(-1)!;
      after = { dueDate: last.dueDate, id: last.installmentId };
      const eligible = rows.filter((row) => !row.blocked);
      report.skippedPrivacyBlocked += rows.length - eligible.length;
      const taken = await recordPendingNotices(
        db,
        await buildNotices(db, kind, eligible, run, mailer.channel),
      );
      count(report, await deliver(db, taken, mailer, run.now));
      if (rows.length < limit) break;
      if (restRatio > 0) await rest((performance.now() - started) * restRatio);
    }
  }
  if (report["due-soon"] + report.overdue + report.formal + report.failed) {
    log.info({ ...report, day: run.day, channel: mailer.channel }, "installment notices");
  }
  return report;
}
