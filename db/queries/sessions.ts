import { and, asc, count, desc, eq, gt, inArray, lte, max, ne, or } from "drizzle-orm";
import type { Executor } from "../index";
import { brokers, userPasskeys, userSessions, users } from "../schema";
import { type PortalUser, portalUserColumns } from "./users";

/**
 * Opens a session row for `userId`, first deleting the user's ended ones (past their absolute
 * expiry, or idle longer than `idleSeconds`) so rows never pile up. `now` is the clock (tests set it).
 */
export async function insertUserSession(
  db: Executor,
  input: { userId: string; expiresAt: Date; userAgent?: string | null; now?: Date; idleSeconds?: number },
): Promise<string> {
  const now = input.now ?? new Date();
  await db
    .delete(userSessions)
    .where(and(eq(userSessions.userId, input.userId), endedAt(now, input.idleSeconds)));
  const [row] = await db
    .insert(userSessions)
    .values({
      userId: input.userId,
      expiresAt: input.expiresAt,
      userAgent: input.userAgent ?? null,
      createdAt: now,
      lastActivityAt: now,
      verifiedAt: now,
    })
    .returning({ id: userSessions.id });
  return row!.id;
}

/**
 * A session's last activity is stamped at most this often (touchUserSession), so its last request
 * may have come up to this long after the stamp, and it is live until `idleSeconds` plus this after
 * the stamp: never ended before `idleSeconds` have passed since its last request (at most this much
 * later).
 */
export const ACTIVITY_STAMP_INTERVAL_SECONDS = 60;

/** The clock and the idle timeout a session is judged by; without `idleSeconds` only `expiresAt` counts. */
export type SessionClock = { now?: Date; idleSeconds?: number };

/** The oldest stamp of a session still live at `now` (see ACTIVITY_STAMP_INTERVAL_SECONDS). */
function idleCutoff(now: Date, idleSeconds: number): Date {
  return new Date(now.getTime() - (idleSeconds + ACTIVITY_STAMP_INTERVAL_SECONDS) * 1000);
}

/** A live session: before its absolute expiry and, with an idle timeout, active within it. */
function liveAt(now: Date, idleSeconds?: number) {
  return and(
    gt(userSessions.expiresAt, now),
    idleSeconds === undefined ? undefined : gt(userSessions.lastActivityAt, idleCutoff(now, idleSeconds)),
  );
}

function endedAt(now: Date, idleSeconds?: number) {
  return or(
    lte(userSessions.expiresAt, now),
    idleSeconds === undefined ? undefined : lte(userSessions.lastActivityAt, idleCutoff(now, idleSeconds)),
  );
}

/**
 * The active user of a live session (not expired, not idle too long, not ended, user still
 * active), with the session's last activity, in one query by the session's primary key: what
 * every portal request runs.
 */
export async function findUserBySession(
  db: Executor,
  sessionId: string,
  clock: SessionClock = {},
): Promise<(PortalUser & { sessionId: string; lastActivityAt: Date }) | undefined> {
  const now = clock.now ?? new Date();
  const [row] = await db
    .select({ ...portalUserColumns, sessionId: userSessions.id, lastActivityAt: userSessions.lastActivityAt })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .innerJoin(brokers, eq(brokers.id, users.brokerId))
    .where(and(eq(userSessions.id, sessionId), liveAt(now, clock.idleSeconds), eq(users.active, true)))
    .limit(1);
  return row;
}

/**
 * Stamps the session's last activity with `now`, unless it was stamped less than
 * ACTIVITY_STAMP_INTERVAL_SECONDS ago (the condition is in the UPDATE, so two requests racing write
 * once). Answers whether it wrote.
 */
export async function touchUserSession(db: Executor, sessionId: string, now: Date): Promise<boolean> {
  const minIntervalSeconds = ACTIVITY_STAMP_INTERVAL_SECONDS;
  const rows = await db
    .update(userSessions)
    .set({ lastActivityAt: now })
    .where(
      and(
        eq(userSessions.id, sessionId),
        lte(userSessions.lastActivityAt, new Date(now.getTime() - minIntervalSeconds * 1000)),
      ),
    )
    .returning({ id: userSessions.id });
  return rows.length > 0;
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

/**
 * Ends every session of a user but `keep.session` (when given) and removes the passkeys registered
 * from the sessions it ends (`createdInSessionId`), but those of `keep.passkeysOf`: whatever a
 * stolen session registered goes with it. Answers how many sessions ended and which passkeys went.
 */
export async function endUserSessionsAndTheirPasskeys(
  db: Executor,
  userId: string,
  keep: { session?: string; passkeysOf?: string } = {},
): Promise<{ sessions: number; passkeys: { id: string; name: string }[] }> {
  const ended = await db
    .delete(userSessions)
    .where(and(eq(userSessions.userId, userId), keep.session ? ne(userSessions.id, keep.session) : undefined))
    .returning({ id: userSessions.id });
  const from = ended.map((row) => row.id).filter((id) => id !== keep.passkeysOf);
  if (from.length === 0) return { sessions: ended.length, passkeys: [] };
  const passkeys = await db
    .delete(userPasskeys)
    .where(and(eq(userPasskeys.userId, userId), inArray(userPasskeys.createdInSessionId, from)))
    .returning({ id: userPasskeys.id, name: userPasskeys.name });
  return { sessions: ended.length, passkeys };
}

export type UserSessionRow = {
  id: string;
  createdAt: Date;
  expiresAt: Date;
  lastActivityAt: Date;
  userAgent: string | null;
};

/** The user's live sessions, oldest first. */
export async function listUserSessions(
  db: Executor,
  userId: string,
  clock: SessionClock = {},
): Promise<UserSessionRow[]> {
  return db
    .select({
      id: userSessions.id,
      createdAt: userSessions.createdAt,
      expiresAt: userSessions.expiresAt,
      lastActivityAt: userSessions.lastActivityAt,
      userAgent: userSessions.userAgent,
    })
    .from(userSessions)
    .where(and(eq(userSessions.userId, userId), liveAt(clock.now ?? new Date(), clock.idleSeconds)))
    .orderBy(asc(userSessions.createdAt), asc(userSessions.id));
}

export type BrokerUserRow = {
  userId: string;
  name: string;
  email: string;
  role: PortalUser["role"];
  active: boolean;
  liveSessions: number;
  /** The latest activity of any of the user's live sessions; null without one. */
  lastActivityAt: Date | null;
};

/** A broker's users with how many live sessions each has and their latest activity (the admins' users page). */
export async function listBrokerUsersWithSessions(
  db: Executor,
  brokerId: string,
  clock: SessionClock = {},
): Promise<BrokerUserRow[]> {
  const rows = await db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      active: users.active,
      liveSessions: count(userSessions.id),
      lastActivityAt: max(userSessions.lastActivityAt),
    })
    .from(users)
    .leftJoin(
      userSessions,
      and(eq(userSessions.userId, users.id), liveAt(clock.now ?? new Date(), clock.idleSeconds)),
    )
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

/** The broker of a user (the audit entry of a sign-in names it). */
export async function findUserBrokerId(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ brokerId: users.brokerId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.brokerId;
}

export type BrokerSessionRow = UserSessionRow & { userId: string };

/** Every live session of a broker's users, most recently active first (the users page lists them per user). */
export async function listBrokerSessions(
  db: Executor,
  brokerId: string,
  clock: SessionClock = {},
): Promise<BrokerSessionRow[]> {
  return db
    .select({
      id: userSessions.id,
      userId: userSessions.userId,
      createdAt: userSessions.createdAt,
      expiresAt: userSessions.expiresAt,
      lastActivityAt: userSessions.lastActivityAt,
      userAgent: userSessions.userAgent,
    })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(and(eq(users.brokerId, brokerId), liveAt(clock.now ?? new Date(), clock.idleSeconds)))
    .orderBy(desc(userSessions.lastActivityAt), asc(userSessions.id));
}
