import { z } from "zod";
import { formatDatePtBr, startOfBusinessDay } from "@/lib/dates";
import type { ActionResult, FieldErrors } from "@/lib/forms/action-result";
import { describeApiError } from "@/lib/http/api-error-messages";
import type { ErrorCode } from "@/lib/http/errors";
import { parseBoundedDate } from "@/lib/schemas/primitives";
import type { SecondCopyWire } from "@/lib/schemas/second-copy";
import { refusedDueDateWindow } from "./due-date";

export const SECOND_COPY_DATE_MESSAGE = "Informe uma data válida (dd/mm/aaaa) ou deixe em branco.";

/**
 * The policy page's "2ª via" form, in the browser and in its Server Action: an optional new due
 * date as the date input gives it (YYYY-MM-DD); blank is the default (3 days from today).
 */
export const secondCopyFormSchema = z.object({
  dueDate: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : ""),
    z
      .string()
      .refine((value) => value === "" || parseBoundedDate(value)?.kind === "day", SECOND_COPY_DATE_MESSAGE),
  ),
});
export type SecondCopyFormInput = { dueDate: string };
export type SecondCopyFormField = "dueDate";
export type SecondCopyActionResult = ActionResult<SecondCopyWire, SecondCopyFormField>;

/** Where the policy page's words differ from the other screens' (POLICY-NOT-ACTIVE is the claim's). */
const SECOND_COPY_MESSAGES: Partial<Record<ErrorCode, string>> = {
  "POLICY-NOT-ACTIVE": "Só é possível emitir a 2ª via de uma apólice emitida (vigente).",
};

const ptBrDay = (day: string) => formatDatePtBr(startOfBusinessDay(day));

/** The service's refusal in the portal's words, the due date's next to its field; undefined: rethrow. */
export function secondCopyFailure(
  error: unknown,
): { message: string; fieldErrors: FieldErrors<SecondCopyFormField> } | undefined {
  const window = refusedDueDateWindow(error);
  if (window) {
    const dueDate =
      window.earliest > window.latest
        ? "Não há mais data possível para a 2ª via: o prazo do aviso de cancelamento ou a vigência da apólice terminou."
        : `Escolha um vencimento entre ${ptBrDay(window.earliest)} e ${ptBrDay(window.latest)}.`;
    return { message: dueDate, fieldErrors: { dueDate } };
  }
  const described = describeApiError(error);
  if (!described) return undefined;
  return { message: SECOND_COPY_MESSAGES[described.code] ?? described.message, fieldErrors: {} };
}
