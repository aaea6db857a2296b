import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import {
  deleteUserSession,
  findUserBySession,
  insertUserSession,
  listBrokerUsersWithSessions,
  listUserSessions,
} from "@/db/queries/sessions";
import { auditEntries, brokers, userSessions, users } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { clearOfWindowEdge } from "@/lib/testing/window-edge";
import { changePassword, endBrokerUserSessions } from "./account";
import { hashPassword, verifyPassword } from "./password";
import { SIGN_IN_MAX_ATTEMPTS } from "./sign-in-throttle";

// The lock-out windows are fixed: no test runs across their edge (lib/testing/window-edge.ts).
beforeEach(() => clearOfWindowEdge());

let handle: DatabaseHandle;
let brokerId: string;
let otherBrokerId: string;
const later = () => new Date(Date.now() + 60 * 60 * 1000);

async function createUser(email: string, options: { broker?: string; active?: boolean } = {}) {
  const [user] = await handle.db
    .insert(users)
    .values({
      brokerId: options.broker ?? brokerId,
      email,
      name: email.split("@")[0]!,
      passwordHash: await hashPassword("senha-antiga-1"),
      active: options.active ?? true,
    })
    .returning();
  return user!.id;
}

/** The entries about a user (the object of the entry), newest first. */
async function auditAbout(userId: string) {
  return handle.db
    .select()
    .from(auditEntries)
    .where(eq(auditEntries.objectId, userId))
    .orderBy(desc(auditEntries.sequence));
}

const open = (userId: string, expiresAt = later()) => insertUserSession(handle.db, { userId, expiresAt });

beforeAll(async () => {
  handle = await createTestDatabase();
  const [broker, other] = await handle.db
    .insert(brokers)
    .values([
      { registerNumber: "910001", name: "Corretora Sessões" },
      { registerNumber: "910002", name: "Outra Corretora" },
    ])
    .returning();
  brokerId = broker!.id;
  otherBrokerId = other!.id;
});

afterAll(() => handle?.close());
beforeEach(() => useLimiterForTesting(createConfiguredLimiter()));

describe("server-side sessions", () => {
  it("a live session finds its user; once deleted (sign-out) the same id finds nothing", async () => {
    const userId = await createUser("sessao@teste.com.br");
    const sessionId = await open(userId);
    expect(await findUserBySession(handle.db, sessionId)).toMatchObject({
      userId,
      sessionId,
      registerNumber: "910001",
      brokerName: "Corretora Sessões",
    });
    await deleteUserSession(handle.db, sessionId);
    expect(await findUserBySession(handle.db, sessionId)).toBeUndefined();
  });

  it("an expired session or a deactivated user finds nothing", async () => {
    const userId = await createUser("expira@teste.com.br");
    const expired = await open(userId, new Date(Date.now() - 1000));
    expect(await findUserBySession(handle.db, expired)).toBeUndefined();
    const live = await open(userId);
    await handle.db.update(users).set({ active: false }).where(eq(users.id, userId));
    expect(await findUserBySession(handle.db, live)).toBeUndefined();
  });

  it("a new sign-in clears the user's expired rows, and lists only live sessions", async () => {
    const userId = await createUser("limpeza@teste.com.br");
    await open(userId, new Date(Date.now() - 1000));
    await open(userId);
    const rows = await handle.db.select().from(userSessions).where(eq(userSessions.userId, userId));
    expect(rows).toHaveLength(1);
    expect(await listUserSessions(handle.db, userId)).toHaveLength(1);
  });
});

describe("changePassword", () => {
  it("refuses a wrong current password and keeps every session", async () => {
    const userId = await createUser("errada@teste.com.br");
    const here = await open(userId);
    const elsewhere = await open(userId);
    const result = await changePassword(handle.db, {
      userId,
      sessionId: here,
      currentPassword: "nao-e-esta",
      newPassword: "senha-nova-123",
    });
    expect(result).toEqual({ ok: false, reason: "invalid" });
    expect(await findUserBySession(handle.db, elsewhere)).toBeDefined();
  });

  it("stores the new argon2id hash and ends the other sessions, keeping this one", async () => {
    const userId = await createUser("troca@teste.com.br");
    const here = await open(userId);
    const elsewhere = [await open(userId), await open(userId)];
    const result = await changePassword(handle.db, {
      userId,
      sessionId: here,
      currentPassword: "senha-antiga-1",
      newPassword: "senha-nova-123",
      clientAddress: "203.0.113.5",
    });
    expect(result).toEqual({ ok: true, endedSessions: 2 });
    const [ended, changed] = await auditAbout(userId);
    expect(changed).toMatchObject({
      action: "password.changed",
      actorId: userId,
      clientAddress: "203.0.113.5",
    });
    expect(ended).toMatchObject({
      action: "session.ended",
      details: { count: 2, reason: "password-changed" },
    });
    expect(JSON.stringify([ended, changed])).not.toMatch(/senha-(antiga|nova)|argon2/);
    for (const id of elsewhere) expect(await findUserBySession(handle.db, id)).toBeUndefined();
    expect(await findUserBySession(handle.db, here)).toMatchObject({ userId });
    const [row] = await handle.db.select().from(users).where(eq(users.id, userId));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row!.passwordHash, "senha-nova-123")).toBe(true);
    expect(await verifyPassword(row!.passwordHash, "senha-antiga-1")).toBe(false);
  });

  it("throttles guesses of the current password, even a right one after too many wrong", async () => {
    const userId = await createUser("chute@teste.com.br");
    const sessionId = await open(userId);
    const attempt = (currentPassword: string) =>
      changePassword(handle.db, { userId, sessionId, currentPassword, newPassword: "senha-nova-123" });
    for (let i = 0; i < SIGN_IN_MAX_ATTEMPTS; i++) await attempt("chute-errado");
    expect(await attempt("senha-antiga-1")).toMatchObject({ ok: false, reason: "throttled" });
  });

  it("checks at most the limit of 200 concurrent guesses, and refuses the right password sent after them", async () => {
    const userId = await createUser("rajada@teste.com.br");
    const sessionId = await open(userId);
    const attempt = (currentPassword: string) =>
      changePassword(handle.db, { userId, sessionId, currentPassword, newPassword: "senha-nova-123" });
    const results = await Promise.all([
      ...Array.from({ length: 200 }, () => attempt("chute-errado")),
      attempt("senha-antiga-1"),
    ]);
    expect(results.filter((result) => !result.ok && result.reason === "invalid")).toHaveLength(
      SIGN_IN_MAX_ATTEMPTS,
    );
    expect(results.at(-1)).toMatchObject({ ok: false, reason: "throttled" });
  });
});

describe("endBrokerUserSessions (admins)", () => {
  it("ends every session of a user of the admin's broker", async () => {
    const userId = await createUser("membro@teste.com.br");
    const sessions = [await open(userId), await open(userId)];
    expect(await listBrokerUsersWithSessions(handle.db, brokerId)).toContainEqual(
      expect.objectContaining({ userId, liveSessions: 2 }),
    );
    const adminId = await createUser("admin-sessoes@teste.com.br");
    expect(
      await endBrokerUserSessions(handle.db, {
        brokerId,
        userId,
        audit: { actor: { kind: "user", id: adminId }, clientAddress: "203.0.113.6" },
      }),
    ).toBe(2);
    expect((await auditAbout(userId))[0]).toMatchObject({
      action: "session.ended",
      brokerId,
      actorId: adminId,
      clientAddress: "203.0.113.6",
      details: { count: 2, reason: "ended-by-admin" },
    });
    for (const id of sessions) expect(await findUserBySession(handle.db, id)).toBeUndefined();
  });

  it("does nothing to another broker's user", async () => {
    const userId = await createUser("alheio@teste.com.br", { broker: otherBrokerId });
    const sessionId = await open(userId);
    expect(await endBrokerUserSessions(handle.db, { brokerId, userId })).toBeUndefined();
    expect(await findUserBySession(handle.db, sessionId)).toBeDefined();
    expect((await listBrokerUsersWithSessions(handle.db, brokerId)).some((u) => u.userId === userId)).toBe(
      false,
    );
  });
});
