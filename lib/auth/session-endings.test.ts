import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { findUserBySession, insertUserSession } from "@/db/queries/sessions";
import { auditEntries, brokers, userPasskeys, users } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { changePassword, endOwnSessions } from "./account";
import { hashPassword } from "./password";

/**
 * Passkeys obtained from a stolen session: a password change and "end all sessions" remove the
 * passkeys registered from the sessions they end, never those of the current session nor those
 * registered at sign-in (no session). The password reset's share is in lib/accounts/password-reset.test.ts.
 */
let handle: DatabaseHandle;
let brokerId: string;
let seq = 0;

beforeAll(async () => {
  handle = await createTestDatabase();
  const [broker] = await handle.db
    .insert(brokers)
    .values({ registerNumber: "900807", name: "Corretora Chaves Copiadas" })
    .returning();
  brokerId = broker!.id;
});
afterAll(() => handle?.close());
beforeEach(() => useLimiterForTesting(createConfiguredLimiter()));

/** A user with three sessions (here, another, stolen) and a passkey from each, plus one from sign-in. */
async function userWithPasskeys() {
  seq += 1;
  const [row] = await handle.db
    .insert(users)
    .values({
      brokerId,
      email: `copiada-${seq}@teste.com.br`,
      name: `Pessoa ${seq}`,
      passwordHash: await hashPassword("segredo123"),
    })
    .returning();
  const userId = row!.id;
  const open = () => insertUserSession(handle.db, { userId, expiresAt: new Date(Date.now() + 3_600_000) });
  const sessions = { here: await open(), other: await open(), stolen: await open() };
  const passkey = (name: string, createdInSessionId: string | null) => ({
    userId,
    credentialId: `cred-${userId}-${name}`,
    publicKey: "x",
    deviceType: "singleDevice",
    name,
    createdInSessionId,
  });
  await handle.db
    .insert(userPasskeys)
    .values([
      passkey("Daqui", sessions.here),
      passkey("Outra", sessions.other),
      passkey("Roubada", sessions.stolen),
      passkey("Entrada", null),
    ]);
  return { userId, sessions };
}

async function passkeyNames(userId: string) {
  const rows = await handle.db.select().from(userPasskeys).where(eq(userPasskeys.userId, userId));
  return rows.map((row) => row.name).sort();
}

async function removalsOf(userId: string) {
  return handle.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.actorId, userId), eq(auditEntries.action, "passkey.removed")));
}

describe("passkeys registered from ended sessions", () => {
  it("a password change removes those of the other sessions, in the same transaction, audited", async () => {
    const { userId, sessions } = await userWithPasskeys();
    expect(
      await changePassword(handle.db, {
        userId,
        sessionId: sessions.here,
        currentPassword: "segredo123",
        newPassword: "nova-senha-123",
      }),
    ).toEqual({ ok: true, endedSessions: 2 });
    expect(await passkeyNames(userId)).toEqual(["Daqui", "Entrada"]);
    expect(await findUserBySession(handle.db, sessions.here)).toBeDefined();
    const removals = await removalsOf(userId);
    expect(removals.map((entry) => entry.details.name).sort()).toEqual(["Outra", "Roubada"]);
    expect(removals[0]!.details).toMatchObject({ reason: "registered-in-ended-session" });
  });

  it("a wrong current password removes nothing", async () => {
    const { userId, sessions } = await userWithPasskeys();
    await changePassword(handle.db, {
      userId,
      sessionId: sessions.here,
      currentPassword: "errada",
      newPassword: "nova-senha-123",
    });
    expect(await passkeyNames(userId)).toEqual(["Daqui", "Entrada", "Outra", "Roubada"]);
  });

  it("'Encerrar todas as sessões' ends this one too, and keeps only this session's passkeys and sign-in's", async () => {
    const { userId, sessions } = await userWithPasskeys();
    expect(await endOwnSessions(handle.db, { userId, brokerId, sessionId: sessions.here })).toBe(3);
    for (const id of Object.values(sessions)) expect(await findUserBySession(handle.db, id)).toBeUndefined();
    expect(await passkeyNames(userId)).toEqual(["Daqui", "Entrada"]);
    expect(await removalsOf(userId)).toHaveLength(2);
  });
});
