import { and, asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { findPendingEmailChange } from "@/db/queries/account-tokens";
import { findActiveUserByEmail } from "@/db/queries/users";
import { accountEmails, auditEntries, brokers, users } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { hashPassword } from "@/lib/auth/password";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { confirmEmailChange, findEmailChangeLink, requestEmailChange } from "./email-change";
import { deliverPasswordReset, findPasswordResetLink } from "./password-reset";

const ORIGIN = "https://portal.teste";
const IP = "198.51.100.9";
let handle: DatabaseHandle;
let brokerId: string;
let seq = 0;

beforeAll(async () => {
  handle = await createTestDatabase();
  const [broker] = await handle.db
    .insert(brokers)
    .values({ registerNumber: "900806", name: "Corretora Troca" })
    .returning();
  brokerId = broker!.id;
});
afterAll(() => handle?.close());
beforeEach(() => useLimiterForTesting(createConfiguredLimiter()));

async function newUser() {
  seq += 1;
  const email = `troca-${seq}@teste.com.br`;
  const [row] = await handle.db
    .insert(users)
    .values({ brokerId, email, name: `Pessoa ${seq}`, passwordHash: await hashPassword("segredo123") })
    .returning();
  return { userId: row!.id, email };
}

async function mailsOf(userId: string) {
  return handle.db
    .select()
    .from(accountEmails)
    .where(eq(accountEmails.userId, userId))
    .orderBy(asc(accountEmails.createdAt));
}

function tokenIn(body: string, path: string): string | undefined {
  return new RegExp(`/${path}/([A-Za-z0-9_-]{43})`).exec(body)?.[1];
}

async function emailOf(userId: string) {
  const [row] = await handle.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row!.email;
}

const request = (userId: string, newEmail: string, now?: Date) =>
  requestEmailChange(handle.db, {
    userId,
    newEmail,
    clientAddress: IP,
    origin: ORIGIN,
    ...(now ? { now } : {}),
  });

describe("changing one's e-mail", () => {
  it("sends the confirmation link to the new address only; nothing changes until it is followed", async () => {
    const user = await newUser();
    expect(await request(user.userId, "nova@troca.com.br")).toEqual({ ok: true, sent: true });
    expect(await emailOf(user.userId)).toBe(user.email);
    const [mail] = await mailsOf(user.userId);
    expect(mail).toMatchObject({ kind: "email-change", recipient: "nova@troca.com.br" });
    const token = tokenIn(mail!.body, "confirm-email");
    expect(mail!.body).toContain(`${ORIGIN}/confirm-email/${token}`);
    expect(await findPendingEmailChange(handle.db, user.userId, new Date())).toMatchObject({
      newEmail: "nova@troca.com.br",
    });
    expect(await findEmailChangeLink(handle.db, token!)).toEqual({
      currentEmail: user.email,
      newEmail: "nova@troca.com.br",
    });

    expect(await confirmEmailChange(handle.db, { token: token!, clientAddress: IP })).toEqual({
      ok: true,
      newEmail: "nova@troca.com.br",
    });
    expect(await emailOf(user.userId)).toBe("nova@troca.com.br");
    expect(await findActiveUserByEmail(handle.db, "nova@troca.com.br")).toMatchObject({
      userId: user.userId,
    });
    // The old address is told, without a link.
    const [, notice] = await mailsOf(user.userId);
    expect(notice).toMatchObject({ kind: "email-changed", recipient: user.email });
    expect(notice!.body).not.toMatch(/https?:\/\//);
    expect(notice!.body).toContain("nova@troca.com.br");

    const actions = (
      await handle.db
        .select({ action: auditEntries.action })
        .from(auditEntries)
        .where(eq(auditEntries.objectId, user.userId))
        .orderBy(desc(auditEntries.sequence))
    ).map((row) => row.action);
    expect(actions).toEqual(["email.changed", "email.change-requested"]);
  });

  it("the link works once, for 24 hours, and a newer request voids the older link", async () => {
    const user = await newUser();
    const t0 = new Date(Date.UTC(2026, 10, 23, 10));
    await request(user.userId, "primeira@troca.com.br", t0);
    await request(user.userId, "segunda@troca.com.br", t0);
    const [first, second] = (await mailsOf(user.userId)).map((mail) => tokenIn(mail.body, "confirm-email")!);
    const late = new Date(t0.getTime() + 24 * 3_600_000 + 1000);
    expect(await confirmEmailChange(handle.db, { token: first!, clientAddress: IP, now: t0 })).toEqual({
      ok: false,
      reason: "invalid-link",
    });
    expect(await confirmEmailChange(handle.db, { token: second!, clientAddress: IP, now: late })).toEqual({
      ok: false,
      reason: "invalid-link",
    });
    const inTime = new Date(t0.getTime() + 24 * 3_600_000 - 1000);
    expect(
      await confirmEmailChange(handle.db, { token: second!, clientAddress: IP, now: inTime }),
    ).toMatchObject({
      ok: true,
    });
    expect(await confirmEmailChange(handle.db, { token: second!, clientAddress: IP, now: inTime })).toEqual({
      ok: false,
      reason: "invalid-link",
    });
    expect(await emailOf(user.userId)).toBe("segunda@troca.com.br");
  });

  it("refuses an address another user holds by the time the link is followed, and leaves the link as it was", async () => {
    const user = await newUser();
    await request(user.userId, "disputada@troca.com.br");
    const [mail] = await mailsOf(user.userId);
    const token = tokenIn(mail!.body, "confirm-email")!;
    const other = await newUser();
    await handle.db.update(users).set({ email: "Disputada@Troca.com.br" }).where(eq(users.id, other.userId));
    expect(await confirmEmailChange(handle.db, { token, clientAddress: IP })).toEqual({
      ok: false,
      reason: "taken",
    });
    expect(await emailOf(user.userId)).toBe(user.email);
    // Once the other user moves away, the same link works.
    await handle.db.update(users).set({ email: "liberada@troca.com.br" }).where(eq(users.id, other.userId));
    expect(await confirmEmailChange(handle.db, { token, clientAddress: IP })).toMatchObject({ ok: true });
  });

  it("refuses the current address; a reset link sent to the old address stops working once the e-mail changes", async () => {
    const user = await newUser();
    expect(await request(user.userId, user.email.toUpperCase())).toEqual({ ok: false, reason: "same-email" });
    await deliverPasswordReset(handle.db, { email: user.email, clientAddress: IP, origin: ORIGIN });
    const reset = (await mailsOf(user.userId)).find((mail) => mail.kind === "password-reset")!;
    const resetToken = tokenIn(reset.body, "reset-password")!;
    await request(user.userId, "depois@troca.com.br");
    const change = (await mailsOf(user.userId)).find((mail) => mail.kind === "email-change")!;
    await confirmEmailChange(handle.db, { token: tokenIn(change.body, "confirm-email")!, clientAddress: IP });
    expect(await findPasswordResetLink(handle.db, resetToken)).toBeUndefined();
  });

  it("a deactivated user's link changes nothing", async () => {
    const user = await newUser();
    await request(user.userId, "inativa@troca.com.br");
    const [mail] = await mailsOf(user.userId);
    await handle.db.update(users).set({ active: false }).where(eq(users.id, user.userId));
    expect(
      await confirmEmailChange(handle.db, {
        token: tokenIn(mail!.body, "confirm-email")!,
        clientAddress: IP,
      }),
    ).toEqual({ ok: false, reason: "invalid-link" });
    const [row] = await handle.db
      .select()
      .from(users)
      .where(and(eq(users.id, user.userId), eq(users.email, user.email)));
    expect(row).toBeDefined();
  });
});
