import Decimal from "decimal.js";
import { eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { findLedgerEntries } from "@/db/queries/commissions";
import { markInstallmentPaid } from "@/db/queries/installment-payments";
import { type InstallmentStatus, policies, policyInstallments, quotations } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { cancellationRefund } from "@/lib/endorsements/money";
import { splitInstallments } from "@/lib/money";
import { createBrokerWithKey } from "@/lib/testing/fixtures";
import { ensureTestModalities, insertTestPolicy } from "@/lib/testing/policy-fixtures";
import {
  applyChange,
  type LedgerEntry,
  type LedgerInstallment,
  planClawback,
  planIssuance,
  planPayment,
  planReplan,
  RefundExceedsReceivedError,
  rateOfPercent,
} from "./core";
import {
  earnInstallmentCommissions,
  recordIssuanceCommission,
  recordRefundClawback,
  replanPendingCommission,
} from "./ledger";

/**
 * The ledger's invariant (docs/commissions.md): for each policy, whatever happens to it — payments
 * in any order, refunds, re-planned installments, a cancellation — the entries that are not PENDING
 * add up to rate × (net received − net refunded) within one cent per entry; the PENDING entries are
 * exactly one per unpaid installment; and no refund exceeds what was received.
 */

type Op =
  | { kind: "pay"; index: number }
  | { kind: "refund"; perTenThousand: number }
  | { kind: "over-refund"; extraCents: number }
  | { kind: "reshare"; index: number; deltaCents: number }
  | { kind: "cancel"; method: "PRO-RATA" | "SHORT-RATE"; daysElapsed: number; withdrawal: boolean };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant("pay" as const), index: fc.nat({ max: 11 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("refund" as const),
      perTenThousand: fc.integer({ min: 0, max: 10_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("over-refund" as const),
      extraCents: fc.integer({ min: 1, max: 100_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("reshare" as const),
      index: fc.nat({ max: 11 }),
      deltaCents: fc.integer({ min: -5_000, max: 5_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("cancel" as const),
      method: fc.constantFrom("PRO-RATA" as const, "SHORT-RATE" as const),
      daysElapsed: fc.integer({ min: 0, max: 400 }),
      withdrawal: fc.boolean(),
    }),
  },
);

const policyArb = fc.record({
  netCents: fc.integer({ min: 100_00, max: 50_000_00 }),
  count: fc.integer({ min: 1, max: 12 }),
  /** BROKERAGE-COMMISSION: 1.00 to 30.00 %, two decimals. */
  percentHundredths: fc.integer({ min: 100, max: 3_000 }),
  ops: fc.array(opArb, { maxLength: 24 }),
});

type Model = {
  rate: string;
  /** The policy's annual net premium (every installment's share, as issued). */
  annualNetCents: number;
  installments: LedgerInstallment[];
  receivedNetCents: number;
  refundedNetCents: number;
  refunds: number;
};

function newModel(netCents: number, count: number, percentHundredths: number): Model {
  const shares = splitInstallments(netCents, count);
  return {
    rate: rateOfPercent(new Decimal(percentHundredths).dividedBy(100)),
    annualNetCents: netCents,
    installments: shares.map((share, i) => ({
      installmentId: `i${i + 1}`,
      installmentNumber: i + 1,
      netCents: share,
      status: "Pending" as InstallmentStatus,
    })),
    receivedNetCents: 0,
    refundedNetCents: 0,
    refunds: 0,
  };
}

/**
 * The net part of a cancellation's refund by lib/endorsements/money.ts over what the policy's net
 * paid is now (received less refunded); it never exceeds it.
 */
function cancellationRefundOf(model: Model, op: Extract<Op, { kind: "cancel" }>): number {
  const paidNetCents = model.receivedNetCents - model.refundedNetCents;
  const { refundCents, refundNetCents } = cancellationRefund({
    method: op.method,
    annualNetCents: model.annualNetCents,
    paidNetCents,
    // The IOF paid on top (7,38 %): a withdrawal gives it back, and it carries no commission.
    paidTotalCents: paidNetCents + Math.round(paidNetCents * 0.0738),
    daysElapsed: op.daysElapsed,
    vigencyDays: 365,
    withdrawal: op.withdrawal,
  });
  if (refundNetCents > paidNetCents || refundNetCents < 0 || refundCents < refundNetCents) {
    throw new Error(`refund ${refundCents} (net ${refundNetCents}) of a policy that paid ${paidNetCents}`);
  }
  return refundNetCents;
}

/** The invariant over one policy's entries; answers a description of the breach, or undefined. */
function breach(model: Model, entries: LedgerEntry[]): string | undefined {
  const settled = entries.filter((e) => e.status !== "PENDING");
  const sum = settled.reduce((total, e) => total + e.amountCents, 0);
  const expected = new Decimal(model.rate).times(model.receivedNetCents - model.refundedNetCents);
  if (expected.minus(sum).abs().greaterThan(settled.length)) {
    return `sum ${sum} vs ${expected.toString()} (${settled.length} entries)`;
  }
  const pending = entries.filter((e) => e.status === "PENDING");
  const unpaid = model.installments.filter((i) => i.status === "Pending" || i.status === "Overdue");
  if (pending.length !== unpaid.length)
    return `${pending.length} PENDING entries for ${unpaid.length} unpaid`;
  for (const installment of unpaid) {
    const entry = pending.find((e) => e.installmentId === installment.installmentId);
    if (!entry || entry.baseCents !== installment.netCents)
      return `installment ${installment.installmentNumber}`;
  }
  if (model.refundedNetCents > model.receivedNetCents) return "refunded more than received";
  return undefined;
}

describe("the commission ledger's invariant, 1,000 random policies (pure rules)", () => {
  it("entries add up to rate × (net received − net refunded) within a cent per entry", () => {
    fc.assert(
      fc.property(policyArb, ({ netCents, count, percentHundredths, ops }) => {
        const model = newModel(netCents, count, percentHundredths);
        let next = 0;
        const newId = () => `e${++next}`;
        let entries = applyChange([], planIssuance(model.installments, model.rate, new Date(0)), newId);
        for (const [step, op] of ops.entries()) {
          const at = new Date((step + 1) * 86_400_000);
          if (op.kind === "pay") {
            const installment = model.installments[op.index % count]!;
            if (installment.status !== "Pending" && installment.status !== "Overdue") continue;
            installment.status = "Paid";
            model.receivedNetCents += installment.netCents;
            entries = applyChange(entries, planPayment(entries, installment, model.rate, at), newId);
          } else if (op.kind === "refund") {
            const refundable = model.receivedNetCents - model.refundedNetCents;
            const cents = Math.floor((refundable * op.perTenThousand) / 10_000);
            const change = planClawback(
              entries,
              { refundId: `r${++model.refunds}`, refundedNetCents: cents },
              model.rate,
              at,
            );
            model.refundedNetCents += cents;
            entries = applyChange(entries, change, newId);
          } else if (op.kind === "over-refund") {
            const cents = model.receivedNetCents - model.refundedNetCents + op.extraCents;
            expect(() =>
              planClawback(entries, { refundId: `x${step}`, refundedNetCents: cents }, model.rate, at),
            ).toThrow(RefundExceedsReceivedError);
          } else if (op.kind === "reshare") {
            // An endorsement re-plans an unpaid installment's share.
            const installment = model.installments[op.index % count]!;
            if (installment.status !== "Pending" && installment.status !== "Overdue") continue;
            installment.netCents = Math.max(0, installment.netCents + op.deltaCents);
            entries = applyChange(entries, planReplan(entries, model.installments, model.rate, at), newId);
          } else {
            // A cancellation at the insured's request: unpaid installments canceled, the refund as the
            // endorsements' money rules compute it.
            for (const installment of model.installments) {
              if (installment.status === "Pending" || installment.status === "Overdue")
                installment.status = "Canceled";
            }
            entries = applyChange(entries, planReplan(entries, model.installments, model.rate, at), newId);
            const refund = cancellationRefundOf(model, op);
            const change = planClawback(
              entries,
              { refundId: `r${++model.refunds}`, refundedNetCents: refund },
              model.rate,
              at,
            );
            model.refundedNetCents += refund;
            entries = applyChange(entries, change, newId);
          }
          const problem = breach(model, entries);
          if (problem) throw new Error(`after step ${step} (${op.kind}): ${problem}`);
        }
        // A second delivery of every payment and a second re-plan change nothing.
        for (const installment of model.installments.filter((i) => i.status === "Paid")) {
          const change = planPayment(entries, installment, model.rate, new Date());
          expect(change.inserts.length + change.earns.length + change.deletes.length).toBe(0);
        }
        const again = planReplan(entries, model.installments, model.rate, new Date());
        expect(again.inserts.length + again.earns.length + again.deletes.length).toBe(0);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe("the same invariant through the database functions (30 random policies)", () => {
  let handle: DatabaseHandle;
  let brokerId: string;

  beforeAll(async () => {
    handle = await createTestDatabase();
    await ensureTestModalities(handle.db);
    brokerId = (await createBrokerWithKey(handle.db, "100000")).broker.id;
  });
  afterAll(() => handle.close());

  it("holds for the ledger the real functions write", async () => {
    await fc.assert(
      fc.asyncProperty(policyArb, async ({ netCents, count, percentHundredths, ops }) => {
        const db = handle.db;
        const policy = await insertTestPolicy(db, brokerId, {
          insuredName: "Maria da Silva",
          insuredIdentity: "52998224725",
          createdAt: new Date("2026-01-05T12:00:00.000Z"),
          vigencyStartedAt: new Date("2026-01-05T03:00:00.000Z"),
          netCents,
          installments: count,
        });
        const percent = new Decimal(percentHundredths).dividedBy(100).toFixed(2);
        await db
          .update(quotations)
          .set({ commissionPercent: percent })
          .where(eq(quotations.id, policy.quotationId));
        await db
          .update(policies)
          .set({ commissionRate: rateOfPercent(percent) })
          .where(eq(policies.id, policy.id));
        const rows = await db
          .select()
          .from(policyInstallments)
          .where(eq(policyInstallments.policyId, policy.id))
          .orderBy(policyInstallments.installmentNumber);
        const model: Model = {
          rate: rateOfPercent(percent),
          annualNetCents: rows.reduce((sum, row) => sum + row.tariffPremiumCents, 0),
          installments: rows.map((row) => ({
            installmentId: row.id,
            installmentNumber: row.installmentNumber,
            netCents: row.tariffPremiumCents,
            status: row.status,
          })),
          receivedNetCents: 0,
          refundedNetCents: 0,
          refunds: 0,
        };
        await db.transaction((tx) => recordIssuanceCommission(tx, policy.id, policy.createdAt));
        for (const [step, op] of ops.entries()) {
          const at = new Date(Date.UTC(2026, 1, 1 + step));
          if (op.kind === "pay") {
            const installment = model.installments[op.index % count]!;
            if (installment.status !== "Pending" && installment.status !== "Overdue") continue;
            await db.transaction(async (tx) => {
              await markInstallmentPaid(tx, installment.installmentId, {
                paidAt: at,
                paidCents: installment.netCents,
              });
              await earnInstallmentCommissions(tx, [installment.installmentId], at);
            });
            installment.status = "Paid";
            model.receivedNetCents += installment.netCents;
          } else if (op.kind === "refund") {
            const refundable = model.receivedNetCents - model.refundedNetCents;
            const cents = Math.floor((refundable * op.perTenThousand) / 10_000);
            await db.transaction((tx) =>
              recordRefundClawback(tx, {
                policyId: policy.id,
                refundId: crypto.randomUUID(),
                refundedNetCents: cents,
                at,
              }),
            );
            model.refundedNetCents += cents;
          } else if (op.kind === "over-refund") {
            const cents = model.receivedNetCents - model.refundedNetCents + op.extraCents;
            await expect(
              db.transaction((tx) =>
                recordRefundClawback(tx, {
                  policyId: policy.id,
                  refundId: crypto.randomUUID(),
                  refundedNetCents: cents,
                  at,
                }),
              ),
            ).rejects.toThrow(RefundExceedsReceivedError);
          } else if (op.kind === "reshare") {
            const installment = model.installments[op.index % count]!;
            if (installment.status !== "Pending" && installment.status !== "Overdue") continue;
            installment.netCents = Math.max(0, installment.netCents + op.deltaCents);
            await db.transaction(async (tx) => {
              const row = rows.find((r) => r.id === installment.installmentId)!;
              await tx
                .update(policyInstallments)
                .set({
                  tariffPremiumCents: installment.netCents,
                  premiumTotalCents: installment.netCents + row.iofCents,
                })
                .where(eq(policyInstallments.id, installment.installmentId));
              await replanPendingCommission(tx, policy.id, at);
            });
          } else {
            const unpaid = model.installments.filter((i) => i.status === "Pending" || i.status === "Overdue");
            const refund = cancellationRefundOf(model, op);
            await db.transaction(async (tx) => {
              if (unpaid.length) {
                await tx
                  .update(policyInstallments)
                  .set({ status: "Canceled" })
                  .where(
                    inArray(
                      policyInstallments.id,
                      unpaid.map((i) => i.installmentId),
                    ),
                  );
              }
              await replanPendingCommission(tx, policy.id, at);
              await recordRefundClawback(tx, {
                policyId: policy.id,
                refundId: crypto.randomUUID(),
                refundedNetCents: refund,
                at,
              });
            });
            for (const installment of unpaid) installment.status = "Canceled";
            model.refundedNetCents += refund;
          }
        }
        const problem = breach(model, await findLedgerEntries(db, policy.id));
        if (problem) throw new Error(problem);
      }),
      { numRuns: 30 },
    );
  }, 120_000);
});
