import { isUniqueViolation } from "@/db/errors";
import type { Database, Executor } from "@/db/index";
import { insertUser, isEmailOfUser } from "@/db/queries/broker-users";
import { insertBroker, lockBroker } from "@/db/queries/brokers";
import {
  claimInvitation,
  findInvitationByTokenHash,
  findOpenInvitationByEmail,
  type InvitationByToken,
  insertInvitation,
  markInvitationRevoked,
  renewInvitationToken,
  setInvitationAcceptedUser,
} from "@/db/queries/invitations";
import { findBrokerRequiresSecondFactor } from "@/db/queries/second-factor";
import type { UserRole } from "@/db/schema";
import type { AuditContext } from "@/lib/audit/context";
import { recordAudit } from "@/lib/audit/record";
import type { AuditEntryInput } from "@/lib/audit/types";
import { hashPassword } from "@/lib/auth/password";
import { ROLE_LABELS } from "@/lib/auth/permissions";
import { env } from "@/lib/env";
import { formatDateTime } from "@/lib/format/pt-br";
import { log } from "@/lib/log";
import { BrandedError } from "@/lib/process/branded-error";
import { type AccountEmailOutcome, sendAccountEmail } from "./mail";
import { hashLinkToken, isLinkTokenShape, newLinkToken } from "./tokens";

/** An invitation's link works for 72 hours, once. */
export const INVITATION_TTL_HOURS = 72;
const TTL_MS = INVITATION_TTL_HOURS * 60 * 60 * 1000;

/** The page an invitation's link opens. */
export function invitationLink(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, "")}/invite/${token}`;
}

/**
 * The origin of links made away from a request (the operator's `brokers:create`): PUBLIC_BASE_URL,
 * else the local portal at PORT (3000). The portal's own actions use the request's public origin.
 */
export function configuredLinkOrigin(): string {
  return env().PUBLIC_BASE_URL ?? `http://localhost:${process.env.PORT || "3000"}`;
}

type InvitationBroker = { id: string; name: string; registerNumber: string };

/** The invitation e-mail (pt-BR): who invites, the role, the link and its 72 h. */
export function invitationEmail(input: {
  broker: { name: string; registerNumber: string };
  role: UserRole;
  link: string;
  expiresAt: Date;
}): { subject: string; text: string } {
  return {
    subject: `Convite para o Portal do Corretor – ${input.broker.name}`,
    text: [
      "Olá,",
      "",
      `Você foi convidado(a) para acessar o Portal do Corretor da ${input.broker.name} (SUSEP ${input.broker.registerNumber}) com o perfil ${ROLE_LABELS[input.role]}.`,
      "",
      "Para aceitar, abra o link abaixo, informe seu nome e crie sua senha:",
      input.link,
      "",
      `O link vale por ${INVITATION_TTL_HOURS} horas (até ${formatDateTime(input.expiresAt)}, horário de Brasília) e pode ser usado uma única vez. Depois disso, peça um novo convite a um administrador da corretora.`,
      "",
      "Se você não esperava este convite, ignore este e-mail.",
    ].join("\n"),
  };
}

async function sendInvitation(
  db: Executor,
  input: {
    broker: InvitationBroker;
    email: string;
    role: UserRole;
    token: string;
    expiresAt: Date;
    origin: string;
  },
): Promise<{ link: string; mail: AccountEmailOutcome }> {
  const link = invitationLink(input.origin, input.token);
  const { subject, text } = invitationEmail({ ...input, link });
  const mail = await sendAccountEmail(db, {
    brokerId: input.broker.id,
    userId: null,
    kind: "invitation",
    to: input.email,
    subject,
    text,
    link,
  });
  if (!mail.sent) log.warn({ brokerId: input.broker.id, error: mail.error }, "invitation: e-mail not sent");
  return { link, mail };
}

export type InvitationRefusal = "email-of-user" | "already-invited";

/**
 * Writes an invitation of `broker` (locked by the caller) inside `tx`, with its `invitation.sent`
 * entry: refused when a user already holds the e-mail (any broker: e-mails are unique) or the
 * broker has an open invitation to it (re-send that one instead).
 */
async function writeInvitation(
  tx: Executor,
  input: {
    brokerId: string;
    email: string;
    role: UserRole;
    invitedBy: string | null;
    audit: AuditContext;
    now: Date;
    /** Entries recorded before the invitation's (the broker's creation). */
    precedingAudit?: AuditEntryInput[];
  },
): Promise<
  { ok: true; id: string; token: string; expiresAt: Date } | { ok: false; reason: InvitationRefusal }
> {
  if (await isEmailOfUser(tx, input.email)) return { ok: false, reason: "email-of-user" };
  if (await findOpenInvitationByEmail(tx, input.brokerId, input.email))
    return { ok: false, reason: "already-invited" };
  const { token, hash } = newLinkToken();
  const expiresAt = new Date(input.now.getTime() + TTL_MS);
  const id = await insertInvitation(tx, {
    brokerId: input.brokerId,
    email: input.email,
    role: input.role,
    tokenHash: hash,
    invitedBy: input.invitedBy,
    createdAt: input.now,
    expiresAt,
  });
  await recordAudit(tx, [
    ...(input.precedingAudit ?? []),
    {
      brokerId: input.brokerId,
      ...input.audit,
      action: "invitation.sent",
      object: { type: "invitation", id },
      details: { role: input.role, expiresAt: expiresAt.toISOString() },
      occurredAt: input.now,
    },
  ]);
  return { ok: true, id, token, expiresAt };
}

export type InviteResult =
  | { ok: true; invitationId: string; email: string; link: string; mail: AccountEmailOutcome }
  | { ok: false; reason: InvitationRefusal | "unknown-broker" };

/**
 * An admin invites a person to the broker by e-mail with a role: the invitation (its token stored
 * hashed) and its audit entry in one transaction, then the e-mail (SMTP, or the outbox), whose
 * failure leaves the invitation to be re-sent.
 */
export async function inviteUser(
  db: Database,
  input: {
    brokerId: string;
    email: string;
    role: UserRole;
    invitedBy: string | null;
    origin: string;
    audit: AuditContext;
    now?: Date;
  },
): Promise<InviteResult> {
  const now = input.now ?? new Date();
  const written = await db.transaction(async (tx) => {
    // One invitation at a time per broker: two admins inviting the same e-mail cannot both pass.
    const broker = await lockBroker(tx, input.brokerId);
    if (!broker) return { ok: false as const, reason: "unknown-broker" as const };
    const invitation = await writeInvitation(tx, { ...input, now });
    return invitation.ok ? { ...invitation, broker } : invitation;
  });
  if (!written.ok) return written;
  const { link, mail } = await sendInvitation(db, {
    broker: written.broker,
    email: input.email,
    role: input.role,
    token: written.token,
    expiresAt: written.expiresAt,
    origin: input.origin,
  });
  return { ok: true, invitationId: written.id, email: input.email, link, mail };
}

export type OnboardResult =
  | { ok: true; brokerId: string; invitationId: string; link: string; mail: AccountEmailOutcome }
  | { ok: false; reason: "register-number-taken" | InvitationRefusal };

/**
 * The operator's onboarding of a brokerage (`npm run brokers:create`): the broker, its first
 * admin's invitation (invited by nobody) and their audit entries (`broker.created`,
 * `invitation.sent`, by the platform) in one transaction; then the invitation e-mail.
 */
export async function onboardBroker(
  db: Database,
  input: {
    registerNumber: string;
    name: string;
    cnpj: string | null;
    adminEmail: string;
    origin: string;
    now?: Date;
  },
): Promise<OnboardResult> {
  const now = input.now ?? new Date();
  const audit: AuditContext = { actor: { kind: "system" } };
  type Written =
    | { ok: true; broker: InvitationBroker; id: string; token: string; expiresAt: Date }
    | { ok: false; reason: "register-number-taken" | InvitationRefusal };
  const written = await db.transaction(async (tx): Promise<Written> => {
    if (await isEmailOfUser(tx, input.adminEmail)) return { ok: false, reason: "email-of-user" };
    const inserted = await insertBroker(tx, {
      registerNumber: input.registerNumber,
      name: input.name,
      cnpj: input.cnpj,
      createdAt: now,
    });
    if (!inserted) return { ok: false, reason: "register-number-taken" };
    const broker = { id: inserted.id, name: input.name, registerNumber: input.registerNumber };
    const invitation = await writeInvitation(tx, {
      brokerId: broker.id,
      email: input.adminEmail,
      role: "admin",
      invitedBy: null,
      audit,
      now,
      precedingAudit: [
        {
          brokerId: broker.id,
          ...audit,
          action: "broker.created",
          object: { type: "broker", id: broker.id },
          details: { registerNumber: input.registerNumber, cnpj: input.cnpj !== null },
          occurredAt: now,
        },
      ],
    });
    if (!invitation.ok) throw new Error(`invitation refused after its own checks: ${invitation.reason}`);
    return { ...invitation, broker };
  });
  if (!written.ok) return written;
  const { link, mail } = await sendInvitation(db, {
    broker: written.broker,
    email: input.adminEmail,
    role: "admin",
    token: written.token,
    expiresAt: written.expiresAt,
    origin: input.origin,
  });
  return { ok: true, brokerId: written.broker.id, invitationId: written.id, link, mail };
}

export type ResendResult =
  | { ok: true; email: string; link: string; mail: AccountEmailOutcome }
  | { ok: false; reason: "not-found" };

/**
 * Re-sends an open invitation of the broker (expired or not): a new token and a new 72 h, so the
 * link sent before stops working at once; recorded as `invitation.resent`.
 */
export async function resendInvitation(
  db: Database,
  input: { brokerId: string; invitationId: string; origin: string; audit: AuditContext; now?: Date },
): Promise<ResendResult> {
  const now = input.now ?? new Date();
  const { token, hash } = newLinkToken();
  const expiresAt = new Date(now.getTime() + TTL_MS);
  const renewed = await db.transaction(async (tx) => {
    const broker = await lockBroker(tx, input.brokerId);
    const row = broker
      ? await renewInvitationToken(tx, {
          brokerId: input.brokerId,
          invitationId: input.invitationId,
          tokenHash: hash,
          expiresAt,
        })
      : undefined;
    if (!broker || !row) return undefined;
    await recordAudit(tx, {
      brokerId: input.brokerId,
      ...input.audit,
      action: "invitation.resent",
      object: { type: "invitation", id: input.invitationId },
      details: { role: row.role, expiresAt: expiresAt.toISOString() },
      occurredAt: now,
    });
    return { ...row, broker };
  });
  if (!renewed) return { ok: false, reason: "not-found" };
  const { link, mail } = await sendInvitation(db, {
    broker: renewed.broker,
    email: renewed.email,
    role: renewed.role,
    token,
    expiresAt,
    origin: input.origin,
  });
  return { ok: true, email: renewed.email, link, mail };
}

/** Revokes an open invitation of the broker (its link stops working), recorded as `invitation.revoked`. */
export async function revokeInvitation(
  db: Database,
  input: { brokerId: string; invitationId: string; audit: AuditContext; now?: Date },
): Promise<{ ok: true; email: string } | { ok: false; reason: "not-found" }> {
  const now = input.now ?? new Date();
  const revoked = await db.transaction(async (tx) => {
    const row = await markInvitationRevoked(tx, { ...input, now });
    if (!row) return undefined;
    await recordAudit(tx, {
      brokerId: input.brokerId,
      ...input.audit,
      action: "invitation.revoked",
      object: { type: "invitation", id: input.invitationId },
      occurredAt: now,
    });
    return row;
  });
  return revoked ? { ok: true, email: revoked.email } : { ok: false, reason: "not-found" };
}

/** Why a link cannot be used: never issued (or replaced by a re-send), used, revoked, or too old. */
export type InvitationUnavailable = "unknown" | "accepted" | "revoked" | "expired";

export type InvitationLookup =
  | { status: "pending"; invitation: InvitationByToken }
  | { status: InvitationUnavailable };

/** What the invitation page shows for a link's token at `now`. */
export async function lookUpInvitation(
  db: Executor,
  token: unknown,
  now = new Date(),
): Promise<InvitationLookup> {
  if (!isLinkTokenShape(token)) return { status: "unknown" };
  const invitation = await findInvitationByTokenHash(db, hashLinkToken(token));
  if (!invitation) return { status: "unknown" };
  if (invitation.acceptedAt) return { status: "accepted" };
  if (invitation.revokedAt) return { status: "revoked" };
  if (invitation.expiresAt <= now) return { status: "expired" };
  return { status: "pending", invitation };
}

/** The invitation's e-mail belongs to a user by now: thrown to roll the acceptance back. */
class EmailOfUserError extends BrandedError {
  static override readonly brand = "InvitationEmailOfUserError";
}

export type AcceptResult =
  | { ok: true; userId: string; email: string; brokerId: string; requireSecondFactor: boolean }
  | { ok: false; reason: InvitationUnavailable | "email-of-user" };

/**
 * Accepts an invitation: the user (the invitation's e-mail and role, the name and password given)
 * is created in the transaction that marks the invitation accepted, which happens only while it is
 * still pending: a second use of the link, or two racing, find it used. Recorded as
 * `invitation.accepted` by the new user. The caller then starts the session, or the second
 * factor's enrolment when the broker requires one.
 */
export async function acceptInvitation(
  db: Database,
  input: { token: string; name: string; password: string; clientAddress?: string | null; now?: Date },
): Promise<AcceptResult> {
  const now = input.now ?? new Date();
  const found = await lookUpInvitation(db, input.token, now);
  if (found.status !== "pending") return { ok: false, reason: found.status };
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx): Promise<AcceptResult> => {
      const claimed = await claimInvitation(tx, { tokenHash: hashLinkToken(input.token), now });
      if (!claimed) {
        const { status } = await lookUpInvitation(tx, input.token, now);
        return { ok: false, reason: status === "pending" ? "accepted" : status };
      }
      // Thrown, so that the claim above is rolled back: the invitation stays pending.
      if (await isEmailOfUser(tx, claimed.email)) throw new EmailOfUserError();
      const userId = await insertUser(tx, {
        brokerId: claimed.brokerId,
        email: claimed.email,
        name: input.name,
        passwordHash,
        role: claimed.role,
        createdAt: now,
      });
      await setInvitationAcceptedUser(tx, claimed.id, userId);
      await recordAudit(tx, {
        brokerId: claimed.brokerId,
        actor: { kind: "user", id: userId },
        clientAddress: input.clientAddress ?? null,
        action: "invitation.accepted",
        object: { type: "user", id: userId },
        details: { invitationId: claimed.id, role: claimed.role },
        occurredAt: now,
      });
      return {
        ok: true,
        userId,
        email: claimed.email,
        brokerId: claimed.brokerId,
        requireSecondFactor: await findBrokerRequiresSecondFactor(tx, claimed.brokerId),
      };
    });
  } catch (error) {
    // Or another broker's invitation to the same e-mail accepted at the same moment.
    if (error instanceof EmailOfUserError || isUniqueViolation(error, "users_email_key"))
      return { ok: false, reason: "email-of-user" };
    throw error;
  }
}
