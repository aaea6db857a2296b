import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { findSecondFactorSummary, listUserPasskeys } from "@/db/queries/second-factor";
import { auditEntries, brokers, userPasskeys, users } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import {
  createConfiguredLimiter,
  getLimiter,
  useLimiterForTesting as installLimiter,
} from "@/lib/rate-limit";
import { clearOfWindowEdge } from "@/lib/testing/window-edge";
import { hashPassword } from "../password";
import { setBrokerRequiresSecondFactor, signInRequirement } from "../second-factor/service";
import { authenticateUser } from "../sign-in";
import { SIGN_IN_MAX_ATTEMPTS, SIGN_IN_RULES } from "../sign-in-throttle";

// The lock-out windows are fixed: no test runs across their edge (lib/testing/window-edge.ts).
beforeEach(() => clearOfWindowEdge());

// The challenge store is the limiter's; the cookie half is exercised by the actions' tests.
vi.mock("next/headers", () => ({ cookies: async () => ({}) }));

const { relyingPartyOf } = await import("./relying-party");
const {
  authenticateWithPasskey,
  beginPasskeyAuthentication,
  beginPasskeyRegistration,
  finishPasskeyRegistration,
  removePasskey,
} = await import("./service");
const { SoftAuthenticator } = await import("./soft-authenticator");

const rp = relyingPartyOf(new Headers(), {
  PUBLIC_BASE_URL: "https://portal.corretora.test",
  TRUSTED_PROXIES: 0,
});
let handle: DatabaseHandle;
let brokerId: string;
let seq = 0;

beforeAll(async () => {
  handle = await createTestDatabase();
  const [broker] = await handle.db
    .insert(brokers)
    .values({ registerNumber: "900451", name: "Corretora Chaves" })
    .returning();
  brokerId = broker!.id;
});
afterAll(() => handle?.close());
beforeEach(() => installLimiter(createConfiguredLimiter()));

async function newUser() {
  seq += 1;
  const email = `chave-${seq}@teste.com.br`;
  const [user] = await handle.db
    .insert(users)
    .values({ brokerId, email, name: `Pessoa ${seq}`, passwordHash: await hashPassword("segredo123") })
    .returning();
  return { userId: user!.id, email };
}

/** A user with one passkey registered through the service, and the authenticator holding it. */
async function userWithPasskey() {
  const user = await newUser();
  const authenticator = new SoftAuthenticator(rp.id, rp.origin);
  const options = await beginPasskeyRegistration(handle.db, { ...user, displayName: "Pessoa", rp });
  const result = await finishPasskeyRegistration(handle.db, {
    userId: user.userId,
    name: "Notebook",
    response: authenticator.register(options),
    challenge: options.challenge,
    rp,
    clientAddress: "203.0.113.9",
  });
  if (!result.ok) throw new Error("registration failed");
  return { ...user, authenticator, passkeyId: result.passkeyId };
}

async function signIn(
  authenticator: InstanceType<typeof SoftAuthenticator>,
  tamper: Parameters<InstanceType<typeof SoftAuthenticator>["assert"]>[1] = {},
  extra: { step?: { userId: string; email: string }; challenge?: string } = {},
) {
  const options = await beginPasskeyAuthentication(rp);
  const challenge = extra.challenge ?? options.challenge;
  return {
    challenge,
    result: await authenticateWithPasskey(handle.db, {
      response: authenticator.assert({ challenge }, tamper),
      challenge,
      rp,
      ip: "203.0.113.10",
      ...(extra.step ? { step: extra.step } : {}),
    }),
  };
}

/** Failed sign-ins counted against an e-mail (any address). */
async function failuresOf(email: string): Promise<number> {
  return getLimiter().store.count(SIGN_IN_RULES[1]!, email);
}

async function auditOf(userId: string) {
  return handle.db
    .select()
    .from(auditEntries)
    .where(eq(auditEntries.actorId, userId))
    .orderBy(desc(auditEntries.sequence));
}

describe("passkey registration", () => {
  it("asks for a discoverable credential with user verification, and stores the passkey", async () => {
    const user = await newUser();
    const options = await beginPasskeyRegistration(handle.db, { ...user, displayName: "P", rp });
    expect(options.rp.id).toBe("portal.corretora.test");
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: "required",
      userVerification: "required",
    });
    const authenticator = new SoftAuthenticator(rp.id, rp.origin);
    const result = await finishPasskeyRegistration(handle.db, {
      userId: user.userId,
      name: "Celular",
      response: authenticator.register(options),
      challenge: options.challenge,
      rp,
    });
    expect(result.ok).toBe(true);
    expect(await listUserPasskeys(handle.db, user.userId)).toEqual([
      expect.objectContaining({ name: "Celular", lastUsedAt: null }),
    ]);
    // The same authenticator is then excluded from a new registration.
    const again = await beginPasskeyRegistration(handle.db, { ...user, displayName: "P", rp });
    expect(again.excludeCredentials).toEqual([expect.objectContaining({ id: authenticator.id })]);
  });

  it("refuses a registration without user verification, from another origin, or with a spent challenge", async () => {
    const user = await newUser();
    const attempt = async (tamper: { origin?: string; noUserVerification?: boolean }, reuse?: string) => {
      const options = await beginPasskeyRegistration(handle.db, { ...user, displayName: "P", rp });
      const challenge = reuse ?? options.challenge;
      return finishPasskeyRegistration(handle.db, {
        userId: user.userId,
        name: "X",
        response: new SoftAuthenticator(rp.id, rp.origin).register({ ...options, challenge }, tamper),
        challenge,
        rp,
      });
    };
    expect(await attempt({ noUserVerification: true })).toEqual({ ok: false, reason: "invalid" });
    expect(await attempt({ origin: "https://evil.test" })).toEqual({ ok: false, reason: "invalid" });
    const options = await beginPasskeyRegistration(handle.db, { ...user, displayName: "P", rp });
    const first = await finishPasskeyRegistration(handle.db, {
      userId: user.userId,
      name: "Boa",
      response: new SoftAuthenticator(rp.id, rp.origin).register(options),
      challenge: options.challenge,
      rp,
    });
    expect(first.ok).toBe(true);
    expect(await attempt({}, options.challenge)).toEqual({ ok: false, reason: "invalid" });
    expect(await listUserPasskeys(handle.db, user.userId)).toHaveLength(1);
  });
});

describe("signing in with a passkey", () => {
  it("signs in with the passkey alone, updates the counter and the last use", async () => {
    const user = await userWithPasskey();
    const { result } = await signIn(user.authenticator);
    expect(result).toEqual({ ok: true, userId: user.userId, passkeyId: user.passkeyId });
    const [row] = await handle.db.select().from(userPasskeys).where(eq(userPasskeys.id, user.passkeyId));
    expect(row!.counter).toBe(1);
    expect(row!.lastUsedAt).toBeInstanceOf(Date);
    // Accepted at the second step of the same user's sign-in as well.
    expect((await signIn(user.authenticator, {}, { step: user })).result).toMatchObject({ ok: true });
  });

  it("refuses a wrong origin, a reused challenge, no user verification, another user's credential and a counter going back, each counted", async () => {
    const user = await userWithPasskey();
    const other = await userWithPasskey();
    const cases: [string, () => Promise<unknown>][] = [
      [
        "wrong origin",
        async () => (await signIn(user.authenticator, { origin: "https://evil.test" })).result,
      ],
      ["wrong RP id", async () => (await signIn(user.authenticator, { rpId: "evil.test" })).result],
      [
        "no user verification",
        async () => (await signIn(user.authenticator, { noUserVerification: true })).result,
      ],
      ["bad signature", async () => (await signIn(user.authenticator, { otherKey: true })).result],
      [
        "reused challenge",
        async () => {
          const first = await signIn(user.authenticator);
          expect(first.result).toMatchObject({ ok: true });
          return (await signIn(user.authenticator, {}, { challenge: first.challenge })).result;
        },
      ],
      [
        "another user's credential",
        async () => (await signIn(other.authenticator, {}, { step: user })).result,
      ],
      ["counter going back", async () => (await signIn(user.authenticator, { counter: 0 })).result],
    ];
    for (const [name, attempt] of cases) {
      installLimiter(createConfiguredLimiter());
      expect(await attempt(), name).toEqual({ ok: false, reason: "invalid" });
      expect(await failuresOf(user.email), name).toBe(1);
    }
  });

  it("counts every refusal toward the sign-in lock-out", async () => {
    const user = await userWithPasskey();
    for (let i = 0; i < SIGN_IN_MAX_ATTEMPTS; i++)
      expect((await signIn(user.authenticator, { noUserVerification: true })).result).toMatchObject({
        ok: false,
        reason: "invalid",
      });
    expect(
      await authenticateUser(handle.db, { email: user.email, password: "segredo123", ip: "203.0.113.10" }),
    ).toMatchObject({ ok: false, reason: "throttled" });
    expect((await signIn(user.authenticator)).result).toMatchObject({ ok: false, reason: "throttled" });
  });

  it("checks at most the limit of 100 concurrent refused assertions", async () => {
    const user = await userWithPasskey();
    const results = await Promise.all(
      Array.from(
        { length: 100 },
        async () => (await signIn(user.authenticator, { noUserVerification: true })).result,
      ),
    );
    expect(results.filter((result) => !result.ok && result.reason === "invalid")).toHaveLength(
      SIGN_IN_MAX_ATTEMPTS,
    );
    const refusals = (await auditOf(user.userId)).filter(
      (entry) => entry.action === "auth.second-factor-failed",
    );
    expect(refusals).toHaveLength(SIGN_IN_MAX_ATTEMPTS);
    expect(await failuresOf(user.email)).toBe(SIGN_IN_MAX_ATTEMPTS);
  });
});

describe("the second factor requirement and the audit trail", () => {
  it("does not send a user with only a passkey to enrol when the broker requires a second factor", async () => {
    const user = await userWithPasskey();
    expect(await findSecondFactorSummary(handle.db, user.userId)).toMatchObject({
      totpConfirmedAt: null,
      passkeys: 1,
    });
    await setBrokerRequiresSecondFactor(handle.db, { brokerId, userId: user.userId, value: true });
    expect(await signInRequirement(handle.db, user.userId)).toBe("verify");
    expect(await signInRequirement(handle.db, (await newUser()).userId)).toBe("enrol");
    await setBrokerRequiresSecondFactor(handle.db, { brokerId, userId: user.userId, value: false });
  });

  it("records the passkey added, refused and removed (with the password), without secrets", async () => {
    const user = await userWithPasskey();
    await signIn(user.authenticator, { noUserVerification: true });
    expect(
      await removePasskey(handle.db, { userId: user.userId, passkeyId: user.passkeyId, password: "errada" }),
    ).toEqual({ ok: false, reason: "invalid" });
    expect(await listUserPasskeys(handle.db, user.userId)).toHaveLength(1);
    expect(
      await removePasskey(handle.db, {
        userId: user.userId,
        passkeyId: user.passkeyId,
        password: "segredo123",
        clientAddress: "203.0.113.9",
      }),
    ).toEqual({ ok: true });
    expect(await listUserPasskeys(handle.db, user.userId)).toHaveLength(0);
    const entries = await auditOf(user.userId);
    expect(entries.map((entry) => entry.action)).toEqual([
      "passkey.removed",
      "auth.second-factor-failed",
      "passkey.added",
    ]);
    expect(entries[0]).toMatchObject({ brokerId, objectId: user.passkeyId, clientAddress: "203.0.113.9" });
    expect(entries[1]).toMatchObject({ brokerId, details: { method: "passkey", reason: "not-verified" } });
    const [stored] = await handle.db.select().from(userPasskeys).limit(1);
    const text = JSON.stringify(entries);
    for (const secret of ["segredo123", "errada", stored!.publicKey, user.authenticator.id])
      expect(text).not.toContain(secret);
  });

  it("does not remove another user's passkey", async () => {
    const owner = await userWithPasskey();
    const intruder = await newUser();
    expect(
      await removePasskey(handle.db, {
        userId: intruder.userId,
        passkeyId: owner.passkeyId,
        password: "segredo123",
      }),
    ).toEqual({ ok: false, reason: "invalid" });
    expect(await listUserPasskeys(handle.db, owner.userId)).toHaveLength(1);
  });
});
