import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { findLedgerEntries } from "@/db/queries/commissions";
import { markInstallmentPaid } from "@/db/queries/installment-payments";
import { commissionEntries, commissionPayouts, policies, policyInstallments, quotations } from "@/db/schema";
import { issueTestPolicy } from "@/lib/checkout/testing";
import { startOfBusinessDay } from "@/lib/dates";
import { loadHomeDashboard } from "@/lib/home/dashboard";
import { multiplyCents } from "@/lib/money";
import { chargeCardInstallment } from "@/lib/payments/card-charges";
import { importPaymentReturn } from "@/lib/payments/import-return";
import { SandboxPaymentGateway } from "@/lib/payments/sandbox";
import { buildSandboxReturn } from "@/lib/payments/sandbox-return";
import { cancelPolicy } from "@/lib/policies/cancel-policy";
import { setUpDomainTestDatabase } from "@/lib/testing/domain-database";
import { createBrokerWithKey } from "@/lib/testing/fixtures";
import { insertTestPolicy } from "@/lib/testing/policy-fixtures";
import { backfillCommissionLedger } from "./backfill";
import { RefundExceedsReceivedError } from "./core";
import {
  commissionRateOf,
  earnInstallmentCommissions,
  recordIssuanceCommission,
  recordRefundClawback,
  replanPendingCommission,
} from "./ledger";
import { payoutInstant, runCommissionPayouts } from "./payouts";

let handle: DatabaseHandle;
let broker: { id: string; registerNumber: string };
const gateway = new SandboxPaymentGateway();

async function installmentsOf(policyId: string) {
  return handle.db
    .select()
    .from(policyInstallments)
    .where(eq(policyInstallments.policyId, policyId))
    .orderBy(asc(policyInstallments.installmentNumber));
}

async function entriesOf(policyId: string) {
  const rows = await findLedgerEntries(handle.db, policyId);
  return rows.sort((a, b) => (a.installmentNumber ?? 99) - (b.installmentNumber ?? 99));
}

/** A policy issued by the real issuance job, its installments and entries. */
async function issued(method: "TICKET" | "CREDIT-CARD", installments: number, issuedAt = new Date()) {
  const policy = await issueTestPolicy(handle.db, broker, gateway, { method, installments, now: issuedAt });
  return { policy, installments: await installmentsOf(policy.id) };
}

setUpDomainTestDatabase({ gateway, registerNumbers: ["100000"] }, (opened) => {
  handle = opened.handle;
  broker = opened.brokers["100000"];
});

describe("entries at issuance and on payment", () => {
  it("card: the rate is frozen from BROKERAGE-COMMISSION; the first installment is earned at issuance, the rest PENDING", async () => {
    const issuedAt = new Date();
    const { policy, installments } = await issued("CREDIT-CARD", 3, issuedAt);
    // The quotation's default answer, 20 %.
    expect(policy.commissionRate).toBe("0.2000");
    expect(await commissionRateOf(handle.db, policy.id)).toBe("0.2");
    const entries = await entriesOf(policy.id);
    expect(entries).toHaveLength(3);
    expect(entries.map((e) => [e.type, e.status, e.installmentNumber])).toEqual([
      ["EARNED", "AVAILABLE", 1],
      ["EARNED", "PENDING", 2],
      ["EARNED", "PENDING", 3],
    ]);
    for (const [i, entry] of entries.entries()) {
      expect(entry.baseCents).toBe(installments[i]!.tariffPremiumCents);
      expect(entry.amountCents).toBe(multiplyCents(installments[i]!.tariffPremiumCents, "0.2"));
    }
    expect(entries[0]!.createdAt.toISOString()).toBe(issuedAt.toISOString());
    // The net shares add up to the policy's net premium: the entries forecast rate × net.
    expect(entries.reduce((sum, e) => sum + e.baseCents, 0)).toBe(policy.netCents);

    // The daily job's charge of installment 2 earns it, dated at the charge.
    const chargedAt = new Date(issuedAt.getTime() + 60_000);
    const summary = await chargeCardInstallment(handle.db, installments[1]!.id, { now: chargedAt, gateway });
    expect(summary.approved).toBe(1);
    const after = await entriesOf(policy.id);
    expect(after[1]).toMatchObject({ status: "AVAILABLE", installmentNumber: 2 });
    expect(after[1]!.createdAt.toISOString()).toBe(chargedAt.toISOString());
    expect(after[1]!.id).toBe(entries[1]!.id);

    // Issuance (a late duplicate) and a repeated earning change nothing.
    await handle.db.transaction(async (tx) => {
      await recordIssuanceCommission(tx, policy.id, new Date());
      await earnInstallmentCommissions(tx, [installments[1]!.id], new Date());
    });
    expect(await entriesOf(policy.id)).toEqual(after);
  });

  it("boleto: every entry PENDING at issuance; the bank's return file earns the installment at its liquidation day", async () => {
    const { policy, installments } = await issued("TICKET", 2);
    expect((await entriesOf(policy.id)).map((e) => e.status)).toEqual(["PENDING", "PENDING"]);
    const file = await buildSandboxReturn(handle.db, [{ policy: policy.policyNumber, installments: [1] }], {
      paidOn: "2026-11-20",
    });
    const report = await importPaymentReturn(handle.db, { text: file, fileName: "r.ret", source: "cli" });
    expect(report).toMatchObject({ status: "Applied", matchedCount: 1 });
    const entries = await entriesOf(policy.id);
    expect(entries.map((e) => e.status)).toEqual(["AVAILABLE", "PENDING"]);
    expect(entries[0]!.createdAt.toISOString()).toBe(startOfBusinessDay("2026-11-20").toISOString());
    expect(entries[0]!.amountCents).toBe(multiplyCents(installments[0]!.tariffPremiumCents, "0.2"));
    // The same file again: already paid, nothing changes.
    await importPaymentReturn(handle.db, { text: file, fileName: "r.ret", source: "cli" });
    expect(await entriesOf(policy.id)).toEqual(entries);
  });

  it("a portal cancellation drops the forecasts of the canceled installments and keeps what was earned", async () => {
    const { policy } = await issued("CREDIT-CARD", 4);
    const result = await cancelPolicy(handle.db, broker.id, policy.policyNumber, {
      reason: "Pedido do segurado",
    });
    expect(result).toEqual({ ok: true });
    const entries = await entriesOf(policy.id);
    expect(entries.filter((e) => e.type === "EARNED").map((e) => [e.status, e.installmentNumber])).toEqual([
      ["AVAILABLE", 1],
    ]);
    // The refund, if any, is clawed back; nothing is left as a forecast.
    expect(entries.every((e) => e.status !== "PENDING")).toBe(true);
    expect(entries.filter((e) => e.type === "CLAWBACK").every((e) => e.amountCents <= 0)).toBe(true);
  });
});

describe("re-plan and clawback (the endorsements' calls)", () => {
  it("replanPendingCommission follows a re-planned share; recordRefundClawback writes −refund × rate once", async () => {
    const { policy, installments } = await issued("CREDIT-CARD", 3);
    const first = installments[0]!;
    // An endorsement moves 10,00 of net premium onto installment 3.
    await handle.db.transaction(async (tx) => {
      await tx
        .update(policyInstallments)
        .set({ tariffPremiumCents: installments[2]!.tariffPremiumCents + 10_00 })
        .where(eq(policyInstallments.id, installments[2]!.id));
      await replanPendingCommission(tx, policy.id, new Date());
    });
    const replanned = await entriesOf(policy.id);
    expect(replanned[2]).toMatchObject({
      status: "PENDING",
      baseCents: installments[2]!.tariffPremiumCents + 10_00,
      amountCents: multiplyCents(installments[2]!.tariffPremiumCents + 10_00, "0.2"),
    });

    const refundId = crypto.randomUUID();
    const half = Math.floor(first.tariffPremiumCents / 2);
    const refund = { policyId: policy.id, refundId, refundedNetCents: half, at: new Date() };
    await handle.db.transaction((tx) => recordRefundClawback(tx, refund));
    await handle.db.transaction((tx) => recordRefundClawback(tx, refund));
    const clawbacks = (await entriesOf(policy.id)).filter((e) => e.type === "CLAWBACK");
    expect(clawbacks).toHaveLength(1);
    expect(clawbacks[0]).toMatchObject({
      status: "AVAILABLE",
      refundId,
      installmentNumber: null,
      baseCents: half,
      amountCents: -multiplyCents(half, "0.2"),
    });
    // More than the net received (installment 1 only) is refused, and nothing is written.
    await expect(
      handle.db.transaction((tx) =>
        recordRefundClawback(tx, {
          policyId: policy.id,
          refundId: crypto.randomUUID(),
          refundedNetCents: first.tariffPremiumCents - half + 1,
          at: new Date(),
        }),
      ),
    ).rejects.toThrow(RefundExceedsReceivedError);
    expect((await entriesOf(policy.id)).filter((e) => e.type === "CLAWBACK")).toHaveLength(1);
  });
});

describe("the monthly payout (the 10th, São Paulo; R$ 10,00 minimum; a negative balance carried over)", () => {
  let payee: string;

  /** A one-installment policy of `netCents` (its share) paid at `paidOn`, rate 20 %. */
  async function earned(netCents: number, paidOn: string) {
    const policy = await insertTestPolicy(handle.db, payee, {
      insuredName: "Paula Pagamentos",
      insuredIdentity: "52998224725",
      createdAt: startOfBusinessDay("2026-01-02"),
      vigencyStartedAt: startOfBusinessDay("2026-01-02"),
      netCents,
    });
    const [installment] = await installmentsOf(policy.id);
    expect(installment!.tariffPremiumCents).toBe(netCents);
    const paidAt = new Date(startOfBusinessDay(paidOn).getTime() + 12 * 3_600_000);
    await handle.db.transaction(async (tx) => {
      await recordIssuanceCommission(tx, policy.id, policy.createdAt);
      await markInstallmentPaid(tx, installment!.id, { paidAt, paidCents: installment!.premiumTotalCents });
      await earnInstallmentCommissions(tx, [installment!.id], paidAt);
    });
    return policy;
  }

  const run = (day: string) => runCommissionPayouts(handle.db, { day, now: payoutInstant(day) });

  async function payoutsOfPayee() {
    return handle.db
      .select()
      .from(commissionPayouts)
      .where(eq(commissionPayouts.brokerId, payee))
      .orderBy(asc(commissionPayouts.period));
  }

  async function statusesOfPayee() {
    const rows = await handle.db
      .select({ status: commissionEntries.status, amount: commissionEntries.amountCents })
      .from(commissionEntries)
      .where(eq(commissionEntries.brokerId, payee))
      .orderBy(asc(commissionEntries.createdAt));
    return rows.map((row) => `${row.status} ${row.amount}`);
  }

  beforeAll(async () => {
    payee = (await createBrokerWithKey(handle.db, "300000")).broker.id;
  });

  it("pays the previous month's balance once it reaches R$ 10,00, carries a smaller or negative one, never bills", async () => {
    const p1 = await earned(45_00, "2026-01-15"); // +9,00 in January
    await run("2026-02-10");
    expect(await payoutsOfPayee()).toEqual([]); // 9,00 < 10,00: carried over

    await earned(25_00, "2026-02-03"); // +5,00 in February
    await run("2026-03-09"); // before the 10th: nothing due yet
    expect(await payoutsOfPayee()).toEqual([]);
    const march = await run("2026-03-10");
    expect(march.period).toBe("2026-02");
    const [first] = await payoutsOfPayee();
    expect(first).toMatchObject({ period: "2026-02", amountCents: 14_00, entryCount: 2 });
    expect(await statusesOfPayee()).toEqual(["PAID 900", "PAID 500"]);
    const paid = await handle.db
      .select({ payoutId: commissionEntries.payoutId })
      .from(commissionEntries)
      .where(eq(commissionEntries.brokerId, payee));
    expect(paid.every((row) => row.payoutId === first!.id)).toBe(true);

    // March: +12,00, then two refunds claw back 12,00 and 9,00 (one of a policy already paid out).
    const p3 = await earned(60_00, "2026-03-05");
    await handle.db.transaction(async (tx) => {
      const refund = (policyId: string, refundedNetCents: number, day: string) =>
        recordRefundClawback(tx, {
          policyId,
          refundId: crypto.randomUUID(),
          refundedNetCents,
          at: startOfBusinessDay(day),
        });
      await refund(p3.id, 60_00, "2026-03-20");
      await refund(p1.id, 45_00, "2026-03-21");
    });
    // The home before April's payout: March's commission is −9,00, nothing to receive.
    const home = await loadHomeDashboard(handle.db, payee, new Date("2026-04-05T15:00:00.000Z"));
    expect(home.monthly.find((m) => m.month === "2026-03")?.commissionCents).toBe(-9_00);
    expect(home.commissionToReceive).toEqual({ payoutDay: "2026-04-10", cents: 0, paid: false });
    await run("2026-04-10");
    expect(await payoutsOfPayee()).toHaveLength(1); // −9,00: nothing paid, nothing billed
    expect(await statusesOfPayee()).toEqual([
      "PAID 900",
      "PAID 500",
      "AVAILABLE 1200",
      "AVAILABLE -1200",
      "AVAILABLE -900",
    ]);

    await earned(100_00, "2026-04-02"); // +20,00 in April: −9,00 + 20,00 = 11,00
    const before = await loadHomeDashboard(handle.db, payee, new Date("2026-05-05T15:00:00.000Z"));
    expect(before.commissionToReceive).toEqual({ payoutDay: "2026-05-10", cents: 11_00, paid: false });
    expect(before.monthly.find((m) => m.month === "2026-04")?.commissionCents).toBe(20_00);
    await run("2026-05-10");
    await run("2026-05-11"); // a second run that month pays nothing twice
    const payouts = await payoutsOfPayee();
    expect(payouts.map((p) => [p.period, p.amountCents, p.entryCount])).toEqual([
      ["2026-02", 14_00, 2],
      ["2026-04", 11_00, 4],
    ]);
    expect((await statusesOfPayee()).every((s) => s.startsWith("PAID"))).toBe(true);
    const after = await loadHomeDashboard(handle.db, payee, new Date("2026-05-12T15:00:00.000Z"));
    expect(after.commissionToReceive).toEqual({ payoutDay: "2026-05-10", cents: 11_00, paid: true });
  });
});

describe("backfill", () => {
  it("the migration's SQL writes the same ledger as the TypeScript rules (half-to-even rounding included)", async () => {
    const owner = (await createBrokerWithKey(handle.db, "400000")).broker.id;
    // Net shares with odd cents at 10 %: x.5 cents to round half to even.
    const made = [];
    for (const [i, netCents] of [123_45, 123_55, 99_95, 250_00].entries()) {
      const policy = await insertTestPolicy(handle.db, owner, {
        insuredName: `Backfill ${i}`,
        insuredIdentity: "52998224725",
        createdAt: startOfBusinessDay(`2026-0${i + 1}-03`),
        vigencyStartedAt: startOfBusinessDay(`2026-0${i + 1}-03`),
        netCents,
        installments: i + 1,
      });
      await handle.db
        .update(quotations)
        .set({ commissionPercent: "10" })
        .where(eq(quotations.id, policy.quotationId));
      await handle.db.update(policies).set({ commissionRate: "0.1" }).where(eq(policies.id, policy.id));
      made.push(policy);
    }
    const [paid, canceled] = await installmentsOf(made[1]!.id);
    await markInstallmentPaid(handle.db, paid!.id, {
      paidAt: startOfBusinessDay("2026-02-10"),
      paidCents: 1,
    });
    await handle.db
      .update(policyInstallments)
      .set({ status: "Canceled" })
      .where(eq(policyInstallments.id, canceled!.id));
    const [overdue] = await installmentsOf(made[2]!.id);
    await handle.db
      .update(policyInstallments)
      .set({ status: "Overdue" })
      .where(eq(policyInstallments.id, overdue!.id));

    const snapshot = async () => {
      const rows = await handle.db
        .select()
        .from(commissionEntries)
        .where(eq(commissionEntries.brokerId, owner))
        .orderBy(asc(commissionEntries.installmentId));
      return rows.map(({ id: _id, ...row }) => row);
    };
    await handle.db.transaction((tx) => backfillCommissionLedger(tx, owner));
    const fromRules = await snapshot();
    expect(fromRules).toHaveLength(1 + 1 + 3 + 4);
    expect(fromRules.filter((row) => row.status === "AVAILABLE")).toHaveLength(1);
    expect(new Set(fromRules.map((row) => row.amountCents % 2 === 0 || row.baseCents % 10 !== 5))).toEqual(
      new Set([true]),
    );

    await handle.db.delete(commissionEntries).where(eq(commissionEntries.brokerId, owner));
    const dir = join(process.cwd(), "db/migrations");
    const file = readdirSync(dir).find((name) => name.endsWith("_commission-backfill.sql"));
    expect(file).toBeDefined();
    const statements = readFileSync(join(dir, file!), "utf8")
      .split("--> statement-breakpoint")
      .map((text) => text.trim())
      .filter(Boolean);
    for (const statement of statements) await handle.db.execute(sql.raw(statement));
    expect(await snapshot()).toEqual(fromRules);
    // The migration's rate update reads the quotation's percentage and leaves the others as they were.
    const [rate] = await handle.db
      .select({ rate: policies.commissionRate })
      .from(policies)
      .where(and(eq(policies.brokerId, owner), eq(policies.id, made[0]!.id)));
    expect(rate!.rate).toBe("0.1000");
  });
});
