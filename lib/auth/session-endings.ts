import "server-only";
import type { Executor } from "@/db/index";
import { endUserSessionsAndTheirPasskeys } from "@/db/queries/sessions";
import type { AuditContext } from "@/lib/audit/context";
import { recordAudit } from "@/lib/audit/record";
import type { AuditEntryInput } from "@/lib/audit/types";

/** Why a user's own sessions were ended (the `session.ended` entry's reason). */
export type OwnSessionsEndReason = "password-changed" | "password-reset" | "ended-by-user";

/**
 * Ends a user's sessions inside `tx` (all of them, or all but `keepSessionId`) and removes the
 * passkeys registered from the sessions it ends but the current one (`currentSessionId`, ended or
 * kept), so that a passkey added through a stolen session goes with that session
 * (docs/account-recovery.md). Records `session.ended` (when any was open) and one
 * `passkey.removed` per passkey, in the same transaction.
 */
export async function endSessionsAndTheirPasskeys(
  tx: Executor,
  input: {
    userId: string;
    brokerId: string | null;
    keepSessionId?: string;
    currentSessionId?: string;
    context: AuditContext;
    reason: OwnSessionsEndReason;
  },
): Promise<{ sessions: number; passkeys: number }> {
  const ended = await endUserSessionsAndTheirPasskeys(tx, input.userId, {
    ...(input.keepSessionId ? { session: input.keepSessionId } : {}),
    ...(input.currentSessionId ? { passkeysOf: input.currentSessionId } : {}),
  });
  const base = { brokerId: input.brokerId, ...input.context };
  const entries: AuditEntryInput[] = [
    ...(ended.sessions > 0
      ? [
          {
            ...base,
            action: "session.ended" as const,
            object: { type: "user", id: input.userId },
            details: { count: ended.sessions, reason: input.reason },
          },
        ]
      : []),
    ...ended.passkeys.map((passkey) => ({
      ...base,
      action: "passkey.removed" as const,
      object: { type: "passkey", id: passkey.id },
      details: { name: passkey.name, reason: "registered-in-ended-session", userId: input.userId },
    })),
  ];
  await recordAudit(tx, entries);
  return { sessions: ended.sessions, passkeys: ended.passkeys.length };
}
