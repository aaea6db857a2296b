import { asc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import {
  boletoInstructions,
  installmentBoletos,
  pixCharges,
  policyInstallments,
  sandboxPspCharges,
} from "@/db/schema";
import { addDays, businessDay } from "@/lib/dates";
import { issueEndorsement, previewEndorsement } from "@/lib/endorsement-service/service";
import { SANDBOX_PSP_HOST } from "@/lib/payments/pix/sandbox-psp";
import { readDynamicBrCode } from "@/lib/payments/pix/testing";
import { SandboxPaymentGateway } from "@/lib/payments/sandbox";
import { getPolicyForBroker } from "@/lib/policies/get-policy";
import { setUpDomainTestDatabase } from "@/lib/testing/domain-database";
import { createQuotationWithProposal, issueTestPolicy } from "./testing";

let handle: DatabaseHandle;
let broker: { id: string; registerNumber: string };
const gateway = new SandboxPaymentGateway();

setUpDomainTestDatabase({ gateway, registerNumbers: ["100000"] }, (opened) => {
  handle = opened.handle;
  broker = opened.brokers["100000"];
});

/** Previews and issues a change of the broker's policy through the endorsement service. */
async function endorse(policyNumber: string, change: "coverage-increase" | "cancellation") {
  const base = {
    registerNumber: broker.registerNumber,
    policyNumber,
    effectiveDate: { kind: "day", day: businessDay(new Date()) },
  } as const;
  const preview = await previewEndorsement(
    handle.db,
    broker.id,
    change === "cancellation"
      ? { ...base, type: "CANCELLATION", reason: "Pedido do segurado" }
      : { ...base, type: "COVERAGE", answers: [{ code: "LIMIT", answer: 300000 }] },
  );
  await issueEndorsement(handle.db, broker.id, { endorsementIdentifier: preview.endorsementIdentifier });
}

async function chargesOf(policyId: string) {
  return handle.db
    .select({ installment: policyInstallments, charge: pixCharges })
    .from(policyInstallments)
    .leftJoin(pixCharges, eq(pixCharges.installmentId, policyInstallments.id))
    .where(eq(policyInstallments.policyId, policyId))
    .orderBy(asc(policyInstallments.installmentNumber), asc(pixCharges.createdAt));
}

describe("Pix as a payment method", () => {
  it("offers a Pix option with the boleto's plans on every quotation", async () => {
    const ready = await createQuotationWithProposal(handle.db, broker, { method: "PIX", installments: 3 });
    expect(ready.installments).toBe(3);
  });

  it("issues a PIX policy with one registered cobv per installment, each on the wire with its BR Code", async () => {
    const policy = await issueTestPolicy(handle.db, broker, gateway, { method: "PIX", installments: 3 });
    expect(policy.paymentMethod).toBe("PIX");
    const rows = await chargesOf(policy.id);
    expect(rows).toHaveLength(3);
    for (const { installment, charge } of rows) {
      // Nothing is paid at issuance: the insured pays each charge by its due date.
      expect(installment.status).toBe("Pending");
      expect(installment.boletoOurNumber).toBeNull();
      expect(charge).toMatchObject({ status: "Active", amountCents: installment.premiumTotalCents });
      expect(charge!.txid).toMatch(/^[A-Za-z0-9]{26,35}$/);
      expect(businessDay(charge!.dueDate)).toBe(businessDay(installment.dueDate));
      expect(businessDay(charge!.expiresAt)).toBe(addDays(businessDay(installment.dueDate), 30));
      const read = readDynamicBrCode(charge!.copyPaste);
      expect(read.url).toBe(`${SANDBOX_PSP_HOST}/v2/cobv/${charge!.txid}`);
      expect(read.merchantCity).toBe("SAO PAULO");
    }
    const atPsp = await handle.db
      .select()
      .from(sandboxPspCharges)
      .where(
        inArray(
          sandboxPspCharges.txid,
          rows.map((row) => row.charge!.txid),
        ),
      );
    expect(atPsp.map((row) => row.status)).toEqual(["ATIVA", "ATIVA", "ATIVA"]);

    const wire = await getPolicyForBroker(handle.db, broker.id, policy.policyNumber);
    expect(wire!.installments.map((i) => i.paymentMethod)).toEqual(["PIX", "PIX", "PIX"]);
    expect(wire!.installments.map((i) => i.pix?.txid)).toEqual(rows.map((row) => row.charge!.txid));
    expect(wire!.installments[0]!.pix!.copyPaste).toBe(rows[0]!.charge!.copyPaste);
  });

  it("gives every boleto a Pix charge for the same amount and due date, and its remessa entry", async () => {
    const policy = await issueTestPolicy(handle.db, broker, gateway, { method: "TICKET", installments: 2 });
    const rows = await chargesOf(policy.id);
    expect(rows).toHaveLength(2);
    const boletos = await handle.db
      .select()
      .from(installmentBoletos)
      .where(
        inArray(
          installmentBoletos.installmentId,
          rows.map((row) => row.installment.id),
        ),
      );
    expect(boletos).toHaveLength(2);
    for (const { installment, charge } of rows) {
      const boleto = boletos.find((b) => b.installmentId === installment.id)!;
      expect(boleto).toMatchObject({
        ourNumber: installment.boletoOurNumber,
        typeableLine: installment.typeableLine,
        amountCents: installment.premiumTotalCents,
        status: "Active",
        registration: "Pending",
      });
      expect(charge).toMatchObject({ status: "Active", amountCents: boleto.amountCents });
      expect(businessDay(charge!.dueDate)).toBe(businessDay(boleto.dueDate));
      readDynamicBrCode(charge!.copyPaste);
    }
    const entries = await handle.db
      .select()
      .from(boletoInstructions)
      .where(
        inArray(
          boletoInstructions.boletoId,
          boletos.map((b) => b.id),
        ),
      );
    expect(entries.map((e) => e.code)).toEqual(["01", "01"]);
    const wire = await getPolicyForBroker(handle.db, broker.id, policy.policyNumber);
    expect(wire!.installments.every((i) => i.paymentMethod === "TICKET" && i.pix !== null)).toBe(true);
  });

  it("registers no Pix for a card policy", async () => {
    const policy = await issueTestPolicy(handle.db, broker, gateway, {
      method: "CREDIT-CARD",
      installments: 2,
    });
    const rows = await chargesOf(policy.id);
    expect(rows.every((row) => row.charge === null)).toBe(true);
    const wire = await getPolicyForBroker(handle.db, broker.id, policy.policyNumber);
    expect(wire!.installments.map((i) => i.pix)).toEqual([null, null]);
  });

  it("replaces the charges of installments an endorsement changes and drops them all at a cancellation", async () => {
    const policy = await issueTestPolicy(handle.db, broker, gateway, { method: "PIX", installments: 3 });
    const before = await chargesOf(policy.id);
    await endorse(policy.policyNumber, "coverage-increase");
    const after = await chargesOf(policy.id);
    const active = after.filter((row) => row.charge?.status === "Active");
    expect(active).toHaveLength(3);
    for (const row of active) expect(row.charge!.amountCents).toBe(row.installment.premiumTotalCents);
    const replaced = after.filter((row) => row.charge?.status === "Replaced");
    expect(replaced.length).toBeGreaterThan(0);
    expect(replaced.every((row) => before.some((b) => b.charge!.txid === row.charge!.txid))).toBe(true);

    await endorse(policy.policyNumber, "cancellation");
    const canceled = await chargesOf(policy.id);
    expect(canceled.some((row) => row.charge?.status === "Active")).toBe(false);
    const wire = await getPolicyForBroker(handle.db, broker.id, policy.policyNumber);
    expect(wire!.installments.every((i) => i.pix === null)).toBe(true);
  });
});
