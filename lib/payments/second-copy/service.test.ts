import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { listInstallmentBoletos } from "@/db/queries/boletos";
import { insertPixCharges, listInstallmentPixCharges } from "@/db/queries/pix-charges";
import {
  auditEntries,
  boletoInstructions,
  installmentBoletos,
  installmentNotices,
  policies,
  policyInstallments,
  secondCopies,
} from "@/db/schema";
import { issueTestPolicy } from "@/lib/checkout/testing";
import { addDays, businessDay, endOfBusinessDay, startOfBusinessDay } from "@/lib/dates";
import { dueDateFromFactor, isValidTypeableLine, readTypeableLine } from "@/lib/documents/boleto";
import { renderDocumentById } from "@/lib/documents/render";
import { extractPdfText } from "@/lib/documents/testing-pdf";
import { ApiError } from "@/lib/http/errors";
import { formatBrl } from "@/lib/money";
import { registerPixCharge } from "@/lib/payments/pix/charges";
import { getPixProvider } from "@/lib/payments/pix/provider";
import { SandboxPaymentGateway } from "@/lib/payments/sandbox";
import { secondCopyRequestSchema } from "@/lib/schemas/second-copy";
import { setUpDomainTestDatabase } from "@/lib/testing/domain-database";
import { createSecondCopy } from "./service";

let handle: DatabaseHandle;
let brokerA: { id: string; registerNumber: string };
let brokerB: { id: string; registerNumber: string };
const gateway = new SandboxPaymentGateway();

setUpDomainTestDatabase({ gateway, registerNumbers: ["100000", "200000"] }, (opened) => {
  handle = opened.handle;
  brokerA = opened.brokers["100000"];
  brokerB = opened.brokers["200000"];
});

const API_KEY_ID = "00000000-0000-4000-8000-00000000c0de";
const audit = { actor: { kind: "api-key" as const, id: API_KEY_ID }, clientAddress: "203.0.113.9" };
const today = () => businessDay(new Date());

type Policy = Awaited<ReturnType<typeof issueTestPolicy>>;

/**
 * Installment `installmentNumber` of the policy Overdue since `originalDueDay`, of `cents`, with a
 * current boleto (boleto policies) and Pix charge as issuance leaves them: rows issuance did not
 * write yet are added as the migration's backfill and the PSP would have them.
 */
async function overdueInstallment(
  policy: Policy,
  installmentNumber: number,
  originalDueDay: string,
  cents: number,
) {
  const [row] = await handle.db
    .update(policyInstallments)
    .set({ status: "Overdue", dueDate: startOfBusinessDay(originalDueDay), premiumTotalCents: cents })
    .where(
      and(
        eq(policyInstallments.policyId, policy.id),
        eq(policyInstallments.installmentNumber, installmentNumber),
      ),
    )
    .returning();
  const installment = row!;
  const boletos = await listInstallmentBoletos(handle.db, installment.id);
  if (
    installment.boletoOurNumber &&
    installment.typeableLine &&
    !boletos.some((b) => b.status === "Active")
  ) {
    await handle.db.insert(installmentBoletos).values({
      installmentId: installment.id,
      ourNumber: installment.boletoOurNumber,
      typeableLine: installment.typeableLine,
      amountCents: cents,
      dueDate: installment.dueDate,
      registration: "Registered",
    });
  }
  const charges = await listInstallmentPixCharges(handle.db, installment.id);
  if (policy.paymentMethod !== "CREDIT-CARD" && !charges.some((c) => c.status === "Active")) {
    const pix = await registerPixCharge(getPixProvider(), {
      seed: `test-first:${installment.id}`,
      amountCents: cents,
      dueDay: originalDueDay,
      payer: { name: policy.insuredName, identity: policy.insuredIdentity },
    });
    await insertPixCharges(handle.db, [{ installmentId: installment.id, ...pix }]);
  }
  return installment;
}

async function ticketPolicy(installments = 3) {
  return issueTestPolicy(handle.db, brokerA, gateway, { method: "TICKET", installments });
}

/** A Pix policy: a boleto policy's data with PIX as its method and no boletos (issuance makes them so). */
async function pixPolicy() {
  const policy = await ticketPolicy();
  await handle.db
    .update(policyInstallments)
    .set({ boletoOurNumber: null, typeableLine: null })
    .where(eq(policyInstallments.policyId, policy.id));
  for (const row of await handle.db
    .select({ id: policyInstallments.id })
    .from(policyInstallments)
    .where(eq(policyInstallments.policyId, policy.id))) {
    await handle.db.delete(installmentBoletos).where(eq(installmentBoletos.installmentId, row.id));
  }
  const [updated] = await handle.db
    .update(policies)
    .set({ paymentMethod: "PIX" })
    .where(eq(policies.id, policy.id))
    .returning();
  return updated!;
}

function secondCopyOf(policy: Policy, installmentNumber: number, dueDate?: string, brokerId = brokerA.id) {
  return createSecondCopy(
    handle.db,
    brokerId,
    { policyNumber: policy.policyNumber, installmentNumber, dueDate },
    {
      audit,
    },
  );
}

async function apiErrorOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) {
      return {
        status: error.status,
        errors: error.errors.map(({ code, properties }) => ({ code, properties })),
      };
    }
    throw error;
  }
  throw new Error("expected an ApiError");
}

async function instructionsOf(boletoId: string) {
  const rows = await handle.db
    .select({ code: boletoInstructions.code })
    .from(boletoInstructions)
    .where(eq(boletoInstructions.boletoId, boletoId))
    .orderBy(asc(boletoInstructions.createdAt));
  return rows.map((row) => row.code);
}

describe("second copy of a boleto policy's overdue installment", () => {
  it("is due in 3 days by default, the old boleto written off (02) and a new one entered (01), the Pix replaced", async () => {
    const policy = await ticketPolicy();
    const originalDueDay = addDays(today(), -10);
    const installment = await overdueInstallment(policy, 1, originalDueDay, 123_456);
    const [oldBoleto] = await listInstallmentBoletos(handle.db, installment.id);
    const [oldPix] = await listInstallmentPixCharges(handle.db, installment.id);

    const item = await secondCopyOf(policy, 1);

    // 13 days late: fine 24,6912 -> 24,69; interest 12,3456 x 13 / 30 = 5,34976 -> 5,35.
    expect(item).toMatchObject({
      installmentNumber: 1,
      originalDueDate: startOfBusinessDay(originalDueDay).toISOString(),
      dueDate: startOfBusinessDay(addDays(today(), 3)).toISOString(),
      daysLate: 13,
      originalValue: 1234.56,
      fineValue: 24.69,
      interestValue: 5.35,
      totalValue: 1264.6,
      ticketUrl: null,
    });
    expect(isValidTypeableLine(item.typeableLine!)).toBe(true);
    const line = readTypeableLine(item.typeableLine!);
    expect(line.amountCents).toBe(126_460);
    expect(dueDateFromFactor(line.dueDateFactor)).toBe(addDays(today(), 3));

    const boletos = await listInstallmentBoletos(handle.db, installment.id);
    const current = boletos.find((b) => b.status === "Active")!;
    expect(boletos).toHaveLength(2);
    expect(boletos.find((b) => b.id === oldBoleto!.id)).toMatchObject({ status: "WrittenOff" });
    expect(await instructionsOf(oldBoleto!.id)).toContain("02");
    expect(current).toMatchObject({ typeableLine: item.typeableLine, amountCents: 126_460 });
    expect(current.ourNumber).not.toBe(oldBoleto!.ourNumber);
    expect(await instructionsOf(current.id)).toEqual(["01"]);
    const [after] = await handle.db
      .select()
      .from(policyInstallments)
      .where(eq(policyInstallments.id, installment.id));
    expect(after).toMatchObject({
      status: "Overdue",
      boletoOurNumber: current.ourNumber,
      typeableLine: item.typeableLine,
      premiumTotalCents: 123_456,
    });

    const charges = await listInstallmentPixCharges(handle.db, installment.id);
    expect(charges.find((c) => c.id === oldPix!.id)).toMatchObject({ status: "Replaced" });
    const active = charges.filter((c) => c.status === "Active");
    expect(active).toHaveLength(1);
    expect(active[0]).toMatchObject({
      txid: item.pix!.txid,
      copyPaste: item.pix!.copyPaste,
      amountCents: 126_460,
    });
    expect(item.pix!.expiresAt).toBe(endOfBusinessDay(addDays(today(), 33)).toISOString());
    expect((await getPixProvider().readCharge(oldPix!.txid))?.status).toBe("REMOVIDA_PELO_USUARIO_RECEBEDOR");
    expect(await getPixProvider().readCharge(item.pix!.txid)).toMatchObject({
      status: "ATIVA",
      amountCents: 126_460,
    });

    const [copy] = await handle.db
      .select()
      .from(secondCopies)
      .where(eq(secondCopies.installmentId, installment.id));
    expect(copy).toMatchObject({
      daysLate: 13,
      originalCents: 123_456,
      fineCents: 2_469,
      interestCents: 535,
      amountCents: 126_460,
      source: "api",
      apiKeyId: API_KEY_ID,
      userId: null,
    });
    expect(current.secondCopyId).toBe(copy!.id);
    expect(active[0]!.secondCopyId).toBe(copy!.id);
    const [entry] = await handle.db
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.action, "installment.second-copy" as never),
          eq(auditEntries.objectId, installment.id),
        ),
      );
    expect(entry).toMatchObject({ actorKind: "api-key", actorId: API_KEY_ID, brokerId: brokerA.id });
  });

  it("charges exactly the fine and interest of 1, 15 and 29 days late, each copy replacing the last", async () => {
    const policy = await ticketPolicy();
    const originalDueDay = addDays(today(), -1);
    const installment = await overdueInstallment(policy, 2, originalDueDay, 123_456);
    // 1.234,56: fine 24,69; interest 0,41152 / 6,1728 / 11,93408 -> 0,41 / 6,17 / 11,93.
    const expected = [
      [1, 0.41, 1259.66],
      [15, 6.17, 1265.42],
      [29, 11.93, 1271.18],
    ] as const;
    for (const [days, interestValue, totalValue] of expected) {
      const item = await secondCopyOf(policy, 2, addDays(originalDueDay, days));
      expect(item).toMatchObject({ daysLate: days, fineValue: 24.69, interestValue, totalValue });
    }
    const boletos = await listInstallmentBoletos(handle.db, installment.id);
    expect(boletos.map((b) => b.status).sort()).toEqual(["Active", "WrittenOff", "WrittenOff", "WrittenOff"]);
    expect(boletos.find((b) => b.status === "Active")!.amountCents).toBe(127_118);
    const charges = await listInstallmentPixCharges(handle.db, installment.id);
    expect(charges.map((c) => c.status).sort()).toEqual(["Active", "Replaced", "Replaced", "Replaced"]);
  });

  it("refuses a due date outside the window with INVALID-FORM-FIELD on dueDate", async () => {
    const policy = await ticketPolicy();
    const installment = await overdueInstallment(policy, 1, addDays(today(), -20), 50_000);
    const refused = { status: 400, errors: [{ code: "INVALID-FORM-FIELD", properties: ["dueDate"] }] };
    expect(await apiErrorOf(secondCopyOf(policy, 1, addDays(today(), -1)))).toEqual(refused);
    const lastVigencyDay = businessDay(new Date(policy.vigencyExpiredAt.getTime() - 1));
    expect(await apiErrorOf(secondCopyOf(policy, 1, addDays(lastVigencyDay, 1)))).toEqual(refused);

    // The formal notice's deadline ends the window (after it the policy is canceled).
    await handle.db.insert(installmentNotices).values({
      brokerId: brokerA.id,
      policyId: policy.id,
      installmentId: installment.id,
      kind: "formal",
      channel: "outbox",
      recipient: "segurado@example.com",
      subject: "Aviso de cancelamento",
      body: "…",
      deadlineAt: endOfBusinessDay(addDays(today(), 1)),
    });
    expect(await apiErrorOf(secondCopyOf(policy, 1, addDays(today(), 2)))).toEqual(refused);
    expect((await secondCopyOf(policy, 1)).dueDate).toBe(
      startOfBusinessDay(addDays(today(), 1)).toISOString(),
    );
    expect((await secondCopyOf(policy, 1, today())).daysLate).toBe(20);
    expect(await listInstallmentBoletos(handle.db, installment.id)).toHaveLength(3);
  });

  it("reads dueDate as a São Paulo day only", () => {
    const base = { registerNumber: "100000", policyNumber: "1000000000001", installmentNumber: 1 };
    expect(secondCopyRequestSchema.safeParse({ ...base, dueDate: "2026-12-04" }).success).toBe(true);
    for (const dueDate of ["2026-02-30", "2026-12-04T10:00:00Z", "04/12/2026"]) {
      const parsed = secondCopyRequestSchema.safeParse({ ...base, dueDate });
      expect(parsed.error?.issues[0]?.path).toEqual(["dueDate"]);
    }
  });
});

describe("second copy refusals", () => {
  it("does not know another broker's policy", async () => {
    const policy = await ticketPolicy(1);
    await overdueInstallment(policy, 1, addDays(today(), -5), 10_000);
    expect(await apiErrorOf(secondCopyOf(policy, 1, undefined, brokerB.id))).toEqual({
      status: 404,
      errors: [{ code: "POLICY-NOT-FOUND", properties: ["policyNumber"] }],
    });
  });

  it("refuses an installment that is not Overdue, and an unknown one", async () => {
    const policy = await ticketPolicy(2);
    expect(await apiErrorOf(secondCopyOf(policy, 1))).toEqual({
      status: 400,
      errors: [{ code: "INSTALLMENT-NOT-OVERDUE", properties: ["installmentNumber"] }],
    });
    expect(await apiErrorOf(secondCopyOf(policy, 9))).toEqual({
      status: 400,
      errors: [{ code: "INSTALLMENT-NOT-FOUND", properties: ["installmentNumber"] }],
    });
    const [row] = await handle.db
      .select({ id: policyInstallments.id })
      .from(policyInstallments)
      .where(and(eq(policyInstallments.policyId, policy.id), eq(policyInstallments.installmentNumber, 1)));
    expect(
      await handle.db.select().from(secondCopies).where(eq(secondCopies.installmentId, row!.id)),
    ).toEqual([]);
  });

  it("refuses a credit-card installment: the daily job charges the card again", async () => {
    const policy = await issueTestPolicy(handle.db, brokerA, gateway, {
      method: "CREDIT-CARD",
      installments: 2,
    });
    await overdueInstallment(policy, 2, addDays(today(), -3), 10_000);
    expect(await apiErrorOf(secondCopyOf(policy, 2))).toEqual({
      status: 400,
      errors: [{ code: "SECOND-COPY-NOT-AVAILABLE", properties: ["installmentNumber"] }],
    });
  });
});

describe("second copy of a Pix policy's overdue installment", () => {
  it("replaces only the Pix charge: no boleto", async () => {
    const policy = await pixPolicy();
    const installment = await overdueInstallment(policy, 1, addDays(today(), -2), 20_000);
    const item = await secondCopyOf(policy, 1, addDays(today(), 1));
    // 3 days late on 200,00: fine 4,00; interest 2,00 x 3 / 30 = 0,20.
    expect(item).toMatchObject({
      daysLate: 3,
      fineValue: 4,
      interestValue: 0.2,
      totalValue: 204.2,
      typeableLine: null,
    });
    expect(item.pix).not.toBeNull();
    expect(await listInstallmentBoletos(handle.db, installment.id)).toEqual([]);
    const charges = await listInstallmentPixCharges(handle.db, installment.id);
    expect(charges.map((c) => c.status).sort()).toEqual(["Active", "Replaced"]);
    expect(charges.find((c) => c.status === "Active")).toMatchObject({
      amountCents: 20_420,
      txid: item.pix!.txid,
    });
  });
});

describe("the second copy's own boleto PDF", () => {
  it("prints the due date and amount its barcode charges, with the fine and interest, under its own link", async () => {
    const policy = await ticketPolicy();
    const originalDueDay = addDays(today(), -10);
    await overdueInstallment(policy, 2, originalDueDay, 123_456);

    const item = await createSecondCopy(
      handle.db,
      brokerA.id,
      { policyNumber: policy.policyNumber, installmentNumber: 2 },
      { audit, origin: "https://portal.example.com/" },
    );

    expect(item.ticketUrl).toMatch(
      /^https:\/\/portal\.example\.com\/api\/documents\/[0-9a-f-]{36}\?expires=/,
    );
    const documentId = new URL(item.ticketUrl!).pathname.split("/").pop()!;
    const rendered = await renderDocumentById(handle.db, documentId, { compress: false });
    const text = extractPdfText(rendered!.bytes).replace(/\u00a0/g, " ");
    const barcode = readTypeableLine(item.typeableLine!);
    const barcodeDueDay = dueDateFromFactor(barcode.dueDateFactor);
    expect(barcode.amountCents).toBe(126_460);
    expect(barcodeDueDay).toBe(addDays(today(), 3));
    const [year, month, day] = barcodeDueDay.split("-");
    // Vencimento and Valor do documento on the receipt and the compensation slip, Valor cobrado once more.
    expect(text.split(`${day}/${month}/${year}`).length - 1).toBeGreaterThanOrEqual(2);
    expect(text.split(formatBrl(126_460).replace(/\u00a0/g, " ")).length - 1).toBeGreaterThanOrEqual(3);
    expect(text).toContain("2ª via");
    expect(text).toContain(`Multa: ${formatBrl(2_469).replace(/\u00a0/g, " ")}`);
    expect(text).toContain(`Juros (13 dias): ${formatBrl(535).replace(/\u00a0/g, " ")}`);
    expect(text).toContain(formatBrl(2_469 + 535).replace(/\u00a0/g, " "));
    // The original due date only as what the second copy replaces.
    const [oy, om, od] = originalDueDay.split("-");
    expect(text.split(`${od}/${om}/${oy}`).length - 1).toBe(1);
  });
});
