import { log } from "@/lib/log";
import { getLimiter } from "@/lib/rate-limit";
import { WINDOW_RULES } from "@/lib/rate-limit/policies";
import { PixNoticeNotAuthenticError } from "./notice-auth";
import { PixNoticeMalformedError } from "./notice-schema";

/**
 * Logs a notice the webhook refused as forged (no valid signature, or a replay) or malformed: one
 * warning line each, within the `pix-notice-refusal-log` window shared by every address and
 * instance, so that a flood of forged notices cannot fill the disk. Past the window's lines, the
 * rest of the minute goes unlogged; the last line logged says until when. Anything else: nothing.
 */
export async function logIfRefusedNotice(
  error: unknown,
  context: { requestId: string; clientAddress: string },
): Promise<void> {
  const reason =
    error instanceof PixNoticeNotAuthenticError
      ? "not-authentic"
      : error instanceof PixNoticeMalformedError
        ? "malformed"
        : undefined;
  if (!reason) return;
  const outcome = await getLimiter().store.consume(WINDOW_RULES["pix-notice-refusal-log"], "all");
  if (!outcome.allowed) return;
  log.warn(
    {
      ...context,
      reason,
      ...(outcome.remaining === 0 ? { unloggedUntil: new Date(outcome.resetAt).toISOString() } : {}),
    },
    "pix webhook: notice refused",
  );
}
