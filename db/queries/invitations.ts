import { aliasedTable, and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Executor } from "../index";
import { brokers, type UserRole, userInvitations, users } from "../schema";

/** Not accepted and not revoked (expired or not): what the users page lists and re-sending renews. */
const open = () => and(isNull(userInvitations.acceptedAt), isNull(userInvitations.revokedAt));

export async function insertInvitation(
  db: Executor,
  row: {
    brokerId: string;
    email: string;
    role: UserRole;
    tokenHash: string;
    invitedBy: string | null;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<string> {
  const [inserted] = await db.insert(userInvitations).values(row).returning({ id: userInvitations.id });
  return inserted!.id;
}

/** The broker's open invitation to this e-mail (case-insensitive), if any. */
export async function findOpenInvitationByEmail(
  db: Executor,
  brokerId: string,
  email: string,
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: userInvitations.id })
    .from(userInvitations)
    .where(
      and(
        eq(userInvitations.brokerId, brokerId),
        sql`lower(${userInvitations.email}) = lower(${email})`,
        open(),
      ),
    )
    .limit(1);
  return row;
}

export type OpenInvitationRow = {
  id: string;
  email: string;
  role: UserRole;
  invitedByName: string | null;
  createdAt: Date;
  expiresAt: Date;
};

const inviters = aliasedTable(users, "inviters");

/** The broker's open invitations (expired ones included, to be re-sent or revoked), oldest first. */
export async function listOpenInvitations(db: Executor, brokerId: string): Promise<OpenInvitationRow[]> {
  return db
    .select({
      id: userInvitations.id,
      email: userInvitations.email,
      role: userInvitations.role,
      invitedByName: inviters.name,
      createdAt: userInvitations.createdAt,
      expiresAt: userInvitations.expiresAt,
    })
    .from(userInvitations)
    .leftJoin(inviters, eq(inviters.id, userInvitations.invitedBy))
    .where(and(eq(userInvitations.brokerId, brokerId), open()))
    .orderBy(asc(userInvitations.createdAt), asc(userInvitations.id));
}

/**
 * Gives an open invitation of the broker a new token and expiry (the old link stops working at
 * once); answers its e-mail and role, or undefined when there is no such open invitation.
 */
export async function renewInvitationToken(
  db: Executor,
  input: { brokerId: string; invitationId: string; tokenHash: string; expiresAt: Date },
): Promise<{ email: string; role: UserRole } | undefined> {
  const [row] = await db
    .update(userInvitations)
    .set({ tokenHash: input.tokenHash, expiresAt: input.expiresAt })
    .where(
      and(eq(userInvitations.id, input.invitationId), eq(userInvitations.brokerId, input.brokerId), open()),
    )
    .returning({ email: userInvitations.email, role: userInvitations.role });
  return row;
}

/** Revokes an open invitation of the broker; false when there is none (accepted, revoked, another broker's). */
export async function markInvitationRevoked(
  db: Executor,
  input: { brokerId: string; invitationId: string; now: Date },
): Promise<{ email: string } | undefined> {
  const [row] = await db
    .update(userInvitations)
    .set({ revokedAt: input.now })
    .where(
      and(eq(userInvitations.id, input.invitationId), eq(userInvitations.brokerId, input.brokerId), open()),
    )
    .returning({ email: userInvitations.email });
  return row;
}

export type InvitationByToken = {
  id: string;
  brokerId: string;
  brokerName: string;
  registerNumber: string;
  requireSecondFactor: boolean;
  email: string;
  role: UserRole;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
};

/** The invitation a link's token hash names, with its broker, whatever its state. */
export async function findInvitationByTokenHash(
  db: Executor,
  tokenHash: string,
): Promise<InvitationByToken | undefined> {
  const [row] = await db
    .select({
      id: userInvitations.id,
      brokerId: userInvitations.brokerId,
      brokerName: brokers.name,
      registerNumber: brokers.registerNumber,
      requireSecondFactor: brokers.requireSecondFactor,
      email: userInvitations.email,
      role: userInvitations.role,
      expiresAt: userInvitations.expiresAt,
      acceptedAt: userInvitations.acceptedAt,
      revokedAt: userInvitations.revokedAt,
    })
    .from(userInvitations)
    .innerJoin(brokers, eq(brokers.id, userInvitations.brokerId))
    .where(eq(userInvitations.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/**
 * Marks the invitation of this token accepted, only if it is still pending at `now` (not accepted,
 * not revoked, not expired): one statement, so two uses of one link racing cannot both win.
 */
export async function claimInvitation(
  db: Executor,
  input: { tokenHash: string; now: Date },
): Promise<{ id: string; brokerId: string; email: string; role: UserRole } | undefined> {
  const [row] = await db
    .update(userInvitations)
    .set({ acceptedAt: input.now })
    .where(
      and(eq(userInvitations.tokenHash, input.tokenHash), open(), gt(userInvitations.expiresAt, input.now)),
    )
    .returning({
      id: userInvitations.id,
      brokerId: userInvitations.brokerId,
      email: userInvitations.email,
      role: userInvitations.role,
    });
  return row;
}

export async function setInvitationAcceptedUser(
  db: Executor,
  invitationId: string,
  userId: string,
): Promise<void> {
  await db
    .update(userInvitations)
    .set({ acceptedUserId: userId })
    .where(eq(userInvitations.id, invitationId));
}
