import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { listOpenInvitations } from "@/db/queries/invitations";
import { findActiveUserByEmail } from "@/db/queries/users";
import { accountEmails, auditEntries, brokers, userInvitations, users } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import type { AuditContext } from "@/lib/audit/context";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { useNoticeMailerForTesting } from "@/lib/notices/mailer";
import {
  acceptInvitation,
  INVITATION_TTL_HOURS,
  inviteUser,
  lookUpInvitation,
  resendInvitation,
  revokeInvitation,
} from "./invitations";
import { hashLinkToken } from "./tokens";

const ORIGIN = "https://portal.corretora.test";
const HOUR = 60 * 60 * 1000;
let handle: DatabaseHandle;
let brokerId: string;
let strictBrokerId: string;
let adminId: string;
let audit: AuditContext;
let seq = 0;

beforeAll(async () => {
  useNoticeMailerForTesting(undefined);
  handle = await createTestDatabase();
  const [broker, strict] = await handle.db
    .insert(brokers)
    .values([
      { registerNumber: "930001", name: "Corretora Convites" },
      { registerNumber: "930002", name: "Corretora Exigente", requireSecondFactor: true },
    ])
    .returning();
  brokerId = broker!.id;
  strictBrokerId = strict!.id;
  const [admin] = await handle.db
    .insert(users)
    .values({
      brokerId,
      email: "admin@convites.test",
      name: "Ana Admin",
      passwordHash: await hashPassword("segredo123"),
      role: "admin",
    })
    .returning();
  adminId = admin!.id;
  audit = { actor: { kind: "user", id: adminId }, clientAddress: "203.0.113.5" };
});
afterAll(() => handle?.close());

const nextEmail = () => `convidado-${++seq}@convites.test`;

/** The link of the latest invitation e-mail to `email` (the outbox keeps it whole). */
async function lastLinkTo(
  email: string,
): Promise<{ link: string; token: string; body: string; subject: string }> {
  const rows = await handle.db
    .select()
    .from(accountEmails)
    .where(eq(accountEmails.recipient, email))
    .orderBy(asc(accountEmails.createdAt));
  const row = rows.at(-1)!;
  const link = /https:\/\/portal\.corretora\.test\/invite\/([A-Za-z0-9_-]{43})/.exec(row.body)!;
  return { link: link[0], token: link[1]!, body: row.body, subject: row.subject };
}

async function invite(email = nextEmail(), role: "admin" | "member" | "finance" = "member", now?: Date) {
  const result = await inviteUser(handle.db, {
    brokerId,
    email,
    role,
    invitedBy: adminId,
    origin: ORIGIN,
    audit,
    ...(now ? { now } : {}),
  });
  if (!result.ok) throw new Error(result.reason);
  return { ...result, token: (await lastLinkTo(email)).token };
}

async function auditOf(objectId: string) {
  return handle.db
    .select()
    .from(auditEntries)
    .where(eq(auditEntries.objectId, objectId))
    .orderBy(asc(auditEntries.sequence));
}

const accept = (token: string, now?: Date) =>
  acceptInvitation(handle.db, {
    token,
    name: "Pessoa Convidada",
    password: "senha-nova-1",
    clientAddress: "198.51.100.7",
    ...(now ? { now } : {}),
  });

describe("inviting", () => {
  it("stores the invitation with its token hashed, audits it and sends the pt-BR e-mail with the link and 72 h", async () => {
    const email = nextEmail();
    const now = new Date("2030-03-10T12:00:00Z");
    const { invitationId, token, link } = await invite(email, "finance", now);
    expect(link).toBe(`${ORIGIN}/invite/${token}`);
    const [row] = await handle.db.select().from(userInvitations).where(eq(userInvitations.id, invitationId));
    expect(row).toMatchObject({ brokerId, email, role: "finance", invitedBy: adminId, acceptedAt: null });
    expect(row!.tokenHash).toBe(hashLinkToken(token));
    expect(row!.expiresAt.getTime() - now.getTime()).toBe(INVITATION_TTL_HOURS * HOUR);
    const mail = await lastLinkTo(email);
    expect(mail.subject).toBe("Convite para o Portal do Corretor – Corretora Convites");
    expect(mail.body).toContain("perfil Financeiro");
    expect(mail.body).toContain("vale por 72 horas");
    expect(mail.body).toContain(link);
    const [sent] = await auditOf(invitationId);
    expect(sent).toMatchObject({
      action: "invitation.sent",
      actorKind: "user",
      actorId: adminId,
      brokerId,
      details: { role: "finance" },
    });
    expect(JSON.stringify(sent!.details)).not.toContain(token);

    const listed = await listOpenInvitations(handle.db, brokerId);
    expect(listed.find((item) => item.id === invitationId)).toMatchObject({
      email,
      role: "finance",
      invitedByName: "Ana Admin",
    });
  });

  it("refuses an e-mail that belongs to a user (of any broker, any case) and a second open invitation", async () => {
    await handle.db.insert(users).values({
      brokerId: strictBrokerId,
      email: "Ja.Existe@Convites.test",
      name: "Já Existe",
      passwordHash: "x",
    });
    const taken = await inviteUser(handle.db, {
      brokerId,
      email: "ja.existe@convites.test",
      role: "member",
      invitedBy: adminId,
      origin: ORIGIN,
      audit,
    });
    expect(taken).toEqual({ ok: false, reason: "email-of-user" });

    const email = nextEmail();
    await invite(email);
    const again = await inviteUser(handle.db, {
      brokerId,
      email,
      role: "admin",
      invitedBy: adminId,
      origin: ORIGIN,
      audit,
    });
    expect(again).toEqual({ ok: false, reason: "already-invited" });
    const rows = await handle.db.select().from(userInvitations).where(eq(userInvitations.email, email));
    expect(rows).toHaveLength(1);
  });

  it("two admins inviting the same e-mail at once make one invitation", async () => {
    const email = nextEmail();
    const results = await Promise.all(
      [0, 1].map(() =>
        inviteUser(handle.db, { brokerId, email, role: "member", invitedBy: adminId, origin: ORIGIN, audit }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, reason: "already-invited" }]);
  });
});

describe("re-sending and revoking", () => {
  it("re-sending gives a new link and a new 72 h; the old link is dead at once", async () => {
    const email = nextEmail();
    const first = await invite(email, "member", new Date(Date.now() - 80 * HOUR));
    expect((await lookUpInvitation(handle.db, first.token)).status).toBe("expired");
    const now = new Date();
    const resent = await resendInvitation(handle.db, {
      brokerId,
      invitationId: first.invitationId,
      origin: ORIGIN,
      audit,
      now,
    });
    expect(resent).toMatchObject({ ok: true, email });
    const second = await lastLinkTo(email);
    expect(second.token).not.toBe(first.token);
    expect((await lookUpInvitation(handle.db, first.token)).status).toBe("unknown");
    const looked = await lookUpInvitation(handle.db, second.token);
    expect(looked).toMatchObject({
      status: "pending",
      invitation: { email, brokerName: "Corretora Convites" },
    });
    if (looked.status === "pending")
      expect(looked.invitation.expiresAt.getTime()).toBe(now.getTime() + INVITATION_TTL_HOURS * HOUR);
    expect(await accept(first.token)).toEqual({ ok: false, reason: "unknown" });
    expect((await auditOf(first.invitationId)).map((entry) => entry.action)).toEqual([
      "invitation.sent",
      "invitation.resent",
    ]);
  });

  it("revoking kills the link; a revoked invitation can be neither re-sent nor revoked again; another broker's is not found", async () => {
    const { invitationId, token } = await invite();
    expect(await revokeInvitation(handle.db, { brokerId: strictBrokerId, invitationId, audit })).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(
      await resendInvitation(handle.db, { brokerId: strictBrokerId, invitationId, origin: ORIGIN, audit }),
    ).toEqual({ ok: false, reason: "not-found" });
    expect(await revokeInvitation(handle.db, { brokerId, invitationId, audit })).toMatchObject({ ok: true });
    expect((await lookUpInvitation(handle.db, token)).status).toBe("revoked");
    expect(await accept(token)).toEqual({ ok: false, reason: "revoked" });
    expect(await revokeInvitation(handle.db, { brokerId, invitationId, audit })).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await resendInvitation(handle.db, { brokerId, invitationId, origin: ORIGIN, audit })).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect((await listOpenInvitations(handle.db, brokerId)).map((item) => item.id)).not.toContain(
      invitationId,
    );
    expect((await auditOf(invitationId)).map((entry) => entry.action)).toEqual([
      "invitation.sent",
      "invitation.revoked",
    ]);
  });
});

describe("accepting", () => {
  it("creates the user with the invitation's role once; the second use of the link fails clearly", async () => {
    const email = nextEmail();
    const { invitationId, token } = await invite(email, "finance");
    const accepted = await accept(token);
    expect(accepted).toMatchObject({ ok: true, email, brokerId, requireSecondFactor: false });
    if (!accepted.ok) throw new Error("not accepted");
    const user = await findActiveUserByEmail(handle.db, email);
    expect(user).toMatchObject({
      userId: accepted.userId,
      role: "finance",
      name: "Pessoa Convidada",
      brokerId,
    });
    const [stored] = await handle.db.select().from(users).where(eq(users.id, accepted.userId));
    expect(await verifyPassword(stored!.passwordHash, "senha-nova-1")).toBe(true);
    const [row] = await handle.db.select().from(userInvitations).where(eq(userInvitations.id, invitationId));
    expect(row).toMatchObject({ acceptedUserId: accepted.userId });
    expect(row!.acceptedAt).toBeInstanceOf(Date);

    expect(await accept(token)).toEqual({ ok: false, reason: "accepted" });
    expect((await lookUpInvitation(handle.db, token)).status).toBe("accepted");
    const [entry] = await auditOf(accepted.userId);
    expect(entry).toMatchObject({
      action: "invitation.accepted",
      actorKind: "user",
      actorId: accepted.userId,
      clientAddress: "198.51.100.7",
      details: { invitationId, role: "finance" },
    });
    expect((await listOpenInvitations(handle.db, brokerId)).map((item) => item.id)).not.toContain(
      invitationId,
    );
  });

  it("two uses of one link at the same moment: one user, one failure", async () => {
    const email = nextEmail();
    const { token } = await invite(email);
    const results = await Promise.all([accept(token), accept(token)]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, reason: "accepted" }]);
    expect(await handle.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it("is valid for 72 hours (fake clock): pending a second before, expired at the 72nd hour", async () => {
    const sentAt = new Date("2030-05-01T09:00:00Z");
    const { token } = await invite(nextEmail(), "member", sentAt);
    const justBefore = new Date(sentAt.getTime() + INVITATION_TTL_HOURS * HOUR - 1000);
    const atExpiry = new Date(sentAt.getTime() + INVITATION_TTL_HOURS * HOUR);
    expect((await lookUpInvitation(handle.db, token, justBefore)).status).toBe("pending");
    expect((await lookUpInvitation(handle.db, token, atExpiry)).status).toBe("expired");
    expect(await accept(token, atExpiry)).toEqual({ ok: false, reason: "expired" });
    expect(await accept(token, justBefore)).toMatchObject({ ok: true });
  });

  it("an unknown or malformed token is unknown", async () => {
    expect(await lookUpInvitation(handle.db, "x".repeat(43))).toEqual({ status: "unknown" });
    expect(await lookUpInvitation(handle.db, "../../etc/passwd")).toEqual({ status: "unknown" });
    expect(await accept("nao-e-um-token")).toEqual({ ok: false, reason: "unknown" });
  });

  it("says the broker requires a second factor, so that the user enrols before the first page", async () => {
    const email = nextEmail();
    const invited = await inviteUser(handle.db, {
      brokerId: strictBrokerId,
      email,
      role: "member",
      invitedBy: null,
      origin: ORIGIN,
      audit: { actor: { kind: "system" } },
    });
    if (!invited.ok) throw new Error(invited.reason);
    const accepted = await accept((await lastLinkTo(email)).token);
    expect(accepted).toMatchObject({ ok: true, brokerId: strictBrokerId, requireSecondFactor: true });
  });

  it("fails when the e-mail became a user's meanwhile (another broker's invitation accepted first)", async () => {
    const email = nextEmail();
    const { token } = await invite(email);
    const other = await inviteUser(handle.db, {
      brokerId: strictBrokerId,
      email,
      role: "member",
      invitedBy: null,
      origin: ORIGIN,
      audit: { actor: { kind: "system" } },
    });
    if (!other.ok) throw new Error(other.reason);
    const otherLink = await lastLinkTo(email);
    expect(await accept(otherLink.token)).toMatchObject({ ok: true });
    expect(await accept(token)).toEqual({ ok: false, reason: "email-of-user" });
    const [row] = await handle.db
      .select()
      .from(userInvitations)
      .where(and(eq(userInvitations.brokerId, brokerId), eq(userInvitations.email, email)));
    expect(row!.acceptedAt).toBeNull();
  });
});
