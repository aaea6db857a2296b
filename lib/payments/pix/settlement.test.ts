import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listInstallmentBoletos } from "@/db/queries/boletos";
import {
  closeActivePixCharge,
  findActivePixCharges,
  insertPixCharges,
  listInstallmentPixCharges,
} from "@/db/queries/pix-charges";
import { listUnknownPixReceipts } from "@/db/queries/pix-receipts";
import { boletoInstructions, events, pixReceipts, policies, policyInstallments } from "@/db/schema";
import { addDays, businessDay } from "@/lib/dates";
import { SandboxPaymentGateway } from "@/lib/payments/sandbox";
import { settleInstallment } from "@/lib/payments/settle-installment";
import { payInstallment } from "@/lib/sandbox/move-policy";
import { setUpDomainTestDatabase } from "@/lib/testing/domain-database";
import { callRoute } from "@/lib/testing/route";
import { registerPixCharge } from "./charges";
import { signPixNotice } from "./notice-auth";
import { pixNoticeBody } from "./notice-schema";
import type { ReceivedPix } from "./provider";
import { loadPixReceiptsReport } from "./receipts-report";
import { reconcileReceivedPix } from "./reconcile";
import { payInstallmentPixInSandbox, payPixChargeInSandbox } from "./sandbox-notice";
import { SandboxPixProvider } from "./sandbox-psp";
import { receivePixNotice } from "./settlement";
import { issueBoletoPolicyWithPix } from "./testing";

const { POST } = await import("@/app/api/payments/pix/webhook/route");

const gateway = new SandboxPaymentGateway();
const context = setUpDomainTestDatabase({ gateway, registerNumbers: ["100000"] });
const db = () => context.handle.db;
const broker = () => context.brokers["100000"];

type Installment = typeof policyInstallments.$inferSelect;

const issueWithPix = (installments = 3) => issueBoletoPolicyWithPix(db(), broker(), gateway, installments);

async function installment(id: string): Promise<Installment> {
  const [row] = await db().select().from(policyInstallments).where(eq(policyInstallments.id, id));
  return row!;
}

async function paidEvents(installment: Installment) {
  const rows = await db().select().from(events).where(eq(events.type, "installment.paid"));
  return rows.filter((event) => {
    const data = event.data as { policyIdentifier?: string; installmentNumber?: number };
    return (
      data.policyIdentifier === installment.policyId &&
      data.installmentNumber === installment.installmentNumber
    );
  });
}

async function activeCharge(installmentId: string) {
  return (await findActivePixCharges(db(), [installmentId])).get(installmentId)!;
}

async function receiptsOf(endToEndId: string) {
  return db().select().from(pixReceipts).where(eq(pixReceipts.endToEndId, endToEndId));
}

function endToEndId(): string {
  return `E99999999202611261200${randomBytes(8).toString("hex").slice(0, 11).toUpperCase()}`;
}

function signedNotice(pix: ReceivedPix[], at = new Date()) {
  const body = pixNoticeBody(pix);
  return { body, headers: { "content-type": "application/json", ...signPixNotice(body, at) } };
}

function postNotice(rawBody: string, headers: Record<string, string>) {
  return callRoute(POST, "/api/payments/pix/webhook", { method: "POST", rawBody, headers });
}

describe("Pix settlement by the PSP's notice (docs/pix.md)", () => {
  it("the sandbox PSP's notice pays the installment: Paid, installment.paid, charge Paid, boleto written off", async () => {
    const { rows } = await issueWithPix();
    const target = rows[1]!;
    const charge = await activeCharge(target.id);
    const boletoBefore = (await listInstallmentBoletos(db(), target.id)).find((b) => b.status === "Active");

    const { result, received } = await payInstallmentPixInSandbox(db(), target.id);

    expect(result).toMatchObject({ outcome: "applied", recorded: true, inactiveCharge: false });
    const after = await installment(target.id);
    expect(after.status).toBe("Paid");
    expect(after.paidCents).toBe(charge.amountCents);
    expect(after.paidAt?.toISOString()).toBe(received.paidAt.toISOString());
    expect(await paidEvents(target)).toHaveLength(1);
    expect((await listInstallmentPixCharges(db(), target.id))[0]).toMatchObject({ status: "Paid" });
    expect((await installment(rows[2]!.id)).status).toBe("Pending");
    if (boletoBefore) {
      const boletos = await listInstallmentBoletos(db(), target.id);
      expect(boletos.find((b) => b.id === boletoBefore.id)?.status).toBe("WrittenOff");
      const instructions = await db()
        .select()
        .from(boletoInstructions)
        .where(and(eq(boletoInstructions.boletoId, boletoBefore.id), eq(boletoInstructions.code, "02")));
      expect(instructions).toHaveLength(1);
    }
  });

  it("the sandbox endpoint pays a PIX policy's installment through the notice", async () => {
    const { policy, rows } = await issueWithPix(2);
    await db().update(policies).set({ paymentMethod: "PIX" }).where(eq(policies.id, policy.id));
    const wire = await payInstallment(db(), broker().id, {
      policyNumber: policy.policyNumber,
      installmentNumber: 2,
    } as never);
    expect(wire.policyNumber).toBe(policy.policyNumber);
    expect((await installment(rows[1]!.id)).status).toBe("Paid");
    expect(await paidEvents(rows[1]!)).toHaveLength(1);
    await expect(
      payInstallment(db(), broker().id, { policyNumber: policy.policyNumber, installmentNumber: 2 } as never),
    ).rejects.toMatchObject({ errors: [{ code: "INSTALLMENT-ALREADY-PAID" }] });
  });

  it("1,000 concurrent notices of one payment record one payment", { timeout: 120_000 }, async () => {
    const { rows } = await issueWithPix(2);
    const target = rows[1]!;
    const charge = await activeCharge(target.id);
    const pix: ReceivedPix = {
      endToEndId: endToEndId(),
      txid: charge.txid,
      amountCents: charge.amountCents,
      paidAt: new Date(),
    };
    const { body, headers } = signedNotice([pix]);
    const bytes = new TextEncoder().encode(body);
    const results = await Promise.all(
      Array.from({ length: 1000 }, () =>
        receivePixNotice(db(), { body: bytes, headers: new Headers(headers) }),
      ),
    );
    const outcomes = results.flat();
    expect(outcomes.filter((r) => r.recorded)).toHaveLength(1);
    expect(new Set(outcomes.map((r) => r.outcome))).toEqual(new Set(["applied"]));
    expect(await receiptsOf(pix.endToEndId)).toHaveLength(1);
    expect(await paidEvents(target)).toHaveLength(1);
    expect((await installment(target.id)).paidCents).toBe(charge.amountCents);
  });

  it("an unknown txid and a short amount change nothing and are reported", async () => {
    const { rows } = await issueWithPix(2);
    const target = rows[1]!;
    const charge = await activeCharge(target.id);

    const unknown: ReceivedPix = {
      endToEndId: endToEndId(),
      txid: "ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ",
      amountCents: 1234,
      paidAt: new Date(),
    };
    const notice = signedNotice([unknown]);
    const answer = await postNotice(notice.body, notice.headers);
    expect(answer.status).toBe(200);
    expect((await receiptsOf(unknown.endToEndId))[0]).toMatchObject({
      outcome: "unknown-txid",
      brokerId: null,
    });
    expect(
      (await listUnknownPixReceipts(db(), new Date(Date.now() - 60_000))).map((r) => r.endToEndId),
    ).toContain(unknown.endToEndId);

    const short = await payPixChargeInSandbox(db(), charge.txid, { amountCents: charge.amountCents - 1 });
    expect(short.result).toMatchObject({ outcome: "amount-mismatch", recorded: true });
    const after = await installment(target.id);
    expect(after.status).toBe("Pending");
    expect(after.paidAt).toBeNull();
    expect(await paidEvents(target)).toHaveLength(0);
    expect((await activeCharge(target.id)).id).toBe(charge.id);
    const report = await loadPixReceiptsReport(db(), broker().id);
    expect(report.find((row) => row.endToEndId === short.received.endToEndId)).toMatchObject({
      kind: "amount-mismatch",
      amountCents: charge.amountCents - 1,
      expectedCents: charge.amountCents,
      installmentNumber: 2,
    });
    expect(report.map((row) => row.endToEndId)).not.toContain(unknown.endToEndId);
  });

  it("a Pix after the boleto was paid is recorded as already-paid (to refund), the installment unchanged", async () => {
    const { rows } = await issueWithPix(2);
    const target = rows[1]!;
    // The boleto's settlement (the bank's return file) ends in the same settleInstallment.
    await db().transaction((tx) =>
      settleInstallment(tx, target.id, { paidAt: new Date(), paidCents: target.premiumTotalCents }),
    );
    const paid = await installment(target.id);
    const charge = (await listInstallmentPixCharges(db(), target.id))[0]!;

    const { result, received } = await payPixChargeInSandbox(db(), charge.txid);

    expect(result).toMatchObject({ outcome: "already-paid", recorded: true });
    expect(await installment(target.id)).toEqual(paid);
    expect(await paidEvents(target)).toHaveLength(1);
    const report = await loadPixReceiptsReport(db(), broker().id);
    expect(report.find((row) => row.endToEndId === received.endToEndId)).toMatchObject({
      kind: "already-paid",
    });
  });

  it("a Pix of a charge replaced by a second copy still settles, cancels the new charge, and is reported", async () => {
    const { rows } = await issueWithPix(2);
    const target = rows[1]!;
    const old = await activeCharge(target.id);
    await closeActivePixCharge(db(), target.id, "Replaced", new Date());
    const fields = await registerPixCharge(new SandboxPixProvider(), {
      seed: `second-copy:${target.id}`,
      amountCents: old.amountCents + 250,
      dueDay: addDays(businessDay(new Date()), 3),
      payer: { name: "José Antônio Pereira", identity: "52998224725" },
    });
    await insertPixCharges(db(), [{ ...fields, installmentId: target.id }]);

    const { result, received } = await payPixChargeInSandbox(db(), old.txid);

    expect(result).toMatchObject({ outcome: "applied", inactiveCharge: true });
    expect((await installment(target.id)).status).toBe("Paid");
    const charges = await listInstallmentPixCharges(db(), target.id);
    expect(charges.find((c) => c.txid === fields.txid)?.status).toBe("Canceled");
    expect(charges.find((c) => c.txid === old.txid)?.status).toBe("Replaced");
    expect((await new SandboxPixProvider().readCharge(fields.txid))?.status).toBe(
      "REMOVIDA_PELO_USUARIO_RECEBEDOR",
    );
    const report = await loadPixReceiptsReport(db(), broker().id);
    expect(report.find((row) => row.endToEndId === received.endToEndId)).toMatchObject({
      kind: "replaced-charge",
    });
  });

  it("reconciliation applies a Pix whose notice was lost, once", async () => {
    const { rows } = await issueWithPix(2);
    const target = rows[1]!;
    const charge = await activeCharge(target.id);
    const { received, result } = await payPixChargeInSandbox(db(), charge.txid, { loseNotice: true });
    expect(result).toBeUndefined();
    expect((await installment(target.id)).status).toBe("Pending");

    const day = addDays(businessDay(new Date()), 1);
    const first = await reconcileReceivedPix(db(), { day, now: new Date() });
    expect(first).toMatchObject({ recovered: 1, applied: 1 });
    expect((await installment(target.id)).status).toBe("Paid");
    expect((await receiptsOf(received.endToEndId))[0]).toMatchObject({
      source: "reconciliation",
      outcome: "applied",
    });
    expect(await paidEvents(target)).toHaveLength(1);

    const again = await reconcileReceivedPix(db(), { day, now: new Date() });
    expect(again).toMatchObject({ recovered: 0, applied: 0 });
    expect(again.listed).toBe(first.listed);
    expect(await paidEvents(target)).toHaveLength(1);
  });
});

describe("the webhook route refuses what is not an authentic, well-formed notice", () => {
  async function pendingWithNotice() {
    const { rows } = await issueWithPix(2);
    const target = rows[1]!;
    const charge = await activeCharge(target.id);
    const pix: ReceivedPix = {
      endToEndId: endToEndId(),
      txid: charge.txid,
      amountCents: charge.amountCents,
      paidAt: new Date(),
    };
    return { target, pix, notice: signedNotice([pix]) };
  }

  it("answers 401 to a bad or stale signature and changes nothing; 200 to the signed notice", async () => {
    const { target, pix, notice } = await pendingWithNotice();
    const forged = await postNotice(notice.body, {
      ...notice.headers,
      "x-pix-signature": `sha256=${"0".repeat(64)}`,
    });
    expect(forged.status).toBe(401);
    expect(forged.json).toMatchObject({ success: false, errors: [{ code: "NOTICE-NOT-AUTHENTIC" }] });
    const tampered = await postNotice(
      notice.body.replace(/"valor":"[^"]+"/, '"valor":"0.01"'),
      notice.headers,
    );
    expect(tampered.status).toBe(401);
    const unsigned = await postNotice(notice.body, { "content-type": "application/json" });
    expect(unsigned.status).toBe(401);
    const stale = signedNotice([pix], new Date(Date.now() - 6 * 60_000));
    expect((await postNotice(stale.body, stale.headers)).status).toBe(401);
    expect(await receiptsOf(pix.endToEndId)).toHaveLength(0);
    expect((await installment(target.id)).status).toBe("Pending");

    const accepted = await postNotice(notice.body, notice.headers);
    expect(accepted.status).toBe(200);
    expect(accepted.json).toMatchObject({ success: true });
    expect((await installment(target.id)).status).toBe("Paid");
  });

  it("answers 400 to a malformed notice (bad JSON, NUL, wrong fields) and changes nothing", async () => {
    const { target, pix } = await pendingWithNotice();
    const valid = pixNoticeBody([pix]);
    const bodies = [
      "{not json",
      valid.replace('"pix"', '"pix\\u0000"'),
      `${valid}\u0000`,
      JSON.stringify({ pix: [] }),
      JSON.stringify({ pix: [{ ...JSON.parse(valid).pix[0], valor: "12,34" }] }),
      JSON.stringify({ pix: [{ ...JSON.parse(valid).pix[0], horario: "ontem" }] }),
      JSON.stringify({ pix: [{ ...JSON.parse(valid).pix[0], valor: "0.00" }] }),
      JSON.stringify({ pix: [{ ...JSON.parse(valid).pix[0], endToEndId: undefined }] }),
      JSON.stringify([1, 2]),
    ];
    for (const body of bodies) {
      const answer = await postNotice(body, { "content-type": "application/json", ...signPixNotice(body) });
      expect(answer.status, body).toBe(400);
      expect(answer.json, body).toMatchObject({ success: false, errors: [{ code: "INVALID-FORM-FIELD" }] });
    }
    const latin1 = Buffer.from(valid.replace("}]}", ',"infoPagador":"pagamento \u00e7"}]}'), "latin1");
    const binary = await POST(
      new Request("http://localhost:3000/api/payments/pix/webhook", {
        method: "POST",
        body: latin1,
        headers: { "content-type": "application/json", ...signPixNotice(latin1) },
      }),
      { params: Promise.resolve({}) },
    );
    expect(binary.status).toBe(400);
    expect(await receiptsOf(pix.endToEndId)).toHaveLength(0);
    expect((await installment(target.id)).status).toBe("Pending");
  });
});
