import { type ActionResult, actionFailure } from "@/lib/forms/action-result";
import { GatewayError } from "@/lib/http/errors";
import { enforceWindow, type WindowLimit } from "@/lib/rate-limit";
import { tooManyAttemptsMessage } from "./too-many-attempts";

/**
 * A portal write's window (WINDOW_RULES, counted per signed-in user): undefined while it has room,
 * otherwise what the action answers instead of doing the work, "Muitas tentativas. Tente novamente
 * em N minutos.". Call it after the form's checks, so that a typo costs nothing.
 */
export async function refuseOverWindow(
  limit: WindowLimit,
  userId: string,
): Promise<ActionResult<never, never> | undefined> {
  try {
    await enforceWindow(limit, userId);
    return undefined;
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return actionFailure(tooManyAttemptsMessage(Number(error.headers["Retry-After"] ?? 60)));
  }
}
