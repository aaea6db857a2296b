import "server-only";
import { getIronSession, type SessionOptions } from "iron-session";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/db/index";
import { findActiveUserById, type PortalUser } from "@/db/queries/users";
import { env } from "@/lib/env";
import { deriveSecret } from "@/lib/secrets";

export const SESSION_COOKIE = "bp_session";
/** Sessions last a working day; signing in again starts a new one. */
export const SESSION_TTL_SECONDS = 8 * 60 * 60;

export type SessionData = { userId?: string; signedInAt?: number };

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

export type CurrentUser = Omit<PortalUser, "brokerName"> & { brokerName: string };

/**
 * The signed-in user, re-read from the database (a deactivated user loses access at once), or
 * undefined. Cached per request so the layout and the page share one look-up.
 */
export const getCurrentUser = cache(async (): Promise<CurrentUser | undefined> => {
  const session = await getSession();
  if (!session.userId) return undefined;
  return findActiveUserById(await getDb(), session.userId);
});

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
