import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { findUserTotp } from "@/db/queries/second-factor";
import { auditEntries, brokers, userSessions, users } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { hashPassword } from "@/lib/auth/password";
import { PENDING_STEP_COOKIE, sealPendingStep } from "@/lib/auth/second-factor/pending-step";
import { openTotpSecret } from "@/lib/auth/second-factor/secret-box";
import { beginTotpEnrolment, confirmTotpEnrolment } from "@/lib/auth/second-factor/service";
import { generateTotpCode, TOTP_PERIOD_SECONDS } from "@/lib/auth/second-factor/totp";
import { SIGN_IN_MAX_ATTEMPTS } from "@/lib/auth/sign-in-throttle";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { peerHeader } from "@/lib/testing/fixtures";
import { clearOfWindowEdge } from "@/lib/testing/window-edge";

// The lock-out windows are fixed: no test runs across their edge (lib/testing/window-edge.ts).
beforeEach(() => clearOfWindowEdge());

// The Server Actions as Next runs them: request headers from next/headers, cookies in a jar.
const jar = vi.hoisted(() => new Map<string, string>());
let requestHeaders = new Headers();
vi.mock("next/headers", () => ({
  headers: async () => requestHeaders,
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined),
    set: (name: string, value: string, options?: { maxAge?: number }) => {
      if (value === "" || options?.maxAge === 0) jar.delete(name);
      else jar.set(name, value);
    },
    delete: (name: string) => jar.delete(name),
  }),
}));
vi.mock("next/navigation", () => ({
  redirect: (url: string) => {
    throw new Error(`redirect ${url}`);
  },
}));

const { signInAction } = await import("./actions");
const {
  beginSignInEnrolmentAction,
  confirmSignInEnrolmentAction,
  finishEnrolmentAction,
  verifySecondFactorStepAction,
} = await import("./second-factor-actions");

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
let handle: DatabaseHandle;
let brokerId: string;
let seq = 0;

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseForTesting(handle);
  const [broker] = await handle.db
    .insert(brokers)
    .values({ registerNumber: "900778", name: "Corretora 2FA" })
    .returning();
  brokerId = broker!.id;
});
afterAll(async () => {
  useDatabaseForTesting(undefined);
  await handle.close();
});
beforeEach(() => {
  useLimiterForTesting(createConfiguredLimiter());
  jar.clear();
  requestHeaders = new Headers(peerHeader("198.51.100.40"));
});

async function newUser(targetBrokerId = brokerId) {
  seq += 1;
  const email = `passo-${seq}@teste.com.br`;
  const [user] = await handle.db
    .insert(users)
    .values({
      brokerId: targetBrokerId,
      email,
      name: `Pessoa ${seq}`,
      passwordHash: await hashPassword("segredo123"),
      role: "member",
    })
    .returning();
  return { userId: user!.id, email };
}

/** A user with TOTP confirmed five steps ago (that step is spent; the current one is free). */
async function enrolledUser() {
  const user = await newUser();
  await beginTotpEnrolment(handle.db, { userId: user.userId, accountName: user.email });
  const row = await findUserTotp(handle.db, user.userId);
  const secret = openTotpSecret(row!.secretSealed, user.userId)!;
  const then = Date.now() - 5 * STEP_MS;
  const confirmed = await confirmTotpEnrolment(handle.db, {
    userId: user.userId,
    code: generateTotpCode(secret, then),
    attempt: { email: user.email, ip: "setup" },
    now: then,
  });
  if (!confirmed.ok) throw new Error("enrolment failed");
  return { ...user, secret, recoveryCodes: confirmed.recoveryCodes };
}

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

/** What an action answered, or where it redirected. */
async function run<T>(call: () => Promise<T>): Promise<T | { redirected: string }> {
  try {
    return await call();
  } catch (error) {
    const message = (error as Error).message;
    if (message.startsWith("redirect ")) return { redirected: message.slice("redirect ".length) };
    throw error;
  }
}

const signIn = (email: string, password = "segredo123") =>
  run(() => signInAction(null, form({ email, password })));
const verifyStep = (code: string) => run(() => verifySecondFactorStepAction(null, form({ code })));

async function sessionCount(userId: string): Promise<number> {
  return (await handle.db.select().from(userSessions).where(eq(userSessions.userId, userId))).length;
}

describe("sign-in with TOTP enabled", () => {
  it("asks for the code after the password, and opens a session only once it is right", async () => {
    const user = await enrolledUser();
    expect(await signIn(user.email)).toEqual({ redirected: "/sign-in/second-factor" });
    expect(jar.has(PENDING_STEP_COOKIE)).toBe(true);
    expect(await sessionCount(user.userId)).toBe(0);

    expect(await verifyStep("000000")).toMatchObject({
      ok: false,
      fieldErrors: { code: expect.any(String) },
    });
    expect(await sessionCount(user.userId)).toBe(0);
    const [failure] = await handle.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.actorId, user.userId))
      .orderBy(desc(auditEntries.sequence))
      .limit(1);
    expect(failure).toMatchObject({
      action: "auth.second-factor-failed",
      brokerId,
      clientAddress: "198.51.100.40",
      details: { method: "code" },
    });
    expect(JSON.stringify(failure!.details)).not.toContain("000000");

    expect(await verifyStep(generateTotpCode(user.secret, Date.now()))).toEqual({ redirected: "/" });
    expect(await sessionCount(user.userId)).toBe(1);
    expect(jar.has(PENDING_STEP_COOKIE)).toBe(false);
  });

  it("signs in with a recovery code, once", async () => {
    const user = await enrolledUser();
    await signIn(user.email);
    expect(await verifyStep(user.recoveryCodes[0]!)).toEqual({ redirected: "/" });
    await signIn(user.email);
    expect(await verifyStep(user.recoveryCodes[0]!)).toMatchObject({ ok: false });
  });

  it("counts wrong codes toward the sign-in lock-out: the password form is locked too", async () => {
    const user = await enrolledUser();
    await signIn(user.email);
    for (let i = 0; i < SIGN_IN_MAX_ATTEMPTS; i++) await verifyStep("000000");
    expect(await verifyStep(generateTotpCode(user.secret, Date.now()))).toMatchObject({
      error: expect.stringMatching(/^Muitas tentativas/),
    });
    expect(await signIn(user.email)).toMatchObject({ error: expect.stringMatching(/^Muitas tentativas/) });
    expect(await sessionCount(user.userId)).toBe(0);
  });

  it("refuses the step without a pending sign-in, or with a forged, expired or other-stage one", async () => {
    const user = await enrolledUser();
    const code = generateTotpCode(user.secret, Date.now());
    expect(await verifyStep(code)).toEqual({ redirected: "/sign-in?secondFactorExpired=1" });
    jar.set(PENDING_STEP_COOKIE, "Fe26.2*forged*cookie");
    expect(await verifyStep(code)).toEqual({ redirected: "/sign-in?secondFactorExpired=1" });
    jar.set(
      PENDING_STEP_COOKIE,
      await sealPendingStep({
        userId: user.userId,
        email: user.email,
        stage: "verify",
        expiresAt: Date.now() - 1,
      }),
    );
    expect(await verifyStep(code)).toEqual({ redirected: "/sign-in?secondFactorExpired=1" });
    jar.set(
      PENDING_STEP_COOKIE,
      await sealPendingStep({
        userId: user.userId,
        email: user.email,
        stage: "enrol",
        expiresAt: Date.now() + 60_000,
      }),
    );
    expect(await verifyStep(code)).toEqual({ redirected: "/sign-in?secondFactorExpired=1" });
    expect(await sessionCount(user.userId)).toBe(0);
  });

  it("signs in a user without a second factor at once when the broker does not require one", async () => {
    const user = await newUser();
    expect(await signIn(user.email)).toEqual({ redirected: "/" });
    expect(await sessionCount(user.userId)).toBe(1);
  });
});

describe("a broker that requires a second factor", () => {
  it("sends a member without one to enrol before any session, then signs them in", async () => {
    const [broker] = await handle.db
      .insert(brokers)
      .values({ registerNumber: "900779", name: "Exigente", requireSecondFactor: true })
      .returning();
    const member = await newUser(broker!.id);

    expect(await signIn(member.email)).toEqual({ redirected: "/sign-in/second-factor" });
    expect(await sessionCount(member.userId)).toBe(0);
    // The enrol stage cannot be skipped by sending a code to the verify step.
    expect(await verifyStep("123456")).toEqual({ redirected: "/sign-in?secondFactorExpired=1" });

    const begun = await run(() => beginSignInEnrolmentAction(null, form({})));
    expect(begun).toMatchObject({ ok: true, data: { uri: expect.stringMatching(/^otpauth:\/\/totp\//) } });
    const secret = (begun as { data: { secretGroups: string } }).data.secretGroups.replaceAll(" ", "");

    expect(await run(() => confirmSignInEnrolmentAction(null, form({ code: "000000" })))).toMatchObject({
      ok: false,
    });
    expect(await sessionCount(member.userId)).toBe(0);

    const confirmed = await run(() =>
      confirmSignInEnrolmentAction(null, form({ code: generateTotpCode(secret, Date.now()) })),
    );
    expect(confirmed).toMatchObject({ ok: true, data: { next: "/" } });
    expect((confirmed as { data: { recoveryCodes: string[] } }).data.recoveryCodes).toHaveLength(10);
    expect(await sessionCount(member.userId)).toBe(1);

    expect(await run(() => finishEnrolmentAction())).toEqual({ redirected: "/" });
    expect(jar.has(PENDING_STEP_COOKIE)).toBe(false);

    // Next time: the code, like any enrolled user.
    jar.clear();
    expect(await signIn(member.email)).toEqual({ redirected: "/sign-in/second-factor" });
    expect(await verifyStep(generateTotpCode(secret, Date.now() + STEP_MS))).toEqual({ redirected: "/" });
  });
});
