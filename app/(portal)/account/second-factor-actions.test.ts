import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { findBrokerRequiresSecondFactor, findSecondFactorSummary } from "@/db/queries/second-factor";
import { brokers, users } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { hashPassword } from "@/lib/auth/password";
import { generateTotpCode, TOTP_PERIOD_SECONDS } from "@/lib/auth/second-factor/totp";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";

type TestUser = { userId: string; brokerId: string; email: string; role: "admin" | "member" };
let current: TestUser | undefined;
vi.mock("@/lib/auth/session", () => ({
  requireUser: async () => current,
  requireAdmin: async () => {
    if (current?.role !== "admin") throw new Error("redirect /forbidden");
    return current;
  },
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const {
  beginEnrolmentAction,
  confirmEnrolmentAction,
  regenerateRecoveryCodesAction,
  removeSecondFactorAction,
  setRequireSecondFactorAction,
} = await import("./second-factor-actions");

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
let handle: DatabaseHandle;
let admin: TestUser;
let member: TestUser;

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseForTesting(handle);
  const [broker] = await handle.db
    .insert(brokers)
    .values({ registerNumber: "900780", name: "Corretora Conta" })
    .returning();
  const make = async (email: string, role: "admin" | "member"): Promise<TestUser> => {
    const [row] = await handle.db
      .insert(users)
      .values({
        brokerId: broker!.id,
        email,
        name: email,
        passwordHash: await hashPassword("segredo123"),
        role,
      })
      .returning();
    return { userId: row!.id, brokerId: broker!.id, email, role };
  };
  admin = await make("admin@conta.com.br", "admin");
  member = await make("membro@conta.com.br", "member");
});
afterAll(async () => {
  useDatabaseForTesting(undefined);
  await handle.close();
});
beforeEach(() => useLimiterForTesting(createConfiguredLimiter()));
afterEach(() => vi.useRealTimers());

describe("the account page's second factor", () => {
  it("enrols, regenerates recovery codes with a code from the app, and removes with password and code", async () => {
    current = member;
    const begun = await beginEnrolmentAction(null, form({}));
    if (!begun?.ok) throw new Error("no enrolment");
    const secret = begun.data.secretGroups.replaceAll(" ", "");
    expect(await confirmEnrolmentAction(null, form({ code: "12345" }))).toMatchObject({
      ok: false,
      fieldErrors: { code: "Informe os 6 dígitos do aplicativo." },
    });
    // A fixed clock, so that no step boundary passes between making a code and checking it.
    const now = Date.UTC(2026, 10, 26, 12, 0, 15);
    vi.useFakeTimers({ toFake: ["Date"], now });
    const confirmed = await confirmEnrolmentAction(
      null,
      form({ code: generateTotpCode(secret, now - STEP_MS) }),
    );
    expect(confirmed?.ok && confirmed.data.recoveryCodes).toHaveLength(10);
    expect(await beginEnrolmentAction(null, form({}))).toMatchObject({ ok: false });

    // The recovery codes are renewed only with a code from the app, and never with one already used.
    expect(
      await regenerateRecoveryCodesAction(null, form({ code: generateTotpCode(secret, now - STEP_MS) })),
    ).toMatchObject({ ok: false, fieldErrors: { code: expect.any(String) } });
    const regenerated = await regenerateRecoveryCodesAction(
      null,
      form({ code: generateTotpCode(secret, now) }),
    );
    expect(regenerated?.ok && regenerated.data.recoveryCodes).toHaveLength(10);

    expect(
      await removeSecondFactorAction(
        null,
        form({ password: "errada", code: generateTotpCode(secret, now + STEP_MS) }),
      ),
    ).toMatchObject({ ok: false });
    expect(
      await removeSecondFactorAction(
        null,
        form({ password: "segredo123", code: regenerated?.ok ? regenerated.data.recoveryCodes[0]! : "" }),
      ),
    ).toEqual({ ok: true, data: undefined });
    expect(await findSecondFactorSummary(handle.db, member.userId)).toMatchObject({ totpConfirmedAt: null });
  });

  it("lets only an admin require a second factor for the broker", async () => {
    current = member;
    await expect(setRequireSecondFactorAction(null, form({ requireSecondFactor: "on" }))).rejects.toThrow(
      "redirect /forbidden",
    );
    expect(await findBrokerRequiresSecondFactor(handle.db, admin.brokerId)).toBe(false);
    current = admin;
    expect(await setRequireSecondFactorAction(null, form({ requireSecondFactor: "on" }))).toEqual({
      ok: true,
      data: { requireSecondFactor: true },
    });
    expect(await findBrokerRequiresSecondFactor(handle.db, admin.brokerId)).toBe(true);
    // An unticked checkbox sends nothing: the requirement is lifted.
    expect(await setRequireSecondFactorAction(null, form({}))).toEqual({
      ok: true,
      data: { requireSecondFactor: false },
    });
    expect(await findBrokerRequiresSecondFactor(handle.db, admin.brokerId)).toBe(false);
  });
});
