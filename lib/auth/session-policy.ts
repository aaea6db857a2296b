import { z } from "zod";
import type { Executor } from "@/db/index";
import { ACTIVITY_STAMP_INTERVAL_SECONDS, findUserBySession, touchUserSession } from "@/db/queries/sessions";

export { ACTIVITY_STAMP_INTERVAL_SECONDS } from "@/db/queries/sessions";

const settingsSchema = z.object({
  /** Minutes without a request after which a session ends (default 30). */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** Hours after sign-in at which a session ends whatever its activity (default 12). */
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
});

export type SessionTimeouts = { idleSeconds: number; absoluteSeconds: number };

/** The session timeouts from the environment (read at each use: tests change them). */
export function sessionTimeouts(): SessionTimeouts {
  const parsed = settingsSchema.safeParse(process.env);
  if (!parsed.success) {
    const names = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid session settings: ${names.join("; ")}`);
  }
  return {
    idleSeconds: parsed.data.SESSION_IDLE_MINUTES * 60,
    absoluteSeconds: parsed.data.SESSION_ABSOLUTE_HOURS * 60 * 60,
  };
}

/**
 * The user of a live session at `now`: refused past the absolute timeout (the row's `expiresAt`,
 * set at sign-in) or after `idleSeconds` without activity. A request a minute or more after the
 * last stamp writes a new one; others write nothing. The stamp may therefore lag the true last
 * request by up to a minute, which the idle check allows for (db/queries/sessions.ts): a session
 * ends between idle and idle + 1 minute after its last request, never before.
 */
export async function resolveSession(
  db: Executor,
  sessionId: string,
  now: Date = new Date(),
  timeouts: SessionTimeouts = sessionTimeouts(),
) {
  const row = await findUserBySession(db, sessionId, { now, idleSeconds: timeouts.idleSeconds });
  if (!row) return undefined;
  if (now.getTime() - row.lastActivityAt.getTime() >= ACTIVITY_STAMP_INTERVAL_SECONDS * 1000) {
    await touchUserSession(db, sessionId, now);
  }
  return row;
}
