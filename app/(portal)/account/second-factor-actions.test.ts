import { desc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import {
  findBrokerRequiresSecondFactor,
  findSecondFactorSummary,
  listUserPasskeys,
} from "@/db/queries/second-factor";
import { insertUserSession } from "@/db/queries/sessions";
import { auditEntries, brokers, userSessions, users } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { relyingPartyOf } from "@/lib/auth/passkeys/relying-party";
import { SoftAuthenticator } from "@/lib/auth/passkeys/soft-authenticator";
import { hashPassword } from "@/lib/auth/password";
import { generateTotpCode, TOTP_PERIOD_SECONDS } from "@/lib/auth/second-factor/totp";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { peerHeader } from "@/lib/testing/fixtures";

type TestUser = {
  userId: string;
  brokerId: string;
  email: string;
  role: "admin" | "member";
  sessionId: string;
};
let current: TestUser | undefined;
vi.mock("@/lib/auth/session", () => ({
  requireUser: async () => current,
  requireAdmin: async () => {
    if (current?.role !== "admin") throw new Error("redirect /forbidden");
    return current;
  },
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
const jar = vi.hoisted(() => new Map<string, string>());
const requestHeaders = new Headers({ ...peerHeader("198.51.100.50"), host: "portal.teste" });
vi.mock("next/headers", () => ({
  headers: async () => requestHeaders,
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined),
    set: (name: string, value: string) => jar.set(name, value),
    delete: (name: string) => jar.delete(name),
  }),
}));

const {
  beginEnrolmentAction,
  confirmEnrolmentAction,
  regenerateRecoveryCodesAction,
  removeSecondFactorAction,
  setRequireSecondFactorAction,
} = await import("./second-factor-actions");
const { beginPasskeyRegistrationAction, finishPasskeyRegistrationAction, removePasskeyAction } = await import(
  "./passkey-actions"
);

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
let handle: DatabaseHandle;
let admin: TestUser;
let member: TestUser;

/** The user's audit entries, newest first. */
async function auditOf(userId: string) {
  return handle.db
    .select()
    .from(auditEntries)
    .where(eq(auditEntries.actorId, userId))
    .orderBy(desc(auditEntries.sequence));
}

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
    // A proof of the user that does not age here (the fresh proof is tested in fresh-proof.test.ts).
    const sessionId = await insertUserSession(handle.db, {
      userId: row!.id,
      expiresAt: new Date(Date.UTC(2100, 0)),
    });
    await handle.db
      .update(userSessions)
      .set({ verifiedAt: new Date(Date.UTC(2100, 0)) })
      .where(eq(userSessions.id, sessionId));
    return { userId: row!.id, brokerId: broker!.id, email, role, sessionId };
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

    const entries = await auditOf(member.userId);
    expect(
      entries.map((entry) => entry.action).filter((action) => action !== "auth.second-factor-failed"),
    ).toEqual([
      "second-factor.removed",
      "second-factor.recovery-code-used",
      "second-factor.recovery-codes-regenerated",
      "second-factor.enabled",
    ]);
    expect(entries[0]).toMatchObject({ brokerId: member.brokerId, clientAddress: "198.51.100.50" });
    const text = JSON.stringify(entries);
    for (const hidden of [secret, "segredo123", ...(regenerated?.ok ? regenerated.data.recoveryCodes : [])])
      expect(text).not.toContain(hidden);
  });

  it("registers a passkey with a name, lists it and removes it with the password", async () => {
    current = member;
    expect(await beginPasskeyRegistrationAction("  ")).toEqual({
      ok: false,
      error: "Dê um nome à chave de acesso.",
    });
    const options = await beginPasskeyRegistrationAction("Notebook");
    if (!options.ok) throw new Error(options.error);
    expect(options.data.rp.id).toBe("portal.teste");
    const rp = relyingPartyOf(requestHeaders);
    const authenticator = new SoftAuthenticator(rp.id, rp.origin);
    const response = authenticator.register(options.data);
    // The registration's challenge is this user's: another user cannot finish it.
    current = admin;
    expect(await finishPasskeyRegistrationAction("Notebook", response)).toMatchObject({ ok: false });
    current = member;
    expect(await finishPasskeyRegistrationAction("Notebook", response)).toMatchObject({ ok: false });
    const again = await beginPasskeyRegistrationAction("Notebook");
    if (!again.ok) throw new Error(again.error);
    expect(await finishPasskeyRegistrationAction("Notebook", authenticator.register(again.data))).toEqual({
      ok: true,
      data: undefined,
    });
    const [passkey] = await listUserPasskeys(handle.db, member.userId);
    expect(passkey).toMatchObject({ name: "Notebook", lastUsedAt: null });
    expect(await findSecondFactorSummary(handle.db, member.userId)).toMatchObject({ passkeys: 1 });

    expect(
      await removePasskeyAction(null, form({ passkeyId: passkey!.id, password: "errada" })),
    ).toMatchObject({ ok: false, fieldErrors: { password: "Confira a senha." } });
    expect(await removePasskeyAction(null, form({ passkeyId: "x", password: "segredo123" }))).toMatchObject({
      ok: false,
    });
    expect(await removePasskeyAction(null, form({ passkeyId: passkey!.id, password: "segredo123" }))).toEqual(
      { ok: true, data: undefined },
    );
    expect(await listUserPasskeys(handle.db, member.userId)).toEqual([]);
    const [removed, added] = await auditOf(member.userId);
    expect(removed).toMatchObject({ action: "passkey.removed", objectId: passkey!.id });
    expect(added).toMatchObject({
      action: "passkey.added",
      objectId: passkey!.id,
      details: { name: "Notebook" },
    });
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
    expect((await auditOf(admin.userId))[0]).toMatchObject({
      action: "broker.second-factor-requirement-changed",
      brokerId: admin.brokerId,
      details: { required: true },
    });
    // An unticked checkbox sends nothing: the requirement is lifted.
    expect(await setRequireSecondFactorAction(null, form({}))).toEqual({
      ok: true,
      data: { requireSecondFactor: false },
    });
    expect(await findBrokerRequiresSecondFactor(handle.db, admin.brokerId)).toBe(false);
  });
});
