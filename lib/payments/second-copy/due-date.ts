import { addDays, businessDay } from "@/lib/dates";
import { ApiError } from "@/lib/http/errors";

/** Days from today a second copy is due when the request names no date. */
export const DEFAULT_DAYS_TO_PAY = 3;

/** The São Paulo days (YYYY-MM-DD, both included) a second copy may be due on; empty when earliest > latest. */
export type DueDateWindow = { earliest: string; latest: string };

// YYYY-MM-DD days compare as text.
const laterDay = (a: string, b: string) => (a > b ? a : b);
const earlierDay = (a: string, b: string) => (a < b ? a : b);

/** The refusal with the window it was raised for (what the portal words its message with). */
type RefusedDueDate = ApiError & { dueDateWindow?: DueDateWindow };

/** A due date the window does not hold (or no window at all): INVALID-FORM-FIELD on `dueDate`. */
export function dueDateRefused(window: DueDateWindow): ApiError {
  const error = new ApiError("INVALID-FORM-FIELD", {
    message:
      window.earliest > window.latest
        ? "No due date is left for a second copy: the installment's payment deadline (formal notice) or the policy's vigency has ended."
        : `dueDate must be a São Paulo day from ${window.earliest} to ${window.latest}.`,
    properties: ["dueDate"],
  });
  return Object.assign(error, { dueDateWindow: window });
}

/** The window a `dueDateRefused` error was raised for (what the portal words its message with). */
export function refusedDueDateWindow(error: unknown): DueDateWindow | undefined {
  return error instanceof ApiError ? (error as RefusedDueDate).dueDateWindow : undefined;
}

/**
 * From today (a Pix is paid at once, and so is the hybrid boleto's) and after the original due day,
 * up to the formal notice's deadline (after it the policy is canceled) and the vigency's last day.
 */
export function dueDateWindow(input: {
  now: Date;
  originalDueDate: Date;
  vigencyExpiredAt: Date;
  noticeDeadlineAt?: Date;
}): DueDateWindow {
  const today = businessDay(input.now);
  const afterOriginal = addDays(businessDay(input.originalDueDate), 1);
  // vigencyExpiredAt is the instant the vigency ends: its last day is the one before that instant.
  const lastVigencyDay = businessDay(new Date(input.vigencyExpiredAt.getTime() - 1));
  const deadlineDay = input.noticeDeadlineAt ? businessDay(input.noticeDeadlineAt) : undefined;
  return {
    earliest: laterDay(today, afterOriginal),
    latest: deadlineDay ? earlierDay(lastVigencyDay, deadlineDay) : lastVigencyDay,
  };
}

/** The requested day when the window holds it; without one, today + 3 brought inside the window. */
export function chooseDueDay(window: DueDateWindow, now: Date, requested?: string): string {
  if (window.earliest > window.latest) throw dueDateRefused(window);
  if (requested !== undefined) {
    if (requested < window.earliest || requested > window.latest) throw dueDateRefused(window);
    return requested;
  }
  return earlierDay(laterDay(addDays(businessDay(now), DEFAULT_DAYS_TO_PAY), window.earliest), window.latest);
}
