import { and, asc, count, eq, gt, lte, ne, sql } from "drizzle-orm";
import type { Executor } from "../index";
import { brokers, userSessions, users } from "../schema";
import { type PortalUser, portalUserColumns } from "./users";

/** Opens a session row for `userId`, first deleting the user's expired ones (so rows never pile up). */
export async function insertUserSession(
  db: Executor,
  input: { userId: string; expiresAt: Date; userAgent?: string | null },
): Promise<string> {
  await db
    .delete(userSessions)
    .where(and(eq(userSessions.userId, input.userId), lte(userSessions.expiresAt, sql`now()`)));
  const [row] = await db
    .insert(userSessions)
    .values({ userId: input.userId, expiresAt: input.expiresAt, userAgent: input.userAgent ?? null })
    .returning({ id: userSessions.id });
  return row!.id;
}

/**
 * The active user of a live session (not expired, not ended, user still active), in one query by
 * the session's primary key: what every portal request runs.
 */
export async function findUserBySession(
  db: Executor,
  sessionId: string,
): Promise<(PortalUser & { sessionId: string }) | undefined> {
  const [row] = await db
    .select({ ...portalUserColumns, sessionId: userSessions.id })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .innerJoin(brokers, eq(brokers.id, users.brokerId))
    .where(
      and(eq(userSessions.id, sessionId), gt(userSessions.expiresAt, sql`now()`), eq(users.active, true)),
    )
    .limit(1);
  return row;
}

/** Ends one session (sign-out). */
export async function deleteUserSession(db: Executor, sessionId: string): Promise<void> {
  await db.delete(userSessions).where(eq(userSessions.id, sessionId));
}

/** Ends every session of a user, or all but `exceptSessionId`; returns how many were ended. */
export async function deleteUserSessions(
  db: Executor,
  userId: string,
  exceptSessionId?: string,
): Promise<number> {
  const rows = await db
    .delete(userSessions)
    .where(
      and(
        eq(userSessions.userId, userId),
        exceptSessionId ? ne(userSessions.id, exceptSessionId) : undefined,
      ),
    )
    .returning({ id: userSessions.id });
  return rows.length;
}

export type UserSessionRow = { id: string; createdAt: Date; expiresAt: Date; userAgent: string | null };

/** The user's live sessions, oldest first. */
export async function listUserSessions(db: Executor, userId: string): Promise<UserSessionRow[]> {
  return db
    .select({
      id: userSessions.id,
      createdAt: userSessions.createdAt,
      expiresAt: userSessions.expiresAt,
      userAgent: userSessions.userAgent,
    })
    .from(userSessions)
    .where(and(eq(userSessions.userId, userId), gt(userSessions.expiresAt, sql`now()`)))
    .orderBy(asc(userSessions.createdAt), asc(userSessions.id));
}

export type BrokerUserRow = {
  userId: string;
  name: string;
  email: string;
  role: PortalUser["role"];
  active: boolean;
  liveSessions: number;
};

/** A broker's users with how many live sessions each has (the admins' users page). */
export async function listBrokerUsersWithSessions(db: Executor, brokerId: string): Promise<BrokerUserRow[]> {
  const rows = await db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      active: users.active,
      liveSessions: count(userSessions.id),
    })
    .from(users)
    .leftJoin(userSessions, and(eq(userSessions.userId, users.id), gt(userSessions.expiresAt, sql`now()`)))
    .where(eq(users.brokerId, brokerId))
    .groupBy(users.id)
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((row) => ({ ...row, liveSessions: Number(row.liveSessions) }));
}

/** Whether `userId` belongs to `brokerId` (an admin acts only on their own broker's users). */
export async function isUserOfBroker(db: Executor, userId: string, brokerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.brokerId, brokerId)))
    .limit(1);
  return Boolean(row);
}
