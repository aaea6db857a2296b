import "server-only";
import { getIronSession, type SessionOptions } from "iron-session";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/db/index";
import { deleteUserSession, findUserBrokerId, insertUserSession } from "@/db/queries/sessions";
import type { PortalUser } from "@/db/queries/users";
import { recordAudit } from "@/lib/audit/record";
import { env } from "@/lib/env";
import { clientIp } from "@/lib/http/client-address";
import { isGuid } from "@/lib/schemas/identifiers";
import { deriveSecret } from "@/lib/secrets";
import { can, type Permission } from "./permissions";
import { resolveSession, sessionTimeouts } from "./session-policy";

export const SESSION_COOKIE = "bp_session";
/**
 * Sessions end after SESSION_IDLE_MINUTES without a request (30) or SESSION_ABSOLUTE_HOURS after
 * sign-in (12), whichever comes first (lib/auth/session-policy.ts); signing in again starts a new one.
 */

/** What the sealed cookie holds: only the id of the session row (db/schema/sessions.ts). */
export type SessionData = { sessionId?: string };

export function sessionOptions(): SessionOptions {
  return {
    cookieName: SESSION_COOKIE,
    password: deriveSecret("session").toString("hex"),
    ttl: sessionTimeouts().absoluteSeconds,
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
 * The signed-in user, read with the session row in one query (an ended, expired or idle session
 * or a deactivated user loses access at once), or undefined; the session's last activity is
 * stamped at most once a minute. Cached per request so the layout and the page share it.
 */
export const getCurrentUser = cache(async (): Promise<CurrentUser | undefined> => {
  const { sessionId } = await getSession();
  if (!sessionId || !isGuid(sessionId)) return undefined;
  const row = await resolveSession(await getDb(), sessionId);
  if (!row) return undefined;
  const { lastActivityAt: _lastActivityAt, ...user } = row;
  return user;
});

/** How a user proved who they are: the password alone, with a second factor, or a passkey alone. */
export type SignInMethod = "password" | "totp" | "recovery-code" | "passkey";

/**
 * Starts a session for a user who has just proved who they are: a new row, recorded in the audit
 * trail (`auth.sign-in`, with how) in the same transaction, and its id sealed in the cookie.
 */
export async function startSession(
  userId: string,
  userAgent: string | null,
  method: SignInMethod = "password",
): Promise<void> {
  const now = new Date();
  const timeouts = sessionTimeouts();
  const clientAddress = clientIp(await headers());
  const shortAgent = userAgent?.slice(0, 300) ?? null;
  const sessionId = await (await getDb()).transaction(async (tx) => {
    const id = await insertUserSession(tx, {
      userId,
      expiresAt: new Date(now.getTime() + timeouts.absoluteSeconds * 1000),
      userAgent: shortAgent,
      now,
      idleSeconds: timeouts.idleSeconds,
    });
    await recordAudit(tx, {
      brokerId: (await findUserBrokerId(tx, userId)) ?? null,
      actor: { kind: "user", id: userId },
      clientAddress,
      action: "auth.sign-in",
      object: { type: "user", id: userId },
      details: { userAgent: shortAgent, method },
      occurredAt: now,
    });
    return id;
  });
  const session = await getSession();
  session.sessionId = sessionId;
  await session.save();
}

/**
 * Ends this request's session: its row goes (the cookie stops working anywhere), recorded in the
 * audit trail (`auth.sign-out`) in the same transaction, and the cookie is cleared.
 */
export async function endSession(): Promise<void> {
  const session = await getSession();
  const user = await getCurrentUser();
  if (session.sessionId && isGuid(session.sessionId)) {
    const sessionId = session.sessionId;
    const clientAddress = clientIp(await headers());
    await (await getDb()).transaction(async (tx) => {
      await deleteUserSession(tx, sessionId);
      if (user) {
        await recordAudit(tx, {
          brokerId: user.brokerId,
          actor: { kind: "user", id: user.userId },
          clientAddress,
          action: "auth.sign-out",
          object: { type: "user", id: user.userId },
        });
      }
    });
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

/** The signed-in user whose role has `permission` (lib/auth/permissions.ts); others as requireAdmin. */
export async function requirePermission(permission: Permission): Promise<CurrentUser> {
  const user = await requireUser();
  if (!can(user.role, permission)) redirect("/forbidden");
  return user;
}
