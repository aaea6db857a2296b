import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listInstallmentPixCharges } from "@/db/queries/pix-charges";
import { listSandboxPspDevolucoes } from "@/db/queries/sandbox-psp";
import { auditEntries, events, type policies, policyInstallments, refunds } from "@/db/schema";
import { clearApiKeyCache, createApiKey } from "@/lib/api-keys/key-store";
import { issueTestPolicy, TEST_CPF } from "@/lib/checkout/testing";
import { insuredPageToken } from "@/lib/documents/insured-page-link";
import { cancelAtInsuredRequest } from "@/lib/endorsements/cancel";
import { ApiError } from "@/lib/http/errors";
import { payInstallmentPixInSandbox, payPixChargeInSandbox } from "@/lib/payments/pix/sandbox-notice";
import { SandboxPaymentGateway } from "@/lib/payments/sandbox";
import { settleInstallment } from "@/lib/payments/settle-installment";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { setUpDomainTestDatabase } from "@/lib/testing/domain-database";
import { callRoute } from "@/lib/testing/route";
import type { DestinationInput } from "./destination";
import { setInsuredRefundDestination } from "./insured";
import { SANDBOX_THIRD_PARTY_DOCUMENT } from "./payouts";
import { setRefundDestination } from "./set-destination";
import { settleRefunds } from "./settle";

const { POST } = await import("@/app/api/v1/refund/destination/route");

const gateway = new SandboxPaymentGateway();
const context = setUpDomainTestDatabase({ gateway, registerNumbers: ["100000", "200000"] });
const db = () => context.handle.db;
const keys: Record<string, string> = {};
const INSURED = TEST_CPF.replace(/\D/g, "");
const OTHER_CPF = SANDBOX_THIRD_PARTY_DOCUMENT;
/** Itaú (341): the check digit is mod 10 of agency + account. */
const ITAU = {
  type: "BANK-ACCOUNT",
  bankCode: "341",
  agency: "0001",
  account: "12345",
  accountDigit: "4",
} as const;

beforeAll(async () => {
  useLimiterForTesting(createConfiguredLimiter({ enabled: false }));
  clearApiKeyCache();
  for (const registerNumber of ["100000", "200000"]) {
    keys[registerNumber] = (await createApiKey(db(), { registerNumber, name: "refunds" })).key;
  }
});

afterAll(() => useLimiterForTesting(undefined));

type Policy = typeof policies.$inferSelect;

async function installments(policyId: string) {
  return db()
    .select()
    .from(policyInstallments)
    .where(eq(policyInstallments.policyId, policyId))
    .orderBy(asc(policyInstallments.installmentNumber));
}

async function refundsOf(policyId: string) {
  return db().select().from(refunds).where(eq(refunds.policyId, policyId)).orderBy(asc(refunds.createdAt));
}

async function eventTypesOf(policy: Policy) {
  const rows = await db().select().from(events).where(eq(events.quotationId, policy.quotationId));
  return rows.map((row) => row.type).filter((type) => type.startsWith("refund."));
}

async function auditActionsOf(policy: Policy) {
  const rows = await db()
    .select({ action: auditEntries.action })
    .from(auditEntries)
    .where(and(eq(auditEntries.objectType, "policy"), eq(auditEntries.objectId, policy.policyNumber)))
    .orderBy(asc(auditEntries.sequence));
  return rows.map((row) => row.action).filter((action) => action.startsWith("refund."));
}

async function cancel(policy: Policy) {
  const outcome = await cancelAtInsuredRequest(db(), policy.brokerId, policy.policyNumber, {
    reason: "Pedido do segurado",
  });
  expect(outcome.ok).toBe(true);
}

/** A boleto policy with its first installment paid (as the bank's return would), then canceled. */
async function canceledBoletoPolicy(): Promise<{ policy: Policy; refundId: string }> {
  const policy = await issueTestPolicy(db(), context.brokers["100000"], gateway, {
    method: "TICKET",
    installments: 2,
  });
  const [first] = await installments(policy.id);
  await db().transaction((tx) =>
    settleInstallment(tx, first!.id, { paidAt: new Date(), paidCents: first!.premiumTotalCents }),
  );
  await cancel(policy);
  const [refund] = await refundsOf(policy.id);
  expect(refund).toMatchObject({ status: "AwaitingBankDetails", paymentMethod: "TICKET" });
  return { policy, refundId: refund!.id };
}

async function errorOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error.errors.map(({ code, properties }) => ({ code, properties }));
    throw error;
  }
  throw new Error("expected an ApiError");
}

const broker = { audit: { actor: { kind: "system" } } } as const;

describe("refunds that move", () => {
  it("gives a Pix policy's cancellation back through the sandbox PSP's devolução, to Paid", async () => {
    const policy = await issueTestPolicy(db(), context.brokers["100000"], gateway, {
      method: "PIX",
      installments: 2,
    });
    const [first] = await installments(policy.id);
    const paid = await payInstallmentPixInSandbox(db(), first!.id);
    await cancel(policy);

    const [refund] = await refundsOf(policy.id);
    expect(refund).toMatchObject({ status: "Paid", paymentMethod: "PIX", reason: "CANCELLATION" });
    expect(refund!.pixReturns).toEqual([
      { endToEndId: paid.received.endToEndId, amountCents: refund!.amountCents },
    ]);
    const devolucoes = await listSandboxPspDevolucoes(db(), paid.received.endToEndId);
    expect(devolucoes).toEqual([expect.objectContaining({ amountCents: refund!.amountCents })]);
    expect(refund!.gatewayRefundId).toBe(devolucoes[0]!.id);

    // Sent again (a retried run): the PSP gives nothing back twice.
    await db().update(refunds).set({ status: "Scheduled" }).where(eq(refunds.id, refund!.id));
    await settleRefunds(db(), [refund!.id]);
    expect(await listSandboxPspDevolucoes(db(), paid.received.endToEndId)).toHaveLength(1);
    expect(await eventTypesOf(policy)).toEqual(expect.arrayContaining(["refund.created", "refund.paid"]));
    expect(await auditActionsOf(policy)).toEqual(expect.arrayContaining(["refund.created", "refund.paid"]));
  });

  it("gives a duplicate Pix back whole at once (the installment was already paid)", async () => {
    const policy = await issueTestPolicy(db(), context.brokers["100000"], gateway, {
      method: "TICKET",
      installments: 2,
    });
    const [first] = await installments(policy.id);
    const [charge] = await listInstallmentPixCharges(db(), first!.id);
    await payPixChargeInSandbox(db(), charge!.txid);
    const second = await payPixChargeInSandbox(db(), charge!.txid);
    expect(second.result?.outcome).toBe("already-paid");

    const [refund] = await refundsOf(policy.id);
    expect(refund).toMatchObject({
      reason: "DUPLICATE-PAYMENT",
      endorsementId: null,
      status: "Paid",
      amountCents: second.received.amountCents,
    });
    expect(await listSandboxPspDevolucoes(db(), second.received.endToEndId)).toHaveLength(1);
  });

  it("refuses each bad Pix key and account naming its field, and another CPF's", async () => {
    const { policy, refundId } = await canceledBoletoPolicy();
    const set = (destination: DestinationInput) =>
      errorOf(setRefundDestination(db(), policy, refundId, destination, broker));
    const invalid = (field: string) => [{ code: "INVALID-FORM-FIELD", properties: [`destination.${field}`] }];
    const pix = (keyType: "CPF" | "CNPJ" | "EMAIL" | "PHONE" | "EVP", key: string) =>
      set({ type: "PIX-KEY", keyType, key, holderDocument: INSURED });

    expect(await pix("CPF", "529.982.247-26")).toEqual(invalid("key"));
    expect(await pix("CNPJ", "11.222.333/0001-82")).toEqual(invalid("key"));
    expect(await pix("EMAIL", "segurado@")).toEqual(invalid("key"));
    expect(await pix("PHONE", "+551187654321")).toEqual(invalid("key"));
    expect(await pix("PHONE", "11987654321")).toEqual(invalid("key"));
    expect(await pix("EVP", "not-a-uuid")).toEqual(invalid("key"));
    expect(await set({ type: "PIX-KEY", keyType: "EMAIL", key: "segurado@example.com" })).toEqual(
      invalid("holderDocument"),
    );
    expect(await set({ ...ITAU, bankCode: "999", holderDocument: INSURED })).toEqual(invalid("bankCode"));
    expect(await set({ ...ITAU, agency: "12a", holderDocument: INSURED })).toEqual(invalid("agency"));
    expect(await set({ ...ITAU, accountDigit: "5", holderDocument: INSURED })).toEqual(
      invalid("accountDigit"),
    );

    const notThePayers = (field: string) => [
      { code: "DESTINATION-NOT-THE-PAYERS", properties: [`destination.${field}`] },
    ];
    // Another CPF as the key, as the holder, or as the PSP knows the key or account.
    expect(await pix("CPF", OTHER_CPF)).toEqual(notThePayers("key"));
    expect(await set({ ...ITAU, holderDocument: OTHER_CPF })).toEqual(notThePayers("holderDocument"));
    expect(await pix("EMAIL", "alguem@terceiro.example")).toEqual(notThePayers("holderDocument"));
    expect(await set({ ...ITAU, account: "91234", accountDigit: "4", holderDocument: INSURED })).toEqual(
      notThePayers("holderDocument"),
    );
    const [refund] = await refundsOf(policy.id);
    expect(refund).toMatchObject({ status: "AwaitingBankDetails", destination: null });
  });

  it("accepts the insured's own key of each type", async () => {
    for (const destination of [
      { keyType: "CPF", key: TEST_CPF },
      { keyType: "EMAIL", key: "Segurado@Example.com" },
      { keyType: "PHONE", key: "+55 11 98765-4321" },
      { keyType: "EVP", key: "71C7D9BE-4B85-4E43-9F1C-1F3B8B4E9A2D" },
    ] as const) {
      const { policy, refundId } = await canceledBoletoPolicy();
      const scheduled = await setRefundDestination(
        db(),
        policy,
        refundId,
        { type: "PIX-KEY", ...destination, holderDocument: INSURED },
        broker,
      );
      expect(scheduled.status).toBe("Scheduled");
    }
  });

  it("moves a boleto refund to Scheduled with the account, then Paid by the daily run, with events and audit", async () => {
    const { policy, refundId } = await canceledBoletoPolicy();
    const scheduled = await setRefundDestination(
      db(),
      policy,
      refundId,
      { ...ITAU, holderDocument: TEST_CPF },
      broker,
    );
    expect(scheduled).toMatchObject({
      status: "Scheduled",
      destination: { bankCode: "341", holderDocument: INSURED },
    });

    // Transfers are the daily run's: a request's settlement leaves them scheduled.
    await settleRefunds(db(), [refundId]);
    expect((await refundsOf(policy.id))[0]!.status).toBe("Scheduled");
    await settleRefunds(db(), [refundId], { transfers: true });
    const [paid] = await refundsOf(policy.id);
    expect(paid).toMatchObject({ status: "Paid", gatewayRefundId: expect.stringMatching(/^T/) });
    expect(paid!.refundedAt).toBeInstanceOf(Date);
    expect(await eventTypesOf(policy)).toEqual(["refund.created", "refund.paid"]);
    expect(await auditActionsOf(policy)).toEqual(["refund.created", "refund.destination-set", "refund.paid"]);
  });

  it("records a failed transfer with its reason, and a new destination schedules it again", async () => {
    const { policy, refundId } = await canceledBoletoPolicy();
    await setRefundDestination(
      db(),
      policy,
      refundId,
      { ...ITAU, account: "81234", accountDigit: "6", holderDocument: INSURED },
      broker,
    );
    await settleRefunds(db(), [refundId], { transfers: true });
    const [failed] = await refundsOf(policy.id);
    expect(failed).toMatchObject({ status: "Failed", failureReason: "Conta encerrada no banco de destino." });
    expect(await eventTypesOf(policy)).toEqual(["refund.created", "refund.failed"]);

    await setRefundDestination(db(), policy, refundId, { ...ITAU, holderDocument: INSURED }, broker);
    await settleRefunds(db(), [refundId], { transfers: true });
    expect((await refundsOf(policy.id))[0]).toMatchObject({ status: "Paid", failureReason: null });
  });

  it("through the API: the refund scheduled for the key's broker, 404 for another broker's policy", async () => {
    const { policy, refundId } = await canceledBoletoPolicy();
    const body = {
      registerNumber: "100000",
      policyNumber: policy.policyNumber,
      refundIdentifier: refundId,
      destination: { ...ITAU, holderDocument: TEST_CPF },
    };
    const call = (registerNumber: string, payload: unknown) =>
      callRoute(POST, "/api/v1/refund/destination", {
        body: payload,
        headers: { "Ocp-Apim-Subscription-Key": keys[registerNumber]! },
      });

    const other = await call("200000", { ...body, registerNumber: "200000" });
    expect(other.status).toBe(404);
    expect(other.json.errors).toEqual([expect.objectContaining({ code: "POLICY-NOT-FOUND" })]);

    const unknownRefund = await call("100000", { ...body, refundIdentifier: crypto.randomUUID() });
    expect(unknownRefund.status).toBe(404);
    expect(unknownRefund.json.errors).toEqual([expect.objectContaining({ code: "REFUND-NOT-FOUND" })]);

    const badDigit = await call("100000", {
      ...body,
      destination: { ...body.destination, accountDigit: "5" },
    });
    expect(badDigit.status).toBe(400);
    expect(badDigit.json.errors).toEqual([
      expect.objectContaining({ code: "INVALID-FORM-FIELD", properties: ["destination.accountDigit"] }),
    ]);

    const ok = await call("100000", body);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.item).toMatchObject({
      refundIdentifier: refundId,
      status: "Scheduled",
      statusText: "Agendado",
      reason: "CANCELLATION",
      destination: expect.stringContaining("341"),
    });
    const again = await call("100000", body);
    expect(again.json.errors).toEqual([expect.objectContaining({ code: "REFUND-NOT-AWAITING-DESTINATION" })]);
  });

  it("on the insured's page: the policy comes from the token only, never from the form", async () => {
    const mine = await canceledBoletoPolicy();
    const other = await canceledBoletoPolicy();
    const form = (refundId: string) => {
      const data = new FormData();
      for (const [name, value] of Object.entries({
        refundIdentifier: refundId,
        type: "BANK-ACCOUNT",
        bankCode: "341",
        agency: "0001",
        account: "12345",
        accountDigit: "4",
        holderDocument: TEST_CPF,
      }))
        data.set(name, value);
      return data;
    };
    const request = { clientAddress: "203.0.113.7" };
    const token = insuredPageToken(mine.policy.id);

    const forged = await setInsuredRefundDestination(db(), `${token}x`, form(mine.refundId), request);
    expect(forged).toMatchObject({ ok: false, error: expect.stringContaining("link") });
    // Another policy's refund through this policy's link: unknown to it.
    const elsewhere = await setInsuredRefundDestination(db(), token, form(other.refundId), request);
    expect(elsewhere).toMatchObject({ ok: false, error: "Restituição não encontrada." });
    expect((await refundsOf(other.policy.id))[0]!.status).toBe("AwaitingBankDetails");

    const own = await setInsuredRefundDestination(db(), token, form(mine.refundId), request);
    expect(own).toEqual({ ok: true, data: { statusText: "Agendado" } });
    const [audited] = await db()
      .select({ actorKind: auditEntries.actorKind })
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.action, "refund.destination-set"),
          eq(auditEntries.objectId, mine.policy.policyNumber),
        ),
      );
    expect(audited).toEqual({ actorKind: "anonymous" });
  });
});
