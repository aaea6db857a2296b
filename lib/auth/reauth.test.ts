import { and, desc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { findUserTotp } from "@/db/queries/second-factor";
import { findSessionVerifiedAt } from "@/db/queries/session-proof";
import { insertUserSession } from "@/db/queries/sessions";
import { auditEntries, brokers, users } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { clearOfWindowEdge } from "@/lib/testing/window-edge";
import { hashPassword } from "./password";
import { openTotpSecret } from "./second-factor/secret-box";
import { beginTotpEnrolment, confirmTotpEnrolment } from "./second-factor/service";
import { generateTotpCode, TOTP_PERIOD_SECONDS } from "./second-factor/totp";
import { authenticateUser } from "./sign-in";
import { SIGN_IN_MAX_ATTEMPTS } from "./sign-in-throttle";

// The lock-out windows are fixed: no test runs across their edge (lib/testing/window-edge.ts).
beforeEach(() => clearOfWindowEdge());

// The passkey challenge store is the limiter's; the cookie half belongs to the actions.
vi.mock("next/headers", () => ({ cookies: async () => ({}) }));

const { relyingPartyOf } = await import("./passkeys/relying-party");
const { beginPasskeyAuthentication, beginPasskeyRegistration, finishPasskeyRegistration } = await import(
  "./passkeys/service"
);
const { SoftAuthenticator } = await import("./passkeys/soft-authenticator");
const {
  freshProofUntil,
  hasFreshProof,
  reauthenticateWithCode,
  reauthenticateWithPasskey,
  reauthenticateWithPassword,
} = await import("./reauth");

const rp = relyingPartyOf(new Headers(), {
  PUBLIC_BASE_URL: "https://portal.reauth.test",
  TRUSTED_PROXIES: 0,
});
const IP = "203.0.113.44";
const T0 = new Date(Date.UTC(2026, 10, 21, 12, 0, 15));
const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
let handle: DatabaseHandle;
let brokerId: string;
let seq = 0;

beforeAll(async () => {
  handle = await createTestDatabase();
  const [broker] = await handle.db
    .insert(brokers)
    .values({ registerNumber: "900804", name: "Corretora Prova" })
    .returning();
  brokerId = broker!.id;
});
afterAll(() => handle?.close());
beforeEach(() => useLimiterForTesting(createConfiguredLimiter()));
afterEach(() => {
  delete process.env.REAUTH_WINDOW_SECONDS;
});

/** A user signed in at T0 (the session's proof), as the account page's actions see them. */
async function signedInUser() {
  seq += 1;
  const email = `prova-${seq}@teste.com.br`;
  const [row] = await handle.db
    .insert(users)
    .values({ brokerId, email, name: `Pessoa ${seq}`, passwordHash: await hashPassword("segredo123") })
    .returning();
  const sessionId = await insertUserSession(handle.db, {
    userId: row!.id,
    expiresAt: new Date(T0.getTime() + 12 * 3_600_000),
    now: T0,
  });
  return { userId: row!.id, brokerId, email, sessionId };
}

const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

async function auditOf(userId: string, action: string) {
  return handle.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.actorId, userId), eq(auditEntries.action, action)))
    .orderBy(desc(auditEntries.sequence));
}

describe("the fresh proof", () => {
  it("lasts 5 minutes from sign-in: fresh at 4 min 59 s, stale at 5 min + 1 s", async () => {
    const user = await signedInUser();
    expect(await hasFreshProof(handle.db, user.sessionId, at(299))).toBe(true);
    expect(await freshProofUntil(handle.db, user.sessionId, at(0))).toEqual(at(300));
    expect(await hasFreshProof(handle.db, user.sessionId, at(301))).toBe(false);
    expect(await hasFreshProof(handle.db, "00000000-0000-0000-0000-000000000000", at(0))).toBe(false);
  });

  it("takes its window from REAUTH_WINDOW_SECONDS", async () => {
    const user = await signedInUser();
    process.env.REAUTH_WINDOW_SECONDS = "60";
    expect(await hasFreshProof(handle.db, user.sessionId, at(59))).toBe(true);
    expect(await hasFreshProof(handle.db, user.sessionId, at(61))).toBe(false);
  });
});

describe("Confirme sua identidade", () => {
  it("with the password: a wrong one is refused and recorded; the right one stamps the session", async () => {
    const user = await signedInUser();
    const context = { user, clientAddress: IP, now: at(400) };
    expect(await reauthenticateWithPassword(handle.db, { ...context, password: "errada" })).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await auditOf(user.userId, "auth.reauthentication-failed")).toHaveLength(1);
    expect(await hasFreshProof(handle.db, user.sessionId, at(400))).toBe(false);
    expect(await reauthenticateWithPassword(handle.db, { ...context, password: "segredo123" })).toEqual({
      ok: true,
      verifiedUntil: at(700),
    });
    expect(await findSessionVerifiedAt(handle.db, user.sessionId)).toEqual(at(400));
    expect(await hasFreshProof(handle.db, user.sessionId, at(699))).toBe(true);
    const [entry] = await auditOf(user.userId, "auth.reauthenticated");
    expect(entry).toMatchObject({ brokerId, clientAddress: IP, details: { method: "password" } });
    expect(JSON.stringify(entry)).not.toContain("segredo123");
  });

  it("failures count toward the sign-in lock-out of the e-mail from this address", async () => {
    const user = await signedInUser();
    const context = { user, clientAddress: IP, now: at(400) };
    for (let i = 0; i < SIGN_IN_MAX_ATTEMPTS; i++)
      expect(
        await reauthenticateWithPassword(handle.db, { ...context, password: `errada-${i}` }),
      ).toMatchObject({
        reason: "invalid",
      });
    expect(await reauthenticateWithPassword(handle.db, { ...context, password: "segredo123" })).toMatchObject(
      {
        ok: false,
        reason: "throttled",
      },
    );
    expect(
      await authenticateUser(handle.db, { email: user.email, password: "segredo123", ip: IP }),
    ).toMatchObject({
      ok: false,
      reason: "throttled",
    });
    expect(await hasFreshProof(handle.db, user.sessionId, at(400))).toBe(false);
  });

  it("with a code from the authenticator app (used once); a recovery code is not taken", async () => {
    const user = await signedInUser();
    await beginTotpEnrolment(handle.db, { userId: user.userId, accountName: user.email });
    const secret = openTotpSecret((await findUserTotp(handle.db, user.userId))!.secretSealed, user.userId)!;
    const enrolled = await confirmTotpEnrolment(handle.db, {
      userId: user.userId,
      code: generateTotpCode(secret, T0.getTime()),
      attempt: { email: user.email, ip: IP },
      now: T0.getTime(),
    });
    if (!enrolled.ok) throw new Error("enrolment failed");
    const now = at(30 * 60);
    const context = { user, clientAddress: IP, now };
    expect(await reauthenticateWithCode(handle.db, { ...context, code: enrolled.recoveryCodes[0]! })).toEqual(
      {
        ok: false,
        reason: "invalid",
      },
    );
    expect(
      await reauthenticateWithCode(handle.db, {
        ...context,
        code: generateTotpCode(secret, now.getTime() + 5 * STEP_MS),
      }),
    ).toMatchObject({ ok: false, reason: "invalid" });
    const code = generateTotpCode(secret, now.getTime());
    expect(await reauthenticateWithCode(handle.db, { ...context, code })).toMatchObject({ ok: true });
    expect(await reauthenticateWithCode(handle.db, { ...context, code })).toMatchObject({ ok: false });
    const [entry] = await auditOf(user.userId, "auth.reauthenticated");
    expect(entry).toMatchObject({ details: { method: "totp" } });
  });

  it("with one of the user's passkeys, not someone else's", async () => {
    const user = await signedInUser();
    const other = await signedInUser();
    const register = async (owner: typeof user) => {
      const authenticator = new SoftAuthenticator(rp.id, rp.origin);
      const options = await beginPasskeyRegistration(handle.db, { ...owner, displayName: "P", rp });
      const result = await finishPasskeyRegistration(handle.db, {
        userId: owner.userId,
        name: "Notebook",
        response: authenticator.register(options),
        challenge: options.challenge,
        rp,
        sessionId: owner.sessionId,
      });
      if (!result.ok) throw new Error("registration failed");
      return authenticator;
    };
    const mine = await register(user);
    const theirs = await register(other);
    const attempt = async (authenticator: InstanceType<typeof SoftAuthenticator>) => {
      const options = await beginPasskeyAuthentication(rp);
      return reauthenticateWithPasskey(handle.db, {
        user,
        clientAddress: IP,
        now: at(600),
        response: authenticator.assert(options),
        challenge: options.challenge,
        rp,
      });
    };
    expect(await attempt(theirs)).toEqual({ ok: false, reason: "invalid" });
    expect(await attempt(mine)).toEqual({ ok: true, verifiedUntil: at(900) });
    expect(await findSessionVerifiedAt(handle.db, user.sessionId)).toEqual(at(600));
  });

  it("only ever stamps the user's own session", async () => {
    const user = await signedInUser();
    const other = await signedInUser();
    const result = await reauthenticateWithPassword(handle.db, {
      user: { ...user, sessionId: other.sessionId },
      clientAddress: IP,
      now: at(400),
      password: "segredo123",
    });
    expect(result).toEqual({ ok: false, reason: "invalid" });
    expect(await findSessionVerifiedAt(handle.db, other.sessionId)).toEqual(T0);
  });
});
