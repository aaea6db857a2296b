import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { findUserBySession, insertUserSession } from "@/db/queries/sessions";
import { findActiveUserByEmail } from "@/db/queries/users";
import { auditEntries, brokers, type UserRole, userSessions, users } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import type { AuditContext } from "@/lib/audit/context";
import { hashPassword } from "@/lib/auth/password";
import { authenticateUser } from "@/lib/auth/sign-in";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { changeUserRole, deactivateUser } from "./users";

// The passkey challenge store is the limiter's; no cookie is involved here.
vi.mock("next/headers", () => ({ cookies: async () => ({}) }));

const { relyingPartyOf } = await import("@/lib/auth/passkeys/relying-party");
const {
  authenticateWithPasskey,
  beginPasskeyAuthentication,
  beginPasskeyRegistration,
  finishPasskeyRegistration,
} = await import("@/lib/auth/passkeys/service");
const { SoftAuthenticator } = await import("@/lib/auth/passkeys/soft-authenticator");

const rp = relyingPartyOf(new Headers(), {
  PUBLIC_BASE_URL: "https://portal.corretora.test",
  TRUSTED_PROXIES: 0,
});
const PASSWORD = "segredo123";
let handle: DatabaseHandle;
let passwordHash: string;
let seq = 0;

beforeAll(async () => {
  handle = await createTestDatabase();
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => handle?.close());
beforeEach(() => useLimiterForTesting(createConfiguredLimiter()));

async function newBroker() {
  seq += 1;
  const [broker] = await handle.db
    .insert(brokers)
    .values({ registerNumber: String(940000 + seq), name: `Corretora ${seq}` })
    .returning();
  return broker!.id;
}

async function newUser(brokerId: string, role: UserRole, active = true) {
  seq += 1;
  const [user] = await handle.db
    .insert(users)
    .values({
      brokerId,
      email: `pessoa-${seq}@perfis.test`,
      name: `Pessoa ${seq}`,
      passwordHash,
      role,
      active,
    })
    .returning();
  return { userId: user!.id, email: user!.email };
}

const by = (userId: string): AuditContext => ({
  actor: { kind: "user", id: userId },
  clientAddress: "203.0.113.8",
});
const roleOf = async (userId: string) =>
  (await handle.db.select({ role: users.role }).from(users).where(eq(users.id, userId)))[0]!.role;

async function auditAbout(userId: string) {
  return handle.db
    .select()
    .from(auditEntries)
    .where(eq(auditEntries.objectId, userId))
    .orderBy(asc(auditEntries.sequence));
}

describe("role change", () => {
  it("changes a member to finance and back, audited with from and to; the same role is no change", async () => {
    const brokerId = await newBroker();
    const admin = await newUser(brokerId, "admin");
    const member = await newUser(brokerId, "member");
    expect(
      await changeUserRole(handle.db, {
        brokerId,
        userId: member.userId,
        role: "finance",
        audit: by(admin.userId),
      }),
    ).toMatchObject({ ok: true, from: "member", to: "finance" });
    expect(await roleOf(member.userId)).toBe("finance");
    expect(
      await changeUserRole(handle.db, {
        brokerId,
        userId: member.userId,
        role: "finance",
        audit: by(admin.userId),
      }),
    ).toMatchObject({ ok: true, from: "finance", to: "finance" });
    const entries = await auditAbout(member.userId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "user.role-changed",
      actorId: admin.userId,
      brokerId,
      details: { from: "member", to: "finance" },
    });
  });

  it("finds no user of another broker, and refuses a deactivated one", async () => {
    const brokerId = await newBroker();
    const otherBrokerId = await newBroker();
    const admin = await newUser(brokerId, "admin");
    const stranger = await newUser(otherBrokerId, "member");
    const gone = await newUser(brokerId, "member", false);
    expect(
      await changeUserRole(handle.db, {
        brokerId,
        userId: stranger.userId,
        role: "admin",
        audit: by(admin.userId),
      }),
    ).toEqual({ ok: false, reason: "not-found" });
    expect(await roleOf(stranger.userId)).toBe("member");
    expect(
      await changeUserRole(handle.db, {
        brokerId,
        userId: gone.userId,
        role: "admin",
        audit: by(admin.userId),
      }),
    ).toEqual({ ok: false, reason: "inactive" });
    expect(
      await deactivateUser(handle.db, { brokerId, userId: stranger.userId, audit: by(admin.userId) }),
    ).toEqual({
      ok: false,
      reason: "not-found",
    });
  });
});

describe("the last active admin", () => {
  it("cannot be demoted nor deactivated; with a second admin, can", async () => {
    const brokerId = await newBroker();
    const admin = await newUser(brokerId, "admin");
    await newUser(brokerId, "admin", false); // a deactivated admin does not count
    for (const role of ["member", "finance"] as const)
      expect(
        await changeUserRole(handle.db, { brokerId, userId: admin.userId, role, audit: by(admin.userId) }),
      ).toEqual({ ok: false, reason: "last-admin" });
    const other = await newUser(brokerId, "member");
    expect(
      await deactivateUser(handle.db, { brokerId, userId: admin.userId, audit: by(other.userId) }),
    ).toEqual({
      ok: false,
      reason: "last-admin",
    });
    expect(await roleOf(admin.userId)).toBe("admin");

    await changeUserRole(handle.db, {
      brokerId,
      userId: other.userId,
      role: "admin",
      audit: by(admin.userId),
    });
    expect(
      await changeUserRole(handle.db, {
        brokerId,
        userId: admin.userId,
        role: "member",
        audit: by(admin.userId),
      }),
    ).toMatchObject({ ok: true });
    expect(
      await changeUserRole(handle.db, {
        brokerId,
        userId: other.userId,
        role: "member",
        audit: by(other.userId),
      }),
    ).toEqual({ ok: false, reason: "last-admin" });
  });

  it("two admins demoting each other at the same moment: one succeeds, one is refused", async () => {
    for (let round = 0; round < 5; round++) {
      const brokerId = await newBroker();
      const a = await newUser(brokerId, "admin");
      const b = await newUser(brokerId, "admin");
      const results = await Promise.all([
        changeUserRole(handle.db, { brokerId, userId: b.userId, role: "member", audit: by(a.userId) }),
        changeUserRole(handle.db, { brokerId, userId: a.userId, role: "member", audit: by(b.userId) }),
      ]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, reason: "last-admin" }]);
      const roles = [await roleOf(a.userId), await roleOf(b.userId)].sort();
      expect(roles).toEqual(["admin", "member"]);
    }
  });

  it("two admins deactivating each other at the same moment: one remains", async () => {
    const brokerId = await newBroker();
    const a = await newUser(brokerId, "admin");
    const b = await newUser(brokerId, "admin");
    const results = await Promise.all([
      deactivateUser(handle.db, { brokerId, userId: b.userId, audit: by(a.userId) }),
      deactivateUser(handle.db, { brokerId, userId: a.userId, audit: by(b.userId) }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const active = await handle.db.select().from(users).where(eq(users.brokerId, brokerId));
    expect(active.filter((user) => user.active && user.role === "admin")).toHaveLength(1);
  });
});

describe("deactivation", () => {
  it("ends every session at once, refuses the password and the passkey, keeps the row; audited", async () => {
    const brokerId = await newBroker();
    const admin = await newUser(brokerId, "admin");
    const member = await newUser(brokerId, "member");
    const authenticator = new SoftAuthenticator(rp.id, rp.origin);
    const options = await beginPasskeyRegistration(handle.db, { ...member, displayName: "Pessoa", rp });
    const registered = await finishPasskeyRegistration(handle.db, {
      userId: member.userId,
      name: "Notebook",
      response: authenticator.register(options),
      challenge: options.challenge,
      rp,
    });
    expect(registered.ok).toBe(true);
    const passkeySignIn = async () => {
      const { challenge } = await beginPasskeyAuthentication(rp);
      return authenticateWithPasskey(handle.db, {
        response: authenticator.assert({ challenge }),
        challenge,
        rp,
        ip: "198.51.100.9",
      });
    };
    expect(await passkeySignIn()).toMatchObject({ ok: true, userId: member.userId });
    const later = new Date(Date.now() + 60 * 60 * 1000);
    const sessions = [
      await insertUserSession(handle.db, { userId: member.userId, expiresAt: later }),
      await insertUserSession(handle.db, { userId: member.userId, expiresAt: later }),
    ];
    expect(await findUserBySession(handle.db, sessions[0]!)).toBeDefined();

    const now = new Date();
    expect(
      await deactivateUser(handle.db, { brokerId, userId: member.userId, audit: by(admin.userId), now }),
    ).toEqual({
      ok: true,
      name: expect.stringMatching(/^Pessoa/),
      endedSessions: 2,
    });
    for (const sessionId of sessions) expect(await findUserBySession(handle.db, sessionId)).toBeUndefined();
    expect(await handle.db.select().from(userSessions).where(eq(userSessions.userId, member.userId))).toEqual(
      [],
    );
    const [row] = await handle.db.select().from(users).where(eq(users.id, member.userId));
    expect(row).toMatchObject({ active: false, deactivatedAt: now, name: expect.stringMatching(/^Pessoa/) });

    expect(await findActiveUserByEmail(handle.db, member.email)).toBeUndefined();
    expect(
      await authenticateUser(handle.db, { email: member.email, password: PASSWORD, ip: "198.51.100.9" }),
    ).toEqual({ ok: false, reason: "invalid" });
    expect(await passkeySignIn()).toEqual({ ok: false, reason: "invalid" });

    const entries = (await auditAbout(member.userId)).filter((entry) => entry.action === "user.deactivated");
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: admin.userId,
        brokerId,
        details: { role: "member", endedSessions: 2 },
      }),
    ]);
    expect(
      await deactivateUser(handle.db, { brokerId, userId: member.userId, audit: by(admin.userId) }),
    ).toEqual({
      ok: false,
      reason: "inactive",
    });
  });

  it("an admin cannot deactivate themselves", async () => {
    const brokerId = await newBroker();
    const a = await newUser(brokerId, "admin");
    await newUser(brokerId, "admin");
    expect(await deactivateUser(handle.db, { brokerId, userId: a.userId, audit: by(a.userId) })).toEqual({
      ok: false,
      reason: "self",
    });
  });
});
