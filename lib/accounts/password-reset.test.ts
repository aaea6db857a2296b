import { and, asc, desc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { findUserBySession, insertUserSession } from "@/db/queries/sessions";
import { accountEmails, accountTokens, auditEntries, brokers, userPasskeys, users } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { clearOfWindowEdge } from "@/lib/testing/window-edge";
import {
  acceptPasswordResetRequest,
  deliverPasswordReset,
  findPasswordResetLink,
  PASSWORD_RESET_RULES,
  resetPassword,
} from "./password-reset";

// The lock-out windows are fixed: no test runs across their edge (lib/testing/window-edge.ts).
beforeEach(() => clearOfWindowEdge());

const ORIGIN = "https://portal.teste";
const IP = "198.51.100.7";
const T0 = Date.UTC(2026, 10, 20, 15, 0, 0);
let handle: DatabaseHandle;
let brokerId: string;
let seq = 0;

beforeAll(async () => {
  handle = await createTestDatabase();
  const [broker] = await handle.db
    .insert(brokers)
    .values({ registerNumber: "900801", name: "Corretora Recupera" })
    .returning();
  brokerId = broker!.id;
});
afterAll(() => handle?.close());
beforeEach(() => useLimiterForTesting(createConfiguredLimiter()));
afterEach(() => vi.useRealTimers());

async function newUser(options: { active?: boolean } = {}) {
  seq += 1;
  const email = `recupera-${seq}@teste.com.br`;
  const [row] = await handle.db
    .insert(users)
    .values({
      brokerId,
      email,
      name: `Pessoa ${seq}`,
      passwordHash: await hashPassword("senha-antiga-1"),
      active: options.active ?? true,
    })
    .returning();
  return { userId: row!.id, email };
}

/** The reset links e-mailed to `email` (kept whole in the outbox: no SMTP_URL in tests), oldest first. */
async function linksSentTo(email: string): Promise<string[]> {
  const rows = await handle.db
    .select({ body: accountEmails.body })
    .from(accountEmails)
    .where(and(eq(accountEmails.recipient, email), eq(accountEmails.kind, "password-reset")))
    .orderBy(asc(accountEmails.createdAt));
  return rows.map((row) => /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(row.body)?.[1] ?? "");
}

async function auditAbout(userId: string) {
  return handle.db
    .select()
    .from(auditEntries)
    .where(eq(auditEntries.objectId, userId))
    .orderBy(desc(auditEntries.sequence));
}

const deliver = (email: string, now?: Date) =>
  deliverPasswordReset(handle.db, { email, clientAddress: IP, origin: ORIGIN, ...(now ? { now } : {}) });

describe("asking for a reset link", () => {
  it("e-mails an active user a link to /reset-password/<token>, stores only its hash, and records the request", async () => {
    const user = await newUser();
    expect(await deliver(user.email.toUpperCase())).toBe("sent");
    const [token] = await linksSentTo(user.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [mail] = await handle.db.select().from(accountEmails).where(eq(accountEmails.userId, user.userId));
    expect(mail).toMatchObject({ kind: "password-reset", channel: "outbox", brokerId });
    expect(mail!.body).toContain(`${ORIGIN}/reset-password/${token}`);
    expect(mail!.body).toContain("30 minutos");
    const stored = await handle.db.select().from(accountTokens).where(eq(accountTokens.userId, user.userId));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(token!);
    expect(stored[0]!.expiresAt.getTime() - stored[0]!.createdAt.getTime()).toBe(30 * 60_000);
    const [entry] = await auditAbout(user.userId);
    expect(entry).toMatchObject({
      action: "password.reset-requested",
      actorKind: "anonymous",
      clientAddress: IP,
    });
    expect(JSON.stringify(entry)).not.toContain(token!);
  });

  it("sends nothing for an unknown e-mail or a deactivated user, and records nothing", async () => {
    const gone = await newUser({ active: false });
    const before = await handle.db.select().from(accountEmails);
    expect(await deliver("ninguem@teste.com.br")).toBe("unknown-email");
    expect(await deliver(gone.email)).toBe("unknown-email");
    expect(await handle.db.select().from(accountEmails)).toHaveLength(before.length);
    expect(await auditAbout(gone.userId)).toEqual([]);
  });

  it("a newer link voids the older ones", async () => {
    const user = await newUser();
    await deliver(user.email);
    await deliver(user.email);
    const [older, newer] = await linksSentTo(user.email);
    expect(await findPasswordResetLink(handle.db, older!)).toBeUndefined();
    expect(await findPasswordResetLink(handle.db, newer!)).toEqual({ email: user.email });
    expect(
      await resetPassword(handle.db, { token: older!, newPassword: "nova-senha-123", clientAddress: IP }),
    ).toEqual({ ok: false, reason: "invalid-link" });
  });

  it("is throttled per client address (the answer says so)", async () => {
    for (let i = 0; i < PASSWORD_RESET_RULES.perAddress.limit; i++)
      expect(await acceptPasswordResetRequest("203.0.113.80")).toEqual({ ok: true });
    expect(await acceptPasswordResetRequest("203.0.113.80")).toMatchObject({
      ok: false,
      reason: "throttled",
      retryAfterSeconds: expect.any(Number),
    });
    expect(await acceptPasswordResetRequest("203.0.113.81")).toEqual({ ok: true });
  });

  it("is throttled per e-mail silently: over the window nothing more is sent, known or not", async () => {
    const user = await newUser();
    for (let i = 0; i < PASSWORD_RESET_RULES.perEmail.limit; i++)
      expect(await deliver(user.email)).toBe("sent");
    expect(await deliver(user.email)).toBe("throttled-email");
    expect(await deliver(` ${user.email.toUpperCase()} `)).toBe("throttled-email");
    expect(await linksSentTo(user.email)).toHaveLength(PASSWORD_RESET_RULES.perEmail.limit);
    for (let i = 0; i < PASSWORD_RESET_RULES.perEmail.limit; i++)
      expect(await deliver("desconhecido@teste.com.br")).toBe("unknown-email");
    expect(await deliver("desconhecido@teste.com.br")).toBe("throttled-email");
  });
});

describe("following a reset link", () => {
  it("sets the new password once: the same link is refused afterwards", async () => {
    const user = await newUser();
    await deliver(user.email);
    const [token] = await linksSentTo(user.email);
    expect(
      await resetPassword(handle.db, { token: token!, newPassword: "nova-senha-123", clientAddress: IP }),
    ).toEqual({
      ok: true,
      endedSessions: 0,
      removedPasskeys: 0,
    });
    const [row] = await handle.db.select().from(users).where(eq(users.id, user.userId));
    expect(await verifyPassword(row!.passwordHash, "nova-senha-123")).toBe(true);
    expect(await findPasswordResetLink(handle.db, token!)).toBeUndefined();
    expect(
      await resetPassword(handle.db, { token: token!, newPassword: "outra-senha-456", clientAddress: IP }),
    ).toEqual({ ok: false, reason: "invalid-link" });
    const [after] = await handle.db.select().from(users).where(eq(users.id, user.userId));
    expect(await verifyPassword(after!.passwordHash, "nova-senha-123")).toBe(true);
    expect((await auditAbout(user.userId))[0]).toMatchObject({
      action: "password.reset",
      actorKind: "user",
      actorId: user.userId,
    });
  });

  it("works for 30 minutes (a fake clock): refused at 30 min + 1 s, accepted at 29 min 59 s", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: T0 });
    const late = await newUser();
    const onTime = await newUser();
    await deliver(late.email);
    await deliver(onTime.email);
    const [lateToken] = await linksSentTo(late.email);
    const [onTimeToken] = await linksSentTo(onTime.email);
    vi.setSystemTime(T0 + 30 * 60_000 + 1000);
    expect(await findPasswordResetLink(handle.db, lateToken!)).toBeUndefined();
    expect(
      await resetPassword(handle.db, { token: lateToken!, newPassword: "nova-senha-123", clientAddress: IP }),
    ).toEqual({ ok: false, reason: "invalid-link" });
    vi.setSystemTime(T0 + 30 * 60_000 - 1000);
    expect(
      await resetPassword(handle.db, {
        token: onTimeToken!,
        newPassword: "nova-senha-123",
        clientAddress: IP,
      }),
    ).toMatchObject({ ok: true });
  });

  it("ends every session of the user and removes the passkeys registered from them", async () => {
    const user = await newUser();
    const later = new Date(Date.now() + 60 * 60_000);
    const sessions = [
      await insertUserSession(handle.db, { userId: user.userId, expiresAt: later }),
      await insertUserSession(handle.db, { userId: user.userId, expiresAt: later }),
    ];
    const passkey = (name: string, createdInSessionId: string | null) => ({
      userId: user.userId,
      credentialId: `cred-${user.userId}-${name}`,
      publicKey: "x",
      deviceType: "singleDevice",
      name,
      createdInSessionId,
    });
    await handle.db
      .insert(userPasskeys)
      .values([passkey("Copiada", sessions[1]!), passkey("Cadastro", null)]);
    await deliver(user.email);
    const [token] = await linksSentTo(user.email);
    expect(
      await resetPassword(handle.db, { token: token!, newPassword: "nova-senha-123", clientAddress: IP }),
    ).toEqual({
      ok: true,
      endedSessions: 2,
      removedPasskeys: 1,
    });
    for (const id of sessions) expect(await findUserBySession(handle.db, id)).toBeUndefined();
    const left = await handle.db.select().from(userPasskeys).where(eq(userPasskeys.userId, user.userId));
    expect(left.map((row) => row.name)).toEqual(["Cadastro"]);
    const actions = (await auditAbout(user.userId)).map((entry) => entry.action);
    expect(actions.slice(0, 2)).toEqual(["password.reset", "session.ended"]);
    const removed = await handle.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, "passkey.removed"), eq(auditEntries.actorId, user.userId)));
    expect(removed).toHaveLength(1);
    expect(removed[0]!.details).toMatchObject({ reason: "registered-in-ended-session", name: "Copiada" });
  });

  it("a deactivated user's link stops working; made-up links change nothing", async () => {
    const user = await newUser();
    await deliver(user.email);
    const [token] = await linksSentTo(user.email);
    await handle.db.update(users).set({ active: false }).where(eq(users.id, user.userId));
    expect(await findPasswordResetLink(handle.db, token!)).toBeUndefined();
    expect(
      await resetPassword(handle.db, { token: token!, newPassword: "nova-senha-123", clientAddress: IP }),
    ).toEqual({ ok: false, reason: "invalid-link" });
    for (const madeUp of ["", "abc", "x".repeat(43), "../../etc/passwd"])
      expect(
        await resetPassword(handle.db, { token: madeUp, newPassword: "nova-senha-123", clientAddress: IP }),
      ).toEqual({ ok: false, reason: "invalid-link" });
  });

  it("two requests racing with one link: one wins", async () => {
    const user = await newUser();
    await deliver(user.email);
    const [token] = await linksSentTo(user.email);
    const results = await Promise.all(
      ["nova-senha-aaa", "nova-senha-bbb"].map((newPassword) =>
        resetPassword(handle.db, { token: token!, newPassword, clientAddress: IP }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
  });
});
