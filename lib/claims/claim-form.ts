import { z } from "zod";
import { claimFieldsSchema } from "@/lib/schemas/claim";
import { SAFE_TEXT_MESSAGE_PT } from "@/lib/schemas/primitives";

const fields = claimFieldsSchema({
  text: SAFE_TEXT_MESSAGE_PT,
  occurredAt: "Informe a data da ocorrência.",
  description: "Descreva a ocorrência (de 10 a 4000 caracteres).",
  claimantName: "Informe o nome do reclamante (de 2 a 200 caracteres).",
  money: "Informe um valor em reais com no máximo dois decimais (ex.: 1.500,00).",
  moneyRange: "Informe um valor entre R$ 0,00 e R$ 1 trilhão.",
});

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
  occurredAt: fields.occurredAt,
  description: fields.description,
  claimantName: fields.claimantName,
  estimatedValue: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = fields.estimatedValue.safeParse(normalizeBrl(value));
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? "Valor inválido." });
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
