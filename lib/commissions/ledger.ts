import type { Executor } from "@/db/index";
import {
  findCommissionRate,
  findInstallmentPolicies,
  findLedgerEntries,
  findLedgerInstallments,
  type LedgerInstallmentRow,
  type LedgerPolicy,
  lockLedgerPolicy,
  writeLedgerChange,
} from "@/db/queries/commissions";
import { BrandedError } from "@/lib/process/branded-error";
import {
  type LedgerChange,
  type LedgerEntry,
  normalizeRate,
  planClawback,
  planIssuance,
  planPayment,
  planReplan,
} from "./core";

/**
 * The commission ledger's writes (docs/commissions.md). Every function runs in the caller's
 * transaction (`tx`), takes the policy's row lock first, reads the policy's entries and
 * installments, asks the pure rules (./core.ts) for the change and writes it. Each is idempotent:
 * calling it again with the same facts changes nothing.
 *
 * Callers:
 * - issuance (lib/checkout/issue-policy.ts): `recordIssuanceCommission`;
 * - every path that makes an installment Paid (card charges, the boleto return import):
 *   `earnInstallmentCommissions`;
 * - endorsements and cancellations: `replanPendingCommission` after unpaid installments were
 *   re-planned or canceled, `recordRefundClawback` for each refund;
 * - the monthly payout: lib/commissions/payouts.ts.
 */

/** A ledger call for a policy that does not exist (a caller's bug). */
export class UnknownLedgerPolicyError extends BrandedError {
  static override readonly brand = "UnknownLedgerPolicyError";

  constructor(policyId: string) {
    super(`commission ledger: policy ${policyId} not found`);
  }
}

async function lockPolicy(tx: Executor, policyId: string): Promise<LedgerPolicy> {
  const policy = await lockLedgerPolicy(tx, policyId);
  if (!policy) throw new UnknownLedgerPolicyError(policyId);
  return policy;
}

function toLedgerInstallment(row: LedgerInstallmentRow) {
  return {
    installmentId: row.installmentId,
    installmentNumber: row.installmentNumber,
    netCents: row.netCents,
    status: row.status,
    paidAt: row.paidAt,
  };
}

async function readLedger(tx: Executor, policyId: string): Promise<LedgerEntry[]> {
  return findLedgerEntries(tx, policyId);
}

async function write(tx: Executor, policy: LedgerPolicy, change: LedgerChange): Promise<void> {
  await writeLedgerChange(tx, policy, change);
}

/**
 * The frozen commission rate of a policy as a decimal string ("0.15" for 15 %): the quotation's
 * BROKERAGE-COMMISSION / 100, written on the policy at issuance. Throws for an unknown policy.
 */
export async function commissionRateOf(tx: Executor, policyId: string): Promise<string> {
  const rate = await findCommissionRate(tx, policyId);
  if (rate === undefined) throw new UnknownLedgerPolicyError(policyId);
  return normalizeRate(rate);
}

/**
 * At issuance, after the policy's installments were written: one EARNED entry per installment,
 * PENDING while it is unpaid, AVAILABLE (dated at its paidAt) for one paid already — the card's
 * first installment. The base is the installment's net premium share (tariffPremiumCents), the
 * amount round(base × rate). Nothing when the policy has entries already.
 */
export async function recordIssuanceCommission(tx: Executor, policyId: string, at: Date): Promise<void> {
  const policy = await lockPolicy(tx, policyId);
  if ((await readLedger(tx, policyId)).length) return;
  const installments = (await findLedgerInstallments(tx, policyId)).map(toLedgerInstallment);
  await write(tx, policy, planIssuance(installments, normalizeRate(policy.rate), at));
}

/**
 * Installments that just became Paid: each one's entry becomes AVAILABLE, dated `paidAt`, with
 * amount = its net share × rate rounded to cents (made AVAILABLE directly when it had no entry).
 * Call it in the transaction that set `status: "Paid"`; an installment already earned is left alone.
 */
export async function earnInstallmentCommissions(
  tx: Executor,
  installmentIds: string[],
  paidAt: Date,
): Promise<void> {
  const byPolicy = new Map<string, string[]>();
  for (const row of await findInstallmentPolicies(tx, installmentIds)) {
    byPolicy.set(row.policyId, [...(byPolicy.get(row.policyId) ?? []), row.installmentId]);
  }
  // Policies in id order: two transactions paying overlapping policies lock them in the same order.
  for (const policyId of [...byPolicy.keys()].sort()) {
    const policy = await lockPolicy(tx, policyId);
    const rate = normalizeRate(policy.rate);
    const installments = await findLedgerInstallments(tx, policyId);
    for (const installmentId of byPolicy.get(policyId)!) {
      const installment = installments.find((i) => i.installmentId === installmentId);
      if (installment?.status !== "Paid") continue;
      const entries = await readLedger(tx, policyId);
      await write(
        tx,
        policy,
        planPayment(entries, toLedgerInstallment(installment), rate, installment.paidAt ?? paidAt),
      );
    }
  }
}

/**
 * After unpaid installments of the policy were re-planned or canceled (an endorsement, a
 * cancellation): the PENDING entries are made to match the current unpaid (Pending or Overdue)
 * installments — an entry per unpaid installment with its current net share, none for a canceled
 * one; an entry whose share changed is replaced, dated `at`. Entries already earned (AVAILABLE,
 * PAID) are never touched: money received is undone only by a refund's clawback. Call it in the
 * transaction that changed the installments.
 */
export async function replanPendingCommission(tx: Executor, policyId: string, at: Date): Promise<void> {
  const policy = await lockPolicy(tx, policyId);
  const entries = await readLedger(tx, policyId);
  const installments = (await findLedgerInstallments(tx, policyId)).map(toLedgerInstallment);
  await write(tx, policy, planReplan(entries, installments, normalizeRate(policy.rate), at));
}

/**
 * A refund of net premium (a cancellation's, or a negative endorsement's): one CLAWBACK entry of
 * amount −round(refundedNetCents × rate), AVAILABLE and dated `at`, so it lowers the next payout
 * (a negative balance carries over, never billed). `refundedNetCents` is the refunded NET premium
 * (IOF excluded), whole cents ≥ 0 (0 writes nothing). Idempotent per `refundId` (one entry per refund). Throws
 * (RefundExceedsReceivedError) when the policy's refunds would exceed the net premium received:
 * the caller must never refund more than was paid.
 */
export async function recordRefundClawback(
  tx: Executor,
  input: { policyId: string; refundId: string; refundedNetCents: number; at: Date },
): Promise<void> {
  const policy = await lockPolicy(tx, input.policyId);
  const entries = await readLedger(tx, input.policyId);
  await write(
    tx,
    policy,
    planClawback(
      entries,
      { refundId: input.refundId, refundedNetCents: input.refundedNetCents },
      normalizeRate(policy.rate),
      input.at,
    ),
  );
}
