import { and, eq } from "drizzle-orm";
import type { Executor } from "../index";
import { userSessions } from "../schema";

/** When the user last proved who they are on this session (sign-in or re-authentication). */
export async function findSessionVerifiedAt(db: Executor, sessionId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ verifiedAt: userSessions.verifiedAt })
    .from(userSessions)
    .where(eq(userSessions.id, sessionId))
    .limit(1);
  return row?.verifiedAt;
}

/** Stamps a fresh proof on the user's session; false when the session is not theirs or is gone. */
export async function markSessionVerified(
  db: Executor,
  input: { sessionId: string; userId: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(userSessions)
    .set({ verifiedAt: input.now })
    .where(and(eq(userSessions.id, input.sessionId), eq(userSessions.userId, input.userId)))
    .returning({ id: userSessions.id });
  return rows.length === 1;
}
