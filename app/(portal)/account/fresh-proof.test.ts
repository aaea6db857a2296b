import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { listUserPasskeys } from "@/db/queries/second-factor";
import { insertUserSession } from "@/db/queries/sessions";
import { brokers, userPasskeys, users } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { relyingPartyOf } from "@/lib/auth/passkeys/relying-party";
import { SoftAuthenticator } from "@/lib/auth/passkeys/soft-authenticator";
import { hashPassword } from "@/lib/auth/password";
import { REAUTH_REQUIRED_MESSAGE } from "@/lib/auth/reauth-schema";
import { generateTotpCode } from "@/lib/auth/second-factor/totp";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { peerHeader } from "@/lib/testing/fixtures";

/**
 * Every account action that changes a factor, the password or the e-mail, called 5 min + 1 s after
 * the session's last proof of the user: refused with "confirme sua identidade" (and the page
 * refreshed to show the step); accepted once the user has confirmed their identity again.
 */
type TestUser = { userId: string; brokerId: string; email: string; role: "member"; sessionId: string };
let current: TestUser | undefined;
vi.mock("@/lib/auth/session", () => ({
  requireUser: async () => current,
  requireAdmin: async () => current,
}));
const revalidated = vi.hoisted(() => [] as string[]);
vi.mock("next/cache", () => ({ revalidatePath: (path: string) => revalidated.push(path) }));
const jar = vi.hoisted(() => new Map<string, string>());
const requestHeaders = new Headers({ ...peerHeader("198.51.100.60"), host: "portal.teste" });
vi.mock("next/headers", () => ({
  headers: async () => requestHeaders,
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined),
    set: (name: string, value: string) => jar.set(name, value),
    delete: (name: string) => jar.delete(name),
  }),
}));

const { changePasswordAction } = await import("./actions");
const { requestEmailChangeAction } = await import("./email-actions");
const { reauthWithPasswordAction } = await import("./reauth-actions");
const {
  beginEnrolmentAction,
  confirmEnrolmentAction,
  regenerateRecoveryCodesAction,
  removeSecondFactorAction,
} = await import("./second-factor-actions");
const { beginPasskeyRegistrationAction, finishPasskeyRegistrationAction, removePasskeyAction } = await import(
  "./passkey-actions"
);

const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);
const WINDOW_MS = 5 * 60_000;
let handle: DatabaseHandle;
let clock = T0;
let password = "segredo123";

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

/** 5 min + 1 s after the last proof. */
function aWindowLater() {
  clock += WINDOW_MS + 1000;
  vi.setSystemTime(clock);
}

async function confirmIdentity() {
  expect(await reauthWithPasswordAction(null, form({ password }))).toMatchObject({ ok: true });
}

/** The answer of a protected action on a stale proof. */
function expectRefused(answer: unknown) {
  expect(answer).toMatchObject({ ok: false, error: REAUTH_REQUIRED_MESSAGE });
  expect(revalidated.splice(0)).toContain("/account");
}

let brokerId: string;
let seq = 0;

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseForTesting(handle);
  const [broker] = await handle.db
    .insert(brokers)
    .values({ registerNumber: "900805", name: "Corretora Fresca" })
    .returning();
  brokerId = broker!.id;
});
afterAll(async () => {
  useDatabaseForTesting(undefined);
  await handle.close();
});
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: T0 });
  clock = T0;
  useLimiterForTesting(createConfiguredLimiter());
  seq += 1;
  const email = `fresca-${seq}@teste.com.br`;
  password = "segredo123";
  const [row] = await handle.db
    .insert(users)
    .values({ brokerId, email, name: "Fresca", passwordHash: await hashPassword(password) })
    .returning();
  // Signed in at T0 (the session's proof).
  const sessionId = await insertUserSession(handle.db, {
    userId: row!.id,
    expiresAt: new Date(T0 + 12 * 3_600_000),
  });
  current = { userId: row!.id, brokerId, email, role: "member", sessionId };
  revalidated.length = 0;
});
afterEach(() => vi.useRealTimers());

describe("a fresh proof of the user for account changes", () => {
  it("the password change", async () => {
    aWindowLater();
    const change = form({
      currentPassword: password,
      newPassword: "nova-senha-123",
      confirmPassword: "nova-senha-123",
    });
    expectRefused(await changePasswordAction(null, change));
    await confirmIdentity();
    expect(await changePasswordAction(null, change)).toEqual({ ok: true, data: { endedSessions: 0 } });
  });

  it("the e-mail change", async () => {
    aWindowLater();
    expectRefused(await requestEmailChangeAction(null, form({ newEmail: "novo@fresca.com.br" })));
    await confirmIdentity();
    expect(await requestEmailChangeAction(null, form({ newEmail: "novo@fresca.com.br" }))).toEqual({
      ok: true,
      data: { newEmail: "novo@fresca.com.br" },
    });
  });

  it("the authenticator app: enable (begin and confirm), new recovery codes, remove", async () => {
    aWindowLater();
    expectRefused(await beginEnrolmentAction(null, form({})));
    await confirmIdentity();
    const begun = await beginEnrolmentAction(null, form({}));
    if (!begun?.ok) throw new Error("no enrolment");
    const secret = begun.data.secretGroups.replaceAll(" ", "");

    aWindowLater();
    expectRefused(await confirmEnrolmentAction(null, form({ code: generateTotpCode(secret, clock) })));
    await confirmIdentity();
    const confirmed = await confirmEnrolmentAction(null, form({ code: generateTotpCode(secret, clock) }));
    expect(confirmed?.ok && confirmed.data.recoveryCodes).toHaveLength(10);

    aWindowLater();
    expectRefused(await regenerateRecoveryCodesAction(null, form({ code: generateTotpCode(secret, clock) })));
    await confirmIdentity();
    const regenerated = await regenerateRecoveryCodesAction(
      null,
      form({ code: generateTotpCode(secret, clock) }),
    );
    expect(regenerated?.ok && regenerated.data.recoveryCodes).toHaveLength(10);

    aWindowLater();
    const remove = () => form({ password, code: generateTotpCode(secret, clock) });
    expectRefused(await removeSecondFactorAction(null, remove()));
    await confirmIdentity();
    expect(await removeSecondFactorAction(null, remove())).toEqual({ ok: true, data: undefined });
  });

  it("a passkey: register (begin and finish) and remove; the session it came from is recorded", async () => {
    const rp = relyingPartyOf(requestHeaders);
    const authenticator = new SoftAuthenticator(rp.id, rp.origin);
    aWindowLater();
    expectRefused(await beginPasskeyRegistrationAction("Notebook"));
    await confirmIdentity();
    const options = await beginPasskeyRegistrationAction("Notebook");
    if (!options.ok) throw new Error(options.error);
    const response = authenticator.register(options.data);

    aWindowLater();
    expectRefused(await finishPasskeyRegistrationAction("Notebook", response));
    await confirmIdentity();
    const again = await beginPasskeyRegistrationAction("Notebook");
    if (!again.ok) throw new Error(again.error);
    expect(await finishPasskeyRegistrationAction("Notebook", authenticator.register(again.data))).toEqual({
      ok: true,
      data: undefined,
    });
    const [passkey] = await listUserPasskeys(handle.db, current!.userId);
    const [row] = await handle.db.select().from(userPasskeys).where(eq(userPasskeys.id, passkey!.id));
    expect(row!.createdInSessionId).toBe(current!.sessionId);

    aWindowLater();
    const remove = form({ passkeyId: passkey!.id, password });
    expectRefused(await removePasskeyAction(null, remove));
    await confirmIdentity();
    expect(await removePasskeyAction(null, remove)).toEqual({ ok: true, data: undefined });
  });

  it("within the window nothing is asked again (4 min 59 s after signing in)", async () => {
    clock += WINDOW_MS - 1000;
    vi.setSystemTime(clock);
    expect(await requestEmailChangeAction(null, form({ newEmail: "outro@fresca.com.br" }))).toMatchObject({
      ok: true,
    });
    const [row] = await handle.db.select().from(users).where(eq(users.id, current!.userId));
    expect(row!.email).toBe(current!.email);
  });
});
