import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import {
  boletoInstructions,
  commissionEntries,
  documents,
  installmentBoletos,
  policies,
  policyInstallments,
} from "@/db/schema";
import { issueTestPolicy } from "@/lib/checkout/testing";
import { businessDay } from "@/lib/dates";
import { isValidTypeableLine } from "@/lib/documents/boleto";
import { endorseToday } from "@/lib/endorsement-service/testing";
import { setUpDomainTestDatabase } from "@/lib/testing/domain-database";
import { importPaymentReturn } from "./import-return";
import { importLineOutcomeText } from "./import-summary";
import { SandboxPaymentGateway } from "./sandbox";
import { buildSandboxReturn } from "./sandbox-return";
import { splitShortPayment } from "./short-payment";

let handle: DatabaseHandle;
let broker: { id: string; registerNumber: string };
const gateway = new SandboxPaymentGateway();

setUpDomainTestDatabase({ gateway, registerNumbers: ["460000"] }, (opened) => {
  handle = opened.handle;
  broker = opened.brokers["460000"];
});

describe("splitShortPayment", () => {
  it("gives the part paid its share of net and IOF, exactly, and the rest the others", () => {
    const installment = { tariffPremiumCents: 100_000, iofCents: 7_380, premiumTotalCents: 107_380 };
    const { paid, rest } = splitShortPayment(installment, 46_173);
    expect(paid).toEqual({ tariffPremiumCents: 43_000, iofCents: 3_173, premiumTotalCents: 46_173 });
    expect(rest).toEqual({ tariffPremiumCents: 57_000, iofCents: 4_207, premiumTotalCents: 61_207 });
    expect(() => splitShortPayment(installment, 107_380)).toThrow(RangeError);
  });
});

async function installmentsOf(policyId: string) {
  return handle.db
    .select()
    .from(policyInstallments)
    .where(eq(policyInstallments.policyId, policyId))
    .orderBy(asc(policyInstallments.installmentNumber));
}

it("a payment of a boleto an endorsement replaced settles the part paid and keeps the rest due", async () => {
  const policy = await issueTestPolicy(handle.db, broker, gateway, { method: "TICKET", installments: 3 });
  const [first] = await installmentsOf(policy.id);
  const [oldBoleto] = await handle.db
    .select()
    .from(installmentBoletos)
    .where(eq(installmentBoletos.installmentId, first!.id));
  // A coverage increase raises every unpaid installment: the first one's boleto is replaced.
  await endorseToday(handle.db, broker, policy.policyNumber, {
    type: "COVERAGE",
    answers: [{ code: "LIMIT", answer: 300000 }],
  });
  const raised = (await installmentsOf(policy.id))[0]!;
  expect(raised.premiumTotalCents).toBeGreaterThan(oldBoleto!.amountCents);
  const shortfall = raised.premiumTotalCents - oldBoleto!.amountCents;

  // The insured pays the old boleto, at its own amount.
  const text = await buildSandboxReturn(handle.db, [], {
    extraLines: [
      {
        ourNumber: oldBoleto!.ourNumber,
        titleCents: oldBoleto!.amountCents,
        occurrenceDate: businessDay(new Date()),
        dueDate: businessDay(oldBoleto!.dueDate),
        payerName: "JOSE PEREIRA",
        payerIdentity: "52998224725",
      },
    ],
  });
  const imported = await importPaymentReturn(handle.db, { text, fileName: "retorno.ret", source: "cli" });
  expect(imported).toMatchObject({
    status: "Applied",
    matchedCount: 1,
    settledCents: oldBoleto!.amountCents,
  });
  // The admins' report names the shortfall and where the rest is due.
  const [line] = imported.lines;
  expect(line).toMatchObject({
    outcome: "matched",
    writtenOffBoleto: true,
    shortfallCents: shortfall,
    restInstallmentNumber: 4,
  });
  expect(importLineOutcomeText(line!)).toContain("pago a menor");

  const after = await installmentsOf(policy.id);
  expect(after.map((row) => [row.installmentNumber, row.status])).toEqual([
    [1, "Paid"],
    [2, "Pending"],
    [3, "Pending"],
    [4, "Pending"],
  ]);
  const [paid, , , rest] = after;
  expect(paid!.premiumTotalCents).toBe(oldBoleto!.amountCents);
  expect(paid!.paidCents).toBe(oldBoleto!.amountCents);
  expect(rest!.premiumTotalCents).toBe(shortfall);
  expect(paid!.tariffPremiumCents + rest!.tariffPremiumCents).toBe(raised.tariffPremiumCents);
  expect(paid!.iofCents + rest!.iofCents).toBe(raised.iofCents);
  // The rest has its own boleto (entered at the bank) and slip; the paid one's current boleto is written off.
  expect(isValidTypeableLine(rest!.typeableLine!)).toBe(true);
  const [restBoleto] = await handle.db
    .select()
    .from(installmentBoletos)
    .where(eq(installmentBoletos.installmentId, rest!.id));
  expect(restBoleto).toMatchObject({ amountCents: shortfall, status: "Active" });
  const entries = await handle.db
    .select()
    .from(boletoInstructions)
    .where(eq(boletoInstructions.boletoId, restBoleto!.id));
  expect(entries.map((e) => e.code)).toEqual(["01"]);
  const slips = await handle.db.select().from(documents).where(eq(documents.installmentId, rest!.id));
  expect(slips).toHaveLength(1);
  const stillActive = await handle.db
    .select()
    .from(installmentBoletos)
    .where(and(eq(installmentBoletos.installmentId, paid!.id), eq(installmentBoletos.status, "Active")));
  expect(stillActive).toEqual([]);

  // Commission earned on the net premium received only; the rest's is forecast (PENDING).
  const [row] = await handle.db.select().from(policies).where(eq(policies.id, policy.id));
  expect(row!.totalCents).toBe(after.reduce((sum, i) => sum + i.premiumTotalCents, 0));
  const earned = await handle.db
    .select()
    .from(commissionEntries)
    .where(eq(commissionEntries.installmentId, paid!.id));
  const settledSum = earned.filter((e) => e.status !== "PENDING").reduce((s, e) => s + e.amountCents, 0);
  expect(Math.abs(settledSum - Math.round(paid!.tariffPremiumCents * 0.2))).toBeLessThanOrEqual(1);
  const forecast = await handle.db
    .select()
    .from(commissionEntries)
    .where(eq(commissionEntries.installmentId, rest!.id));
  expect(forecast.reduce((s, e) => s + e.amountCents, 0)).toBe(Math.round(rest!.tariffPremiumCents * 0.2));
});
