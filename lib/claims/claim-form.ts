import { z } from "zod";
import { businessDay } from "@/lib/dates";
import type { ActionResult } from "@/lib/forms/action-result";
import { apiErrorMessage } from "@/lib/http/api-error-messages";
import { claimFieldsSchema } from "@/lib/schemas/claim";
import { SAFE_TEXT_MESSAGE_PT, SINGLE_LINE_MESSAGE_PT } from "@/lib/schemas/primitives";

/** Every message the form can show: the shared fields' messages are the API's, in English, unless given. */
export const CLAIM_FORM_MESSAGES = {
  text: SAFE_TEXT_MESSAGE_PT,
  singleLine: SINGLE_LINE_MESSAGE_PT,
  occurredAt: "Informe a data da ocorrência (dd/mm/aaaa).",
  description: "Descreva a ocorrência (de 10 a 4000 caracteres).",
  claimantName: "Informe o nome do reclamante (de 2 a 200 caracteres).",
  money: "Informe um valor em reais com no máximo dois decimais (ex.: 1.500,00).",
  moneyRange: "Informe um valor entre R$ 0,00 e R$ 1 trilhão.",
} as const;

const fields = claimFieldsSchema(CLAIM_FORM_MESSAGES);

/**
 * What the form holds is text (typed so for the form); anything else, from a crafted call of the
 * action, reads as blank instead of meeting zod's English type errors.
 */
const typed = <T extends z.ZodType>(schema: T) =>
  z.preprocess<unknown, T, string>((value) => (typeof value === "string" ? value : ""), schema);

/** Dots that group thousands (pt-BR "1.500" is one thousand five hundred). */
const THOUSANDS = /^\d{1,3}(\.\d{3})+$/;

/** "1.234,56" or "1.500" (pt-BR) or "1234.56" to the API's decimal text; blank means not informed. */
function normalizeBrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const text = value.replace(/^\s*R\$\s*/, "").trim();
  if (!text) return undefined;
  if (text.includes(",") || THOUSANDS.test(text)) return text.replace(/\./g, "").replace(",", ".");
  return text;
}

/**
 * The portal's "Avisar sinistro" form, in the browser and in its Server Action: the API's claim
 * fields (lib/schemas/claim.ts) with pt-BR messages and a pt-BR amount.
 */
export const claimFormSchema = z.object({
  // A future day is refused here too (the service checks it again, with the vigency).
  occurredAt: typed(fields.occurredAt).refine(
    (date) => (date.kind === "day" ? date.day <= businessDay(new Date()) : date.instant <= new Date()),
    apiErrorMessage("OCCURRENCE-OUTSIDE-VIGENCY"),
  ),
  description: typed(fields.description),
  claimantName: typed(fields.claimantName),
  // Blank (or absent) is "not informed".
  estimatedValue: typed(z.string())
    .optional()
    .transform((value, ctx) => {
      const parsed = fields.estimatedValue.safeParse(normalizeBrl(value));
      if (parsed.success) return parsed.data;
      // Only the form's own words: a text the money primitive refuses for its characters says "money" too.
      const message = parsed.error.issues[0]?.message;
      ctx.addIssue({
        code: "custom",
        message: message === CLAIM_FORM_MESSAGES.moneyRange ? message : CLAIM_FORM_MESSAGES.money,
      });
      return z.NEVER;
    }),
});
/** What the form holds and sends to the Server Action (all text, as typed). */
export type ClaimFormInput = {
  occurredAt: string;
  description: string;
  claimantName: string;
  estimatedValue?: string;
};
export type ClaimFormOutput = z.output<typeof claimFormSchema>;
export type ClaimFormFields = "occurredAt" | "description" | "claimantName" | "estimatedValue";

/** What the portal's form for this shows after a submission. */
export type ClaimActionResult = ActionResult<{ protocol: string }, ClaimFormFields>;
