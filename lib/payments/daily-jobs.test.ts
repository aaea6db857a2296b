import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { findInstallmentEventSubjects, markOverdueBatch } from "@/db/queries/installment-payments";
import { checkouts, events, installmentCharges, policies, policyInstallments } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { startOfBusinessDay } from "@/lib/dates";
import { seedIssuedPolicy } from "@/lib/documents/testing-fixtures";
import { morningOf, runDailyJobs } from "@/lib/worker/daily";
import { chargeDueCardInstallments, chargeKeyOf } from "./card-charges";
import type { ChargeResult } from "./gateway";
import { recordInstallmentEvents } from "./installment-events";
import { markOverdueInstallments } from "./overdue";
import { SandboxPaymentGateway } from "./sandbox";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  // The daily run's Pix reconciliation asks the sandbox PSP, which reads the process's database.
  useDatabaseForTesting(handle);
});
afterAll(async () => {
  useDatabaseForTesting(undefined);
  await handle.close();
});

/** Installments of the fixture fall due on the 8th of March..June 2026 (São Paulo). */
async function installmentsOf(policyId: string) {
  return handle.db
    .select()
    .from(policyInstallments)
    .where(eq(policyInstallments.policyId, policyId))
    .orderBy(asc(policyInstallments.installmentNumber));
}

async function eventsOf(quotationId: string, type: string) {
  return handle.db
    .select()
    .from(events)
    .where(and(eq(events.quotationId, quotationId), eq(events.type, type)))
    .orderBy(asc(events.sequence));
}

/** A card policy as issuance leaves it: first installment Paid, the checkout holding the token. */
async function seedCardPolicy(last4: string) {
  const seeded = await seedIssuedPolicy(handle.db, { paymentMethod: "CREDIT-CARD" });
  const [checkout] = await handle.db
    .insert(checkouts)
    .values({
      brokerId: seeded.broker.id,
      quotationId: seeded.quotation.id,
      proposalId: seeded.proposal.id,
      paymentMethod: "CREDIT-CARD",
      status: "Issued",
      cardToken: `tok_sandbox_${last4}_abcdefghij`,
      cardBrand: "VISA",
      cardLast4: last4,
      cardExpiryMonth: 12,
      cardExpiryYear: 2030,
    })
    .returning();
  await handle.db.update(policies).set({ checkoutId: checkout!.id }).where(eq(policies.id, seeded.policy.id));
  return seeded;
}

const run = (day: string, gateway?: SandboxPaymentGateway) => ({ day, now: morningOf(day), gateway });

describe("overdue marking", () => {
  it("marks an unpaid installment Overdue the day after its due date, with one event, once", async () => {
    const { policy, quotation } = await seedIssuedPolicy(handle.db);
    // Due 2026-04-08 (São Paulo): still Pending on its due day.
    await markOverdueInstallments(handle.db, run("2026-04-08"));
    let rows = await installmentsOf(policy.id);
    expect(rows.map((r) => r.status)).toEqual(["Paid", "Pending", "Pending", "Pending"]);

    await markOverdueInstallments(handle.db, { ...run("2026-04-09"), batchSize: 1 });
    rows = await installmentsOf(policy.id);
    expect(rows.map((r) => r.status)).toEqual(["Paid", "Overdue", "Pending", "Pending"]);
    const overdue = await eventsOf(quotation.id, "installment.overdue");
    expect(overdue).toHaveLength(1);
    expect(overdue[0]!.data).toMatchObject({
      installmentNumber: 2,
      status: "Overdue",
      policyNumber: policy.policyNumber,
    });
    expect(overdue[0]!.occurredAt.toISOString()).toBe(morningOf("2026-04-09").toISOString());

    // Running the same day again (or a later day with nothing new due) changes nothing.
    await markOverdueInstallments(handle.db, run("2026-04-09"));
    await markOverdueInstallments(handle.db, run("2026-05-08"));
    expect(await eventsOf(quotation.id, "installment.overdue")).toHaveLength(1);

    // Batches of 1 still reach every installment: two more fall due.
    await markOverdueInstallments(handle.db, { ...run("2026-06-09"), batchSize: 1 });
    rows = await installmentsOf(policy.id);
    expect(rows.map((r) => r.status)).toEqual(["Paid", "Overdue", "Overdue", "Overdue"]);
    expect(await eventsOf(quotation.id, "installment.overdue")).toHaveLength(3);
  });

  it("writes the events in the move's transaction: a rolled-back batch leaves neither", async () => {
    const { policy, quotation } = await seedIssuedPolicy(handle.db);
    await expect(
      handle.db.transaction(async (tx) => {
        const ids = await markOverdueBatch(tx, startOfBusinessDay("2026-04-09"), 1000);
        await recordInstallmentEvents(
          tx,
          "installment.overdue",
          await findInstallmentEventSubjects(tx, ids),
          new Date(),
        );
        expect(await tx.select().from(events).where(eq(events.quotationId, quotation.id))).toHaveLength(1);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect((await installmentsOf(policy.id)).map((r) => r.status)).toEqual([
      "Paid",
      "Pending",
      "Pending",
      "Pending",
    ]);
    expect(await eventsOf(quotation.id, "installment.overdue")).toHaveLength(0);
  });

  it("leaves paid and canceled installments alone", async () => {
    const { policy } = await seedIssuedPolicy(handle.db);
    const [, second] = await installmentsOf(policy.id);
    await handle.db
      .update(policyInstallments)
      .set({ status: "Canceled" })
      .where(eq(policyInstallments.id, second!.id));
    await markOverdueInstallments(handle.db, run("2026-05-01"));
    expect((await installmentsOf(policy.id)).map((r) => r.status)).toEqual([
      "Paid",
      "Canceled",
      "Pending",
      "Pending",
    ]);
  });
});

describe("card installments charged by the daily job", () => {
  it("charges an installment on its due date only, once, and marks it Paid with the event", async () => {
    const gateway = new SandboxPaymentGateway();
    const { policy, quotation } = await seedCardPolicy("1111");
    const second = (await installmentsOf(policy.id))[1]!;

    await chargeDueCardInstallments(handle.db, run("2026-04-07", gateway));
    expect(gateway.charges.has(chargeKeyOf(second.id, 1))).toBe(false);

    await chargeDueCardInstallments(handle.db, run("2026-04-08", gateway));
    const rows = await installmentsOf(policy.id);
    expect(rows.map((r) => r.status)).toEqual(["Paid", "Paid", "Pending", "Pending"]);
    expect(rows[1]!.paidAt?.toISOString()).toBe(morningOf("2026-04-08").toISOString());
    expect(rows[1]!.paidCents).toBe(second.premiumTotalCents);
    expect(gateway.charges.get(chargeKeyOf(second.id, 1))).toMatchObject({
      amountCents: second.premiumTotalCents,
      result: { status: "approved" },
    });
    const paid = await eventsOf(quotation.id, "installment.paid");
    expect(paid.map((e) => e.data.installmentNumber)).toEqual([2]);

    // The same day again, and the next day: nothing more is charged.
    await chargeDueCardInstallments(handle.db, run("2026-04-08", gateway));
    await runDailyJobs(handle.db, { day: "2026-04-09", gateway });
    expect(gateway.chargeAttempts.get(chargeKeyOf(second.id, 1))).toBe(1);
    expect([...gateway.charges.keys()].filter((key) => key.includes(second.id))).toHaveLength(1);
    expect(await eventsOf(quotation.id, "installment.paid")).toHaveLength(1);
  });

  it("test card 0069: declined later charges leave the installment Overdue, retried on the next 3 days only", async () => {
    const gateway = new SandboxPaymentGateway();
    const { policy, quotation } = await seedCardPolicy("0069");
    const second = (await installmentsOf(policy.id))[1]!;
    for (const day of ["2026-04-08", "2026-04-09", "2026-04-10", "2026-04-11", "2026-04-12", "2026-04-13"]) {
      await runDailyJobs(handle.db, { day, gateway });
    }
    const keys = [...gateway.charges.keys()].filter((key) => key.includes(second.id));
    expect(keys.sort()).toEqual([1, 2, 3, 4].map((attempt) => chargeKeyOf(second.id, attempt)));
    const attempts = await handle.db
      .select()
      .from(installmentCharges)
      .where(eq(installmentCharges.installmentId, second.id));
    expect(attempts.map((a) => a.status)).toEqual(["Declined", "Declined", "Declined", "Declined"]);
    const rows = await installmentsOf(policy.id);
    expect(rows[1]!.status).toBe("Overdue");
    expect(rows[1]!.paidAt).toBeNull();
    // Overdue once: on the declined due-date charge, not again on retries or by the overdue job.
    const overdue = await eventsOf(quotation.id, "installment.overdue");
    expect(overdue.map((e) => e.data.installmentNumber)).toEqual([2]);
  });

  it("declined on the due date, approved on the next day's retry: Overdue, then Paid", async () => {
    class DeclineFirstAttempt extends SandboxPaymentGateway {
      override async charge(
        token: string,
        amountCents: number,
        options: { idempotencyKey: string; recurring?: boolean },
      ): Promise<ChargeResult> {
        if (options.idempotencyKey.endsWith(":1"))
          return { status: "declined", reason: "Saldo insuficiente." };
        return super.charge(token, amountCents, options);
      }
    }
    const gateway = new DeclineFirstAttempt();
    const { policy, quotation } = await seedCardPolicy("1111");
    await runDailyJobs(handle.db, { day: "2026-04-08", gateway });
    expect((await installmentsOf(policy.id))[1]!.status).toBe("Overdue");
    await runDailyJobs(handle.db, { day: "2026-04-09", gateway });
    const rows = await installmentsOf(policy.id);
    expect(rows[1]!.status).toBe("Paid");
    expect(rows[1]!.paidAt?.toISOString()).toBe(morningOf("2026-04-09").toISOString());
    expect((await eventsOf(quotation.id, "installment.overdue")).length).toBe(1);
    expect((await eventsOf(quotation.id, "installment.paid")).map((e) => e.data.installmentNumber)).toEqual([
      2,
    ]);
  });

  it("never charges twice when the job dies between the charge and the commit", async () => {
    const sandbox = new SandboxPaymentGateway();
    /** The gateway approves the charge, then the process dies before the outcome is committed. */
    class CrashAfterCharge extends SandboxPaymentGateway {
      override async charge(
        token: string,
        amountCents: number,
        options: { idempotencyKey: string; recurring?: boolean },
      ): Promise<ChargeResult> {
        await sandbox.charge(token, amountCents, options);
        throw new Error("worker killed after the charge");
      }
    }
    const { policy, quotation } = await seedCardPolicy("1111");
    const second = (await installmentsOf(policy.id))[1]!;
    await expect(
      chargeDueCardInstallments(handle.db, run("2026-04-08", new CrashAfterCharge())),
    ).rejects.toThrow("worker killed");
    expect((await installmentsOf(policy.id))[1]!.status).toBe("Pending");
    expect(await eventsOf(quotation.id, "installment.paid")).toHaveLength(0);

    // The rerun (the next day, here) repeats the pending attempt with the same key: no new charge.
    await runDailyJobs(handle.db, { day: "2026-04-09", gateway: sandbox });
    const key = chargeKeyOf(second.id, 1);
    expect(sandbox.chargeAttempts.get(key)).toBe(2);
    expect([...sandbox.charges.keys()].filter((k) => k.includes(second.id))).toEqual([key]);
    const rows = await installmentsOf(policy.id);
    expect(rows[1]!.status).toBe("Paid");
    expect(await eventsOf(quotation.id, "installment.paid")).toHaveLength(1);
    const attempts = await handle.db
      .select()
      .from(installmentCharges)
      .where(inArray(installmentCharges.installmentId, [second.id]));
    expect(attempts.map((a) => [a.attempt, a.status])).toEqual([[1, "Approved"]]);
  });
});
