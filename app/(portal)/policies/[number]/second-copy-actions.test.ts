import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { auditEntries, policyInstallments, secondCopies, users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password";
import { issueTestPolicy } from "@/lib/checkout/testing";
import { addDays, businessDay, startOfBusinessDay } from "@/lib/dates";
import { SandboxPaymentGateway } from "@/lib/payments/sandbox";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { WINDOW_RULES } from "@/lib/rate-limit/policies";
import { setUpDomainTestDatabase } from "@/lib/testing/domain-database";
import { peerHeader } from "@/lib/testing/fixtures";

type TestUser = { userId: string; brokerId: string; registerNumber: string };
let current: TestUser | undefined;
vi.mock("@/lib/auth/session", () => ({ requireUser: async () => current }));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("next/headers", () => ({ headers: async () => new Headers(peerHeader("198.51.100.71")) }));

const { secondCopyAction } = await import("./second-copy-actions");

let handle: DatabaseHandle;
let broker: { id: string; registerNumber: string };
const gateway = new SandboxPaymentGateway();

setUpDomainTestDatabase({ gateway, registerNumbers: ["100000"] }, (opened) => {
  handle = opened.handle;
  broker = opened.brokers["100000"];
});

const today = () => businessDay(new Date());

async function signIn() {
  const [user] = await handle.db
    .insert(users)
    .values({
      brokerId: broker.id,
      email: `segunda-via-${crypto.randomUUID()}@teste.com.br`,
      name: "Corretora",
      passwordHash: await hashPassword("Senha-Segunda-Via-481"),
      role: "member",
    })
    .returning();
  current = { userId: user!.id, brokerId: broker.id, registerNumber: broker.registerNumber };
  return current;
}

/** A boleto policy whose installment 1 of R$ 500,00 is Overdue since 5 days ago. */
async function overduePolicy() {
  const policy = await issueTestPolicy(handle.db, broker, gateway, { method: "TICKET", installments: 2 });
  const [installment] = await handle.db
    .update(policyInstallments)
    .set({ status: "Overdue", dueDate: startOfBusinessDay(addDays(today(), -5)), premiumTotalCents: 50_000 })
    .where(and(eq(policyInstallments.policyId, policy.id), eq(policyInstallments.installmentNumber, 1)))
    .returning();
  return { policy, installment: installment! };
}

describe("the policy page's 2ª via action", () => {
  it("issues the second copy as the API does, recorded as the user's", async () => {
    const user = await signIn();
    const { policy, installment } = await overduePolicy();
    const result = await secondCopyAction(policy.policyNumber, 1, { dueDate: addDays(today(), 2) });
    // 7 days late on 500,00: fine 10,00; interest 5,00 x 7 / 30 = 1,1666… -> 1,17.
    expect(result).toMatchObject({
      ok: true,
      data: { daysLate: 7, originalValue: 500, fineValue: 10, interestValue: 1.17, totalValue: 511.17 },
    });
    if (!result.ok) return;
    expect(result.data.typeableLine).toMatch(/^\d{47}$/);
    expect(result.data.pix?.copyPaste).toBeTruthy();
    const [copy] = await handle.db
      .select()
      .from(secondCopies)
      .where(eq(secondCopies.installmentId, installment.id));
    expect(copy).toMatchObject({
      source: "portal",
      userId: user.userId,
      apiKeyId: null,
      amountCents: 51_117,
    });
    const [entry] = await handle.db
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.action, "installment.second-copy" as never),
          eq(auditEntries.objectId, installment.id),
        ),
      );
    expect(entry).toMatchObject({ actorKind: "user", actorId: user.userId, clientAddress: "198.51.100.71" });
  });

  it("uses 3 days from today when the date is left blank", async () => {
    await signIn();
    const { policy } = await overduePolicy();
    const result = await secondCopyAction(policy.policyNumber, 1, { dueDate: "" });
    expect(result).toMatchObject({
      ok: true,
      data: { dueDate: startOfBusinessDay(addDays(today(), 3)).toISOString(), daysLate: 8 },
    });
  });

  it("puts a refused date next to its field, with the window in pt-BR", async () => {
    await signIn();
    const { policy } = await overduePolicy();
    const yesterday = addDays(today(), -1);
    const result = await secondCopyAction(policy.policyNumber, 1, { dueDate: yesterday });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors.dueDate).toMatch(
      /^Escolha um vencimento entre \d{2}\/\d{2}\/\d{4} e \d{2}\/\d{2}\/\d{4}\.$/,
    );
    expect(await secondCopyAction(policy.policyNumber, 1, { dueDate: "31/02/2026" })).toMatchObject({
      ok: false,
      fieldErrors: { dueDate: "Informe uma data válida (dd/mm/aaaa) ou deixe em branco." },
    });
  });

  it("issues at most the user's window of second copies a minute, then says to wait in pt-BR", async () => {
    useLimiterForTesting(createConfiguredLimiter());
    try {
      await signIn();
      const { policy, installment } = await overduePolicy();
      const limit = WINDOW_RULES["portal-second-copy"].limit;
      const results = [];
      for (let call = 0; call < limit + 2; call++) {
        results.push(await secondCopyAction(policy.policyNumber, 1, { dueDate: "" }));
      }
      expect(results.filter((result) => result.ok)).toHaveLength(limit);
      expect(results.slice(limit)).toEqual([
        { ok: false, error: "Muitas tentativas. Tente novamente em 1 minuto.", fieldErrors: {} },
        { ok: false, error: "Muitas tentativas. Tente novamente em 1 minuto.", fieldErrors: {} },
      ]);
      const copies = await handle.db
        .select()
        .from(secondCopies)
        .where(eq(secondCopies.installmentId, installment.id));
      expect(copies).toHaveLength(limit);
      // The window is the user's: a colleague still gets one.
      await signIn();
      expect((await secondCopyAction(policy.policyNumber, 1, { dueDate: "" })).ok).toBe(true);
    } finally {
      useLimiterForTesting(undefined);
    }
  });

  it("says in pt-BR why a pending installment has none", async () => {
    await signIn();
    const { policy } = await overduePolicy();
    expect(await secondCopyAction(policy.policyNumber, 2, { dueDate: "" })).toEqual({
      ok: false,
      error: "Só é possível emitir a 2ª via de uma parcela vencida.",
      fieldErrors: {},
    });
  });
});
