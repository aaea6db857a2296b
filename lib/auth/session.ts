import "server-only";
import { getIronSession, type SessionOptions } from "iron-session";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/db/index";
import { deleteUserSession, findUserBySession, insertUserSession } from "@/db/queries/sessions";
import type { PortalUser } from "@/db/queries/users";
import { env } from "@/lib/env";
import { isGuid } from "@/lib/schemas/identifiers";
import { deriveSecret } from "@/lib/secrets";

export const SESSION_COOKIE = "bp_session";
/** Sessions last a working day; signing in again starts a new one. */
export const SESSION_TTL_SECONDS = 8 * 60 * 60;

/** What the sealed cookie holds: only the id of the session row (db/schema/sessions.ts). */
export type SessionData = { sessionId?: string };

export function sessionOptions(): SessionOptions {
  return {
    cookieName: SESSION_COOKIE,
    password: deriveSecret("session").toString("hex"),
    ttl: SESSION_TTL_SECONDS,
    cookieOptions: {
      httpOnly: true,
      sameSite: "lax",
      secure: env().NODE_ENV === "production",
      path: "/",
    },
  };
}

/** The iron-session of this request (sealed cookie `bp_session`). */
export async function getSession() {
  return getIronSession<SessionData>(await cookies(), sessionOptions());
}

export type CurrentUser = Omit<PortalUser, "brokerName"> & { brokerName: string; sessionId: string };

/**
 * The signed-in user, read with the session row in one query (an ended session or a deactivated
 * user loses access at once), or undefined. Cached per request so the layout and the page share it.
 */
export const getCurrentUser = cache(async (): Promise<CurrentUser | undefined> => {
  const { sessionId } = await getSession();
  if (!sessionId || !isGuid(sessionId)) return undefined;
  return findUserBySession(await getDb(), sessionId);
});

/** Starts a session for a user who has just proved who they are: a new row, and its id sealed in the cookie. */
export async function startSession(userId: string, userAgent: string | null): Promise<void> {
  const sessionId = await insertUserSession(await getDb(), {
    userId,
    expiresAt: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  const session = await getSession();
  session.sessionId = sessionId;
  await session.save();
}

/** Ends this request's session: its row goes (the cookie stops working anywhere) and the cookie is cleared. */
export async function endSession(): Promise<void> {
  const session = await getSession();
  if (session.sessionId && isGuid(session.sessionId)) {
    await deleteUserSession(await getDb(), session.sessionId);
  }
  session.destroy();
}

/** The signed-in user, or a redirect to the sign-in page. */
export async function requireUser(): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user) redirect("/sign-in");
  return user;
}

/** The signed-in admin; a member is sent to the "no access" page, a visitor to sign-in. */
export async function requireAdmin(): Promise<CurrentUser> {
  const user = await requireUser();
  if (user.role !== "admin") redirect("/forbidden");
  return user;
}
