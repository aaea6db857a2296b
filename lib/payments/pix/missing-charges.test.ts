import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findActivePixCharges } from "@/db/queries/pix-charges";
import { pixCharges, policyInstallments } from "@/db/schema";
import { addDays, businessDay, startOfBusinessDay } from "@/lib/dates";
import { PaymentGatewayUnavailableError } from "@/lib/payments/gateway";
import { SandboxPaymentGateway } from "@/lib/payments/sandbox";
import { setUpDomainTestDatabase } from "@/lib/testing/domain-database";
import { DAILY_JOBS } from "@/lib/worker/daily";
import { registerMissingPixCharges } from "./missing-charges";
import type { PixProvider } from "./provider";
import { SandboxPixProvider } from "./sandbox-psp";
import { issueBoletoPolicyWithPix, readDynamicBrCode } from "./testing";

const gateway = new SandboxPaymentGateway();
const context = setUpDomainTestDatabase({ gateway, registerNumbers: ["450000"] });
const db = () => context.handle.db;
const sandbox = new SandboxPixProvider();
const today = businessDay(new Date());
const run = (provider: PixProvider = sandbox) =>
  registerMissingPixCharges(db(), { day: today, now: new Date(), provider });

/** A boleto policy of 4 installments, each with its Pix charge; then 3 of those charges lost. */
async function policyMissingThreeCharges() {
  const { rows } = await issueBoletoPolicyWithPix(db(), context.brokers["450000"], gateway, 4);
  // An endorsement committed during a database outage: its installments' charges never recorded.
  const lost = rows.slice(1).map((row) => row.id);
  await db().delete(pixCharges).where(inArray(pixCharges.installmentId, lost));
  return { rows, lost };
}

const failingPsp: PixProvider = {
  ...sandbox,
  createCharge: async () => {
    throw new PaymentGatewayUnavailableError("PSP fora do ar");
  },
  readCharge: (txid) => sandbox.readCharge(txid),
  cancelCharge: (txid) => sandbox.cancelCharge(txid),
  refund: (input) => sandbox.refund(input),
  listReceived: (range) => sandbox.listReceived(range),
};

describe("the daily reconciliation of missing Pix charges", () => {
  it("registers a charge, once, for each unpaid installment left without one", async () => {
    const { rows, lost } = await policyMissingThreeCharges();
    expect(DAILY_JOBS.map((job) => job.name)).toContain("pix-charges-missing");

    // The PSP down: nothing recorded, counted as failed, tried again by the next run.
    expect(await run(failingPsp)).toEqual({ missing: 3, registered: 0, pastPayable: 0, failed: 3 });
    expect((await findActivePixCharges(db(), lost)).size).toBe(0);

    expect(await run()).toEqual({ missing: 3, registered: 3, pastPayable: 0, failed: 0 });
    const active = await findActivePixCharges(
      db(),
      rows.map((row) => row.id),
    );
    for (const row of rows) {
      const charge = active.get(row.id)!;
      expect(charge).toMatchObject({ amountCents: row.premiumTotalCents, dueDate: row.dueDate });
      // Registered at the PSP, payable, and its copy-and-paste code points at it.
      expect(await sandbox.readCharge(charge.txid)).toMatchObject({
        status: "ATIVA",
        amountCents: row.premiumTotalCents,
      });
      expect(readDynamicBrCode(charge.copyPaste).url).toContain(charge.txid);
    }

    // Idempotent: a second run finds nothing missing.
    expect(await run()).toEqual({ missing: 0, registered: 0, pastPayable: 0, failed: 0 });
    const all = await db().select().from(pixCharges).where(inArray(pixCharges.installmentId, lost));
    expect(all).toHaveLength(3);
  });

  it("leaves to the second copy an installment past the days a charge is payable", async () => {
    const { lost } = await policyMissingThreeCharges();
    await db()
      .update(policyInstallments)
      .set({ status: "Overdue", dueDate: startOfBusinessDay(addDays(today, -45)) })
      .where(eq(policyInstallments.id, lost[0]!));
    expect(await run()).toEqual({ missing: 3, registered: 2, pastPayable: 1, failed: 0 });
    expect((await findActivePixCharges(db(), lost)).has(lost[0]!)).toBe(false);
  });
});
