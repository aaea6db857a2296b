import Decimal from "decimal.js";
import type { LedgerEntryRow } from "@/db/queries/commissions";
import type { CommissionEntryStatus, InstallmentStatus } from "@/db/schema";
import { multiplyCents } from "@/lib/money";
import { BrandedError } from "@/lib/process/branded-error";

/**
 * The commission ledger's rules as pure functions (docs/commissions.md): what entries an
 * installment, a payment, a re-plan or a refund make, and what a payout pays. lib/commissions/ledger.ts
 * reads a policy's rows, asks these functions for the change and writes it; the property test runs
 * them without a database.
 */

/** The payout runs on this day of the month (São Paulo). */
export const PAYOUT_DAY = 10;
/** A balance below R$ 10,00 is not paid out; it waits for later credits. */
export const PAYOUT_MINIMUM_CENTS = 10_00;

/** One entry of a policy's ledger, as the rules see it (the row as the ledger's reads give it). */
export type LedgerEntry = LedgerEntryRow;

/** An installment as the ledger needs it: its net premium share (tariffPremiumCents) and status. */
export type LedgerInstallment = {
  installmentId: string;
  installmentNumber: number;
  netCents: number;
  status: InstallmentStatus;
};

export type NewLedgerEntry = Omit<LedgerEntry, "id" | "payoutId">;

/** What one event changes in a policy's ledger: rows to add, PENDING rows to earn or drop. */
export type LedgerChange = {
  inserts: NewLedgerEntry[];
  /** PENDING → AVAILABLE (earned), with the amount recomputed on the installment's share. */
  earns: { id: string; baseCents: number; amountCents: number; createdAt: Date }[];
  deletes: string[];
};

const EMPTY: LedgerChange = { inserts: [], earns: [], deletes: [] };

/** The rate of a BROKERAGE-COMMISSION percentage: "15" → "0.15". */
export function rateOfPercent(percent: Decimal.Value): string {
  return new Decimal(percent).dividedBy(100).toString();
}

/** A stored rate ("0.1500") as its shortest decimal text ("0.15"). */
export function normalizeRate(rate: Decimal.Value): string {
  return new Decimal(rate).toString();
}

/** The commission on a net amount: round(base × rate), half to even. */
export function commissionCents(baseCents: number, rate: string): number {
  return multiplyCents(baseCents, rate);
}

/** A refund's clawback: −round(refunded net × rate) (half to even is symmetric, so the same as rounding the product). */
export function clawbackCents(refundedNetCents: number, rate: string): number {
  const cents = multiplyCents(refundedNetCents, rate);
  return cents === 0 ? 0 : -cents;
}

export function isUnpaid(status: InstallmentStatus): boolean {
  return status === "Pending" || status === "Overdue";
}

function earnedEntry(installment: LedgerInstallment, rate: string, at: Date, status: CommissionEntryStatus) {
  return {
    type: "EARNED",
    status,
    installmentId: installment.installmentId,
    installmentNumber: installment.installmentNumber,
    refundId: null,
    baseCents: installment.netCents,
    amountCents: commissionCents(installment.netCents, rate),
    createdAt: at,
  } satisfies NewLedgerEntry;
}

/**
 * At issuance: one entry per installment, PENDING for an unpaid one and AVAILABLE for one paid
 * already (the card's first installment, dated when it was paid). Canceled installments have none.
 */
export function planIssuance(
  installments: (LedgerInstallment & { paidAt?: Date | null })[],
  rate: string,
  at: Date,
): LedgerChange {
  const inserts: NewLedgerEntry[] = [];
  for (const installment of installments) {
    if (isUnpaid(installment.status)) inserts.push(earnedEntry(installment, rate, at, "PENDING"));
    else if (installment.status === "Paid")
      inserts.push(earnedEntry(installment, rate, installment.paidAt ?? at, "AVAILABLE"));
  }
  return { ...EMPTY, inserts };
}

/**
 * An installment was paid at `paidAt`: its entry is earned (AVAILABLE, dated then, computed on its
 * current share), or made AVAILABLE when it had none. Nothing when it was earned already.
 */
export function planPayment(
  entries: LedgerEntry[],
  installment: LedgerInstallment,
  rate: string,
  paidAt: Date,
): LedgerChange {
  const entry = entries.find((e) => e.installmentId === installment.installmentId);
  if (!entry) return { ...EMPTY, inserts: [earnedEntry(installment, rate, paidAt, "AVAILABLE")] };
  if (entry.status !== "PENDING") return EMPTY;
  return {
    ...EMPTY,
    earns: [
      {
        id: entry.id,
        baseCents: installment.netCents,
        amountCents: commissionCents(installment.netCents, rate),
        createdAt: paidAt,
      },
    ],
  };
}

/**
 * After unpaid installments were re-planned or canceled: the PENDING entries are made to match the
 * unpaid installments (same share), dated `at` when new; an entry of a canceled or vanished
 * installment is dropped. Entries already earned are never touched.
 */
export function planReplan(
  entries: LedgerEntry[],
  installments: LedgerInstallment[],
  rate: string,
  at: Date,
): LedgerChange {
  const unpaid = new Map(
    installments.filter((i) => isUnpaid(i.status)).map((i) => [i.installmentId, i] as const),
  );
  const deletes: string[] = [];
  const kept = new Set<string>();
  for (const entry of entries) {
    if (entry.type !== "EARNED" || !entry.installmentId) continue;
    if (entry.status !== "PENDING") {
      kept.add(entry.installmentId);
      continue;
    }
    const installment = unpaid.get(entry.installmentId);
    const stillPaid = installments.some(
      (i) => i.installmentId === entry.installmentId && i.status === "Paid",
    );
    if (stillPaid) {
      // Paid but not yet earned: the payment's own hook earns it; re-planning leaves it alone.
      kept.add(entry.installmentId);
    } else if (installment && installment.netCents === entry.baseCents) {
      kept.add(entry.installmentId);
    } else {
      deletes.push(entry.id);
    }
  }
  const inserts = [...unpaid.values()]
    .filter((installment) => !kept.has(installment.installmentId))
    .map((installment) => earnedEntry(installment, rate, at, "PENDING"));
  return { inserts, earns: [], deletes };
}

/**
 * What the ledger shows as received and not refunded: the net base of the earned entries less the
 * net base clawed back. A refund may never exceed it.
 */
export function refundableNetCents(entries: LedgerEntry[]): number {
  let cents = 0;
  for (const entry of entries) {
    if (entry.type === "EARNED" && entry.status !== "PENDING") cents += entry.baseCents;
    if (entry.type === "CLAWBACK") cents -= entry.baseCents;
  }
  return cents;
}

/** Thrown when a refund exceeds the net premium received and not yet refunded (a caller's bug). */
export class RefundExceedsReceivedError extends BrandedError {
  static override readonly brand = "RefundExceedsReceivedError";

  constructor(refundedNetCents: number, refundableCents: number) {
    super(
      `refund of ${refundedNetCents} net cents exceeds the ${refundableCents} received and not yet refunded`,
    );
  }
}

/**
 * A refund of `refundedNetCents` of net premium: one CLAWBACK entry, AVAILABLE (it lowers the next
 * payout; a negative balance carries over), dated `at`. Nothing when the refund has its entry
 * already or refunds nothing. Throws RefundExceedsReceivedError when more is refunded than was received.
 */
export function planClawback(
  entries: LedgerEntry[],
  refund: { refundId: string; refundedNetCents: number },
  rate: string,
  at: Date,
): LedgerChange {
  if (!Number.isSafeInteger(refund.refundedNetCents) || refund.refundedNetCents < 0) {
    throw new RangeError(`refundedNetCents must be whole cents ≥ 0, got ${refund.refundedNetCents}`);
  }
  // Nothing refunded, nothing clawed back; a refund already recorded is not recorded twice.
  if (refund.refundedNetCents === 0 || entries.some((e) => e.refundId === refund.refundId)) return EMPTY;
  const refundable = refundableNetCents(entries);
  if (refund.refundedNetCents > refundable) {
    throw new RefundExceedsReceivedError(refund.refundedNetCents, refundable);
  }
  return {
    ...EMPTY,
    inserts: [
      {
        type: "CLAWBACK",
        status: "AVAILABLE",
        installmentId: null,
        installmentNumber: null,
        refundId: refund.refundId,
        baseCents: refund.refundedNetCents,
        amountCents: clawbackCents(refund.refundedNetCents, rate),
        createdAt: at,
      },
    ],
  };
}

/** Applies a change to a ledger in memory (the property test's ledger; the database does the same in SQL). */
export function applyChange(
  entries: LedgerEntry[],
  change: LedgerChange,
  newId: () => string,
): LedgerEntry[] {
  const deleted = new Set(change.deletes);
  const earns = new Map(change.earns.map((e) => [e.id, e]));
  const next = entries
    .filter((e) => !deleted.has(e.id))
    .map((e) => {
      const earn = earns.get(e.id);
      return earn ? { ...e, ...earn, status: "AVAILABLE" as const } : e;
    });
  for (const insert of change.inserts) next.push({ ...insert, id: newId(), payoutId: null });
  return next;
}

/** A payout decision: the balance of the AVAILABLE entries, paid when it reaches the minimum. */
export function decidePayout(availableAmounts: number[]): { balanceCents: number; pays: boolean } {
  const balanceCents = availableAmounts.reduce((sum, cents) => sum + cents, 0);
  return { balanceCents, pays: balanceCents >= PAYOUT_MINIMUM_CENTS };
}

/**
 * The payout month of a São Paulo day: on or after the 10th, that month pays the previous month's
 * closing balance (`period`); before it, nothing is due yet this month.
 */
export function payoutPeriodOf(day: string): { period: string; month: string } | undefined {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  if (d < PAYOUT_DAY) return undefined;
  const previous = new Date(Date.UTC(y, m - 2, 1));
  return {
    month: day.slice(0, 7),
    period: `${previous.getUTCFullYear()}-${String(previous.getUTCMonth() + 1).padStart(2, "0")}`,
  };
}

/**
 * The rate frozen on a policy at issuance: the quotation's BROKERAGE-COMMISSION answer as pricing
 * read it (lib/quotations/pricing.ts), else the quotation's stored percentage, / 100.
 */
export function rateOfQuotation(answers: Record<string, unknown>, commissionPercent: string): string {
  const answer = answers["BROKERAGE-COMMISSION"];
  const percent = typeof answer === "string" || typeof answer === "number" ? answer : commissionPercent;
  return rateOfPercent(percent);
}
