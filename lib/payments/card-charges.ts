import type { Database } from "@/db/index";
import {
  type CardChargeCandidate,
  ensureChargeAttempt,
  findCardChargeCandidate,
  findCardChargeCandidates,
  findChargeAttempts,
  findInstallmentEventSubjects,
  findUnresolvedCharges,
  type InstallmentChargeRow,
  markInstallmentOverdue,
  markInstallmentPaid,
  resolveChargeAttempt,
} from "@/db/queries/installment-payments";
import { earnInstallmentCommissions } from "@/lib/commissions/ledger";
import { addDays, businessDay, startOfBusinessDay } from "@/lib/dates";
import { log } from "@/lib/log";
import { getPaymentGateway, type PaymentGateway, PaymentGatewayUnavailableError } from "./gateway";
import { recordInstallmentEvents } from "./installment-events";
import { type DailyRun, DEFAULT_DAILY_BATCH_SIZE } from "./overdue";

/** A declined installment is charged again on each of the next 3 days. */
export const CARD_RETRY_DAYS = 3;
/** Charges in flight at once. */
export const CARD_CHARGE_CONCURRENCY = 4;

/** The gateway's idempotency key of one attempt: the same attempt always sends the same key. */
export function chargeKeyOf(installmentId: string, attempt: number): string {
  return `installment:${installmentId}:${attempt}`;
}

/** 1 on the due day, 2..4 on the days after it. */
function attemptOn(dueDate: Date, day: string): number {
  const due = Date.parse(`${businessDay(dueDate)}T00:00:00Z`);
  return Math.round((Date.parse(`${day}T00:00:00Z`) - due) / 86_400_000) + 1;
}

export type CardChargeSummary = { approved: number; declined: number; unavailable: number; resumed: number };

/**
 * The daily card job for `run.day`: every unpaid installment of a card policy due
 * that day is charged with the stored token; one declined earlier is charged again on each of the
 * next CARD_RETRY_DAYS days. An approval makes it Paid (`installment.paid`), a decline leaves it
 * Overdue (`installment.overdue` when it was still Pending), each in one transaction with the
 * attempt's outcome.
 *
 * Never twice: each attempt (installment, attempt number) is written with its key and committed
 * before the gateway is called. A job that stops between the charge and the commit leaves the
 * attempt Pending; the next run repeats the call with the same key first, and the gateway answers
 * it with the first result instead of charging again. A run repeated on the same day finds the
 * attempt resolved and does nothing.
 */
export async function chargeDueCardInstallments(
  db: Database,
  run: DailyRun & { gateway?: PaymentGateway },
): Promise<CardChargeSummary> {
  const gateway = run.gateway ?? getPaymentGateway();
  const batchSize = run.batchSize ?? DEFAULT_DAILY_BATCH_SIZE;
  const summary: CardChargeSummary = { approved: 0, declined: 0, unavailable: 0, resumed: 0 };

  for (const pending of await findUnresolvedCharges(db, batchSize)) {
    summary.resumed++;
    await chargeAttempt(db, gateway, pending, pending.cardToken, run.now, summary);
  }

  const from = startOfBusinessDay(addDays(run.day, -CARD_RETRY_DAYS));
  const to = startOfBusinessDay(addDays(run.day, 1));
  let after: { dueDate: Date; id: string } | undefined;
  for (;;) {
    const page = await findCardChargeCandidates(db, { from, to, after, limit: batchSize });
    if (!page.length) break;
    const last = page[page.length - 1]!;
    after = { dueDate: last.dueDate, id: last.installmentId };
    const attempts = new Map<string, InstallmentChargeRow>();
    for (const row of await findChargeAttempts(
      db,
      page.map((candidate) => candidate.installmentId),
    )) {
      attempts.set(`${row.installmentId}:${row.attempt}`, row);
    }
    const due = page.flatMap((candidate) => {
      const attempt = attemptOn(candidate.dueDate, run.day);
      if (attempt < 1 || attempt > CARD_RETRY_DAYS + 1) return [];
      const existing = attempts.get(`${candidate.installmentId}:${attempt}`);
      return existing && existing.status !== "Pending" ? [] : [{ candidate, attempt }];
    });
    // A few charges at a time: a gateway call takes a while, and each charge is its own transaction.
    for (let i = 0; i < due.length; i += CARD_CHARGE_CONCURRENCY) {
      await Promise.all(
        due
          .slice(i, i + CARD_CHARGE_CONCURRENCY)
          .map(({ candidate, attempt }) =>
            chargeCandidate(db, gateway, candidate, attempt, run.now, summary),
          ),
      );
    }
    if (page.length < batchSize) break;
  }
  if (summary.approved + summary.declined + summary.unavailable) {
    log.info({ ...summary, day: run.day }, "card installments charged");
  }
  return summary;
}

/**
 * One card installment charged now, as the daily job charges it (the sandbox's "pay"): an attempt
 * left Pending by an outage is repeated with its key, otherwise the next attempt is written and
 * charged. The summary says what happened; nothing when the installment is not an unpaid card one.
 */
export async function chargeCardInstallment(
  db: Database,
  installmentId: string,
  options: { now: Date; gateway?: PaymentGateway },
): Promise<CardChargeSummary> {
  const gateway = options.gateway ?? getPaymentGateway();
  const summary: CardChargeSummary = { approved: 0, declined: 0, unavailable: 0, resumed: 0 };
  const candidate = await findCardChargeCandidate(db, installmentId);
  if (!candidate) return summary;
  const attempts = await findChargeAttempts(db, [installmentId]);
  const pending = attempts.find((attempt) => attempt.status === "Pending");
  if (pending) {
    summary.resumed++;
    await chargeAttempt(db, gateway, pending, candidate.cardToken, options.now, summary);
    return summary;
  }
  const attempt = Math.max(0, ...attempts.map((row) => row.attempt)) + 1;
  await chargeCandidate(db, gateway, candidate, attempt, options.now, summary);
  return summary;
}

async function chargeCandidate(
  db: Database,
  gateway: PaymentGateway,
  candidate: CardChargeCandidate,
  attempt: number,
  now: Date,
  summary: CardChargeSummary,
): Promise<void> {
  const charge = await ensureChargeAttempt(db, {
    installmentId: candidate.installmentId,
    attempt,
    chargeKey: chargeKeyOf(candidate.installmentId, attempt),
    amountCents: candidate.amountCents,
    at: now,
  });
  if (charge.status !== "Pending") return;
  await chargeAttempt(db, gateway, charge, candidate.cardToken, now, summary);
}

async function chargeAttempt(
  db: Database,
  gateway: PaymentGateway,
  charge: InstallmentChargeRow,
  cardToken: string | null,
  now: Date,
  summary: CardChargeSummary,
): Promise<void> {
  let result: Awaited<ReturnType<PaymentGateway["charge"]>>;
  if (!cardToken) {
    result = { status: "declined", reason: "Cartão não encontrado para a cobrança recorrente." };
  } else {
    try {
      result = await gateway.charge(cardToken, charge.amountCents, {
        idempotencyKey: charge.chargeKey,
        recurring: true,
      });
    } catch (error) {
      if (!(error instanceof PaymentGatewayUnavailableError)) throw error;
      // Stays Pending: the next run repeats this attempt with the same key.
      summary.unavailable++;
      log.warn({ err: error, installmentId: charge.installmentId }, "card charge unavailable");
      return;
    }
  }
  await db.transaction(async (tx) => {
    const outcome =
      result.status === "approved"
        ? ({ status: "Approved", chargeId: result.chargeId } as const)
        : ({ status: "Declined", reason: result.reason } as const);
    if (!(await resolveChargeAttempt(tx, charge.id, outcome, now))) return;
    if (result.status === "approved") {
      summary.approved++;
      if (
        await markInstallmentPaid(tx, charge.installmentId, { paidAt: now, paidCents: charge.amountCents })
      ) {
        const subjects = await findInstallmentEventSubjects(tx, [charge.installmentId]);
        await recordInstallmentEvents(tx, "installment.paid", subjects, now);
        await earnInstallmentCommissions(tx, [charge.installmentId], now);
      }
    } else {
      summary.declined++;
      if (await markInstallmentOverdue(tx, charge.installmentId)) {
        const subjects = await findInstallmentEventSubjects(tx, [charge.installmentId]);
        await recordInstallmentEvents(tx, "installment.overdue", subjects, now);
      }
    }
  });
}
