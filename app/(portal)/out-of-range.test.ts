import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password";
import { createQuotationWithProposal, issueTestPolicy } from "@/lib/checkout/testing";
import { UNREADABLE_FORM_MESSAGE } from "@/lib/forms/action-result";
import { SandboxPaymentGateway } from "@/lib/payments/sandbox";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { setUpDomainTestDatabase } from "@/lib/testing/domain-database";
import { peerHeader } from "@/lib/testing/fixtures";

/**
 * Server Actions given numbers and dates out of any sane range (a crafted call can send any JSON):
 * each answers a failure, never an exception (a 500). Each row once answered 500.
 */

type SignedIn = { userId: string; brokerId: string; registerNumber: string; role: "admin" };
let current: SignedIn | undefined;
vi.mock("@/lib/auth/session", () => ({
  requireUser: async () => current,
  requireAdmin: async () => current,
  requirePermission: async () => current,
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("next/navigation", () => ({
  redirect: (to: string) => {
    throw new Error(`redirect ${to}`);
  },
}));
vi.mock("next/headers", () => ({ headers: async () => new Headers(peerHeader("198.51.100.90")) }));

const { secondCopyAction } = await import("./policies/[number]/second-copy-actions");
const { simulatePixPaymentAction } = await import("./policies/[number]/pix-actions");
const { createApiKeyAction } = await import("./settings/keys/actions");
const { requoteWithStartAction } = await import("./quotations/[id]/actions");

const gateway = new SandboxPaymentGateway();
const context = setUpDomainTestDatabase({ gateway, registerNumbers: ["100000"] });
let policyNumber: string;
let quotationId: string;

beforeAll(async () => {
  useLimiterForTesting(createConfiguredLimiter());
  const broker = context.brokers["100000"];
  const [user] = await context.handle.db
    .insert(users)
    .values({
      brokerId: broker.id,
      email: `limites-${randomUUID()}@teste.com.br`,
      name: "Limites",
      passwordHash: await hashPassword("Senha-Limites-123"),
      role: "admin",
    })
    .returning();
  current = { userId: user!.id, brokerId: broker.id, registerNumber: broker.registerNumber, role: "admin" };
  policyNumber = (
    await issueTestPolicy(context.handle.db, broker, gateway, { method: "PIX", installments: 2 })
  ).policyNumber;
  quotationId = (await createQuotationWithProposal(context.handle.db, broker, { method: "TICKET" }))
    .quotationId;
});

const HUGE = [1e308, 2 ** 31, Number.MAX_SAFE_INTEGER, 1000, -1, 1.5];

function keyForm(expiresOn: string): FormData {
  const form = new FormData();
  form.set("name", "Chave");
  form.set("dailyQuota", "1000");
  form.append("scopes", "read");
  form.set("allowCidrs", "");
  form.set("expiresOn", expiresOn);
  return form;
}

describe("Server Actions with out-of-range numbers and dates", () => {
  it.each(HUGE)("2ª via of installment %s: a failure, no exception", async (installmentNumber) => {
    expect(await secondCopyAction(policyNumber, installmentNumber, { dueDate: "" })).toEqual({
      ok: false,
      error: UNREADABLE_FORM_MESSAGE,
      fieldErrors: {},
    });
  });

  it.each(HUGE)("Pix simulation of installment %s: a failure, no exception", async (installmentNumber) => {
    expect(await simulatePixPaymentAction(policyNumber, installmentNumber)).toEqual({
      ok: false,
      error: "Parcela não encontrada.",
      fieldErrors: {},
    });
  });

  it("an installment number in range that the policy lacks is not found", async () => {
    expect(await secondCopyAction(policyNumber, 999, { dueDate: "" })).toMatchObject({ ok: false });
    expect(await simulatePixPaymentAction(policyNumber, 999)).toMatchObject({ ok: false });
  });

  it.each(["9999-12-31", "2200-01-01"])("an API key expiring %s: the expiry field's error", async (day) => {
    expect(await createApiKeyAction(null, keyForm(day))).toEqual({
      ok: false,
      error: "Revise os campos destacados.",
      fieldErrors: { expiresOn: "A data de validade deve ser até 31/12/2199." },
    });
  });

  it("an API key expiring on the last day dates may be is made", async () => {
    expect(await createApiKeyAction(null, keyForm("2199-12-31"))).toMatchObject({ ok: true });
  });

  it("a later start sent as something other than the form: a failure, no exception", async () => {
    expect(await requoteWithStartAction(quotationId, null, { startDay: "9999-12-31" } as never)).toEqual({
      ok: false,
      error: UNREADABLE_FORM_MESSAGE,
      fieldErrors: {},
    });
  });
});
