import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { auditEntries, brokers, userSessions, users } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { PASSKEY_CHALLENGE_COOKIE } from "@/lib/auth/passkeys/challenge";
import { relyingPartyOf } from "@/lib/auth/passkeys/relying-party";
import { beginPasskeyRegistration, finishPasskeyRegistration } from "@/lib/auth/passkeys/service";
import { SoftAuthenticator } from "@/lib/auth/passkeys/soft-authenticator";
import { hashPassword } from "@/lib/auth/password";
import { PENDING_STEP_COOKIE } from "@/lib/auth/second-factor/pending-step";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { peerHeader } from "@/lib/testing/fixtures";

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
  beginPasskeySignInAction,
  beginSignInPasskeyRegistrationAction,
  finishPasskeySignInAction,
  finishPasskeyStepAction,
  finishSignInPasskeyRegistrationAction,
} = await import("./passkey-actions");

let handle: DatabaseHandle;
let brokerId: string;
let seq = 0;

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseForTesting(handle);
  const [broker] = await handle.db
    .insert(brokers)
    .values({ registerNumber: "900781", name: "Corretora Chaves" })
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
  requestHeaders = new Headers({
    ...peerHeader("198.51.100.41"),
    host: "portal.teste:3000",
    "user-agent": "Vitest",
  });
});

async function newUser(targetBrokerId = brokerId) {
  seq += 1;
  const email = `chave-acao-${seq}@teste.com.br`;
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

async function withPasskey() {
  const user = await newUser();
  const rp = relyingPartyOf(requestHeaders);
  const authenticator = new SoftAuthenticator(rp.id, rp.origin);
  const options = await beginPasskeyRegistration(handle.db, { ...user, displayName: "P", rp });
  const result = await finishPasskeyRegistration(handle.db, {
    userId: user.userId,
    name: "Notebook",
    response: authenticator.register(options),
    challenge: options.challenge,
    rp,
  });
  if (!result.ok) throw new Error("registration failed");
  return { ...user, authenticator };
}

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

async function run<T>(call: () => Promise<T>): Promise<T | { redirected: string }> {
  try {
    return await call();
  } catch (error) {
    const message = (error as Error).message;
    if (message.startsWith("redirect ")) return { redirected: message.slice("redirect ".length) };
    throw error;
  }
}

async function sessionCount(userId: string): Promise<number> {
  return (await handle.db.select().from(userSessions).where(eq(userSessions.userId, userId))).length;
}

async function lastSignIn(userId: string) {
  const [entry] = await handle.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.actorId, userId), eq(auditEntries.action, "auth.sign-in")))
    .orderBy(desc(auditEntries.sequence))
    .limit(1);
  return entry;
}

/** The browser's side of "Entrar com chave de acesso": options, the authenticator, the answer. */
async function passkeyOptions() {
  const options = await beginPasskeySignInAction();
  if (!options.ok) throw new Error(options.error);
  expect(options.data.allowCredentials ?? []).toEqual([]);
  expect(options.data.userVerification).toBe("required");
  return options.data;
}

describe("signing in with a passkey", () => {
  it("opens a session with the passkey alone, recorded as a passkey sign-in; the challenge serves once", async () => {
    const user = await withPasskey();
    const options = await passkeyOptions();
    expect(jar.has(PASSKEY_CHALLENGE_COOKIE)).toBe(true);
    const challengeCookie = jar.get(PASSKEY_CHALLENGE_COOKIE)!;
    const response = user.authenticator.assert(options);
    expect(await finishPasskeySignInAction(response, "/policies")).toEqual({
      ok: true,
      data: { next: "/policies" },
    });
    expect(await sessionCount(user.userId)).toBe(1);
    expect(jar.has(PASSKEY_CHALLENGE_COOKIE)).toBe(false);
    expect(await lastSignIn(user.userId)).toMatchObject({
      brokerId,
      clientAddress: "198.51.100.41",
      details: { method: "passkey", userAgent: "Vitest" },
    });

    // The same cookie and a fresh assertion over its challenge: refused.
    jar.set(PASSKEY_CHALLENGE_COOKIE, challengeCookie);
    expect(await finishPasskeySignInAction(user.authenticator.assert(options))).toEqual({
      ok: false,
      error: "Não foi possível usar a chave de acesso.",
    });
    // Without a challenge (none asked, or expired): a message, never an error page.
    expect(await finishPasskeySignInAction(user.authenticator.assert(options))).toMatchObject({ ok: false });
    expect(await finishPasskeySignInAction("garbage")).toMatchObject({ ok: false });
    await passkeyOptions();
    expect(await finishPasskeySignInAction({ id: 42, response: null })).toEqual({
      ok: false,
      error: "Não foi possível usar a chave de acesso.",
    });
    expect(await sessionCount(user.userId)).toBe(1);
  });

  it("keeps the callback inside the portal", async () => {
    const user = await withPasskey();
    const options = await passkeyOptions();
    expect(await finishPasskeySignInAction(user.authenticator.assert(options), "https://evil.test/")).toEqual(
      {
        ok: true,
        data: { next: "/" },
      },
    );
  });

  it("asks a user with only a passkey for it after the password, and accepts it at the second step", async () => {
    const user = await withPasskey();
    expect(await run(() => signInAction(null, form({ email: user.email, password: "segredo123" })))).toEqual({
      redirected: "/sign-in/second-factor",
    });
    expect(await sessionCount(user.userId)).toBe(0);
    // Another user's passkey does not finish this user's step.
    const other = await withPasskey();
    let options = await passkeyOptions();
    expect(await finishPasskeyStepAction(other.authenticator.assert(options))).toMatchObject({ ok: false });
    expect(await sessionCount(other.userId)).toBe(0);
    options = await passkeyOptions();
    expect(await finishPasskeyStepAction(user.authenticator.assert(options))).toEqual({
      ok: true,
      data: { next: "/" },
    });
    expect(await sessionCount(user.userId)).toBe(1);
    expect(jar.has(PENDING_STEP_COOKIE)).toBe(false);
  });

  it("lets a member of a broker that requires a second factor enrol with a passkey at sign-in", async () => {
    const [broker] = await handle.db
      .insert(brokers)
      .values({ registerNumber: "900782", name: "Exigente Chaves", requireSecondFactor: true })
      .returning();
    const member = await newUser(broker!.id);
    expect(
      await run(() => signInAction(null, form({ email: member.email, password: "segredo123" }))),
    ).toEqual({
      redirected: "/sign-in/second-factor",
    });
    expect(await beginSignInPasskeyRegistrationAction("")).toMatchObject({ ok: false });
    const options = await beginSignInPasskeyRegistrationAction("Celular");
    if (!options.ok) throw new Error(options.error);
    const rp = relyingPartyOf(requestHeaders);
    const authenticator = new SoftAuthenticator(rp.id, rp.origin);
    expect(
      await finishSignInPasskeyRegistrationAction("Celular", authenticator.register(options.data)),
    ).toEqual({ ok: true, data: { next: "/" } });
    expect(await sessionCount(member.userId)).toBe(1);
    expect(jar.has(PENDING_STEP_COOKIE)).toBe(false);

    // Next time the passkey alone opens the portal.
    const next = await passkeyOptions();
    expect(await finishPasskeySignInAction(authenticator.assert(next))).toMatchObject({ ok: true });
    expect(await sessionCount(member.userId)).toBe(2);
  });
});
