import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { boletoInstructions, installmentBoletos, policyInstallments } from "@/db/schema";
import { issueTestPolicy } from "@/lib/checkout/testing";
import { businessDay } from "@/lib/dates";
import { buildBoleto, isValidTypeableLine } from "@/lib/documents/boleto";
import { endorseToday } from "@/lib/endorsement-service/testing";
import { cancelAtInsuredRequest } from "@/lib/endorsements/cancel";
import { setUpDomainTestDatabase } from "@/lib/testing/domain-database";
import { parseItauRemessa } from "./cnab400-remessa";
import { importPaymentReturn } from "./import-return";
import { buildRemessa } from "./remessa";
import { SandboxPaymentGateway } from "./sandbox";
import { buildSandboxReturn } from "./sandbox-return";

let handle: DatabaseHandle;
let broker: { id: string; registerNumber: string };
const gateway = new SandboxPaymentGateway();

setUpDomainTestDatabase({ gateway, registerNumbers: ["440000"] }, (opened) => {
  handle = opened.handle;
  broker = opened.brokers["440000"];
});

/** Every boleto of the policy, by installment number, with the instruction codes sent for it. */
async function boletosOf(policyId: string) {
  const rows = await handle.db
    .select({
      installmentNumber: policyInstallments.installmentNumber,
      boletoId: installmentBoletos.id,
      ourNumber: installmentBoletos.ourNumber,
      status: installmentBoletos.status,
      code: boletoInstructions.code,
      newDueDate: boletoInstructions.newDueDate,
    })
    .from(installmentBoletos)
    .innerJoin(policyInstallments, eq(policyInstallments.id, installmentBoletos.installmentId))
    .innerJoin(boletoInstructions, eq(boletoInstructions.boletoId, installmentBoletos.id))
    .where(eq(policyInstallments.policyId, policyId))
    .orderBy(asc(policyInstallments.installmentNumber), asc(boletoInstructions.createdAt));
  return rows;
}

describe("what the bank is told about a policy's boletos", () => {
  it("a cancellation never writes off (02) a boleto the bank liquidated", async () => {
    const policy = await issueTestPolicy(handle.db, broker, gateway, { method: "TICKET", installments: 3 });
    const file = await buildSandboxReturn(handle.db, [{ policy: policy.policyNumber, installments: [1] }]);
    const imported = await importPaymentReturn(handle.db, {
      text: file,
      fileName: "retorno.ret",
      source: "cli",
    });
    expect(imported).toMatchObject({ status: "Applied", matchedCount: 1 });

    const outcome = await cancelAtInsuredRequest(handle.db, broker.id, policy.policyNumber, {
      reason: "Desistência do segurado",
    });
    expect(outcome.ok).toBe(true);
    const codes = (await boletosOf(policy.id)).map((row) => [row.installmentNumber, row.code]);
    expect(codes).toEqual([
      [1, "01"],
      [2, "01"],
      [2, "02"],
      [3, "01"],
      [3, "02"],
    ]);
  });

  it("a due-day change moves the same boletos (06: same our number and amount, the new date)", async () => {
    const policy = await issueTestPolicy(handle.db, broker, gateway, { method: "TICKET", installments: 3 });
    const before = await boletosOf(policy.id);
    const preview = await endorseToday(handle.db, broker, policy.policyNumber, {
      type: "PAYMENT",
      answers: [{ code: "DUE-DAY", answer: "15" }],
    });
    expect(preview.installments.length).toBeGreaterThan(0);

    const after = await boletosOf(policy.id);
    const installments = await handle.db
      .select()
      .from(policyInstallments)
      .where(eq(policyInstallments.policyId, policy.id))
      .orderBy(asc(policyInstallments.installmentNumber));
    for (const moved of preview.installments) {
      const number = moved.installmentNumber;
      const rows = after.filter((row) => row.installmentNumber === number);
      // One boleto, still active: its entry and the due-date change, never a write-off.
      expect(rows.map((row) => [row.code, row.status])).toEqual([
        ["01", "Active"],
        ["06", "Active"],
      ]);
      expect(rows[0]!.ourNumber).toBe(before.find((row) => row.installmentNumber === number)!.ourNumber);
      expect(rows[1]!.newDueDate?.toISOString()).toBe(new Date(moved.dueDate).toISOString());
      // The slip's line carries the new date with the same our number and amount.
      const installment = installments.find((row) => row.installmentNumber === number)!;
      expect(installment.dueDate.toISOString()).toBe(new Date(moved.dueDate).toISOString());
      expect(isValidTypeableLine(installment.typeableLine!)).toBe(true);
      expect(installment.typeableLine).toBe(
        buildBoleto({
          ourNumber: rows[0]!.ourNumber,
          amountCents: installment.premiumTotalCents,
          dueDate: installment.dueDate,
        }).typeableLine,
      );
    }

    // The day's remessa tells the bank so (this policy's lines; the file holds the other test's too).
    const ourNumbers = new Set(before.map((row) => row.ourNumber));
    const remessa = parseItauRemessa((await buildRemessa(handle.db, { day: businessDay(new Date()) })).text);
    const lines = remessa.details.filter((detail) => ourNumbers.has(detail.ourNumber));
    expect(lines.filter((detail) => detail.code === "02")).toEqual([]);
    expect(
      lines
        .filter((detail) => detail.code === "06")
        .map((detail) => detail.dueDate)
        .sort(),
    ).toEqual(preview.installments.map((i) => businessDay(new Date(i.dueDate))).sort());
  });
});
