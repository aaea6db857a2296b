import { z } from "zod";
import { isValidCnpjValue, normalizeIdentity } from "@/lib/identity";
import { singleLineText } from "@/lib/schemas/primitives";

/**
 * A brokerage's SUSEP register number as the portal and the API use it (`registerNumber`): digits
 * only, 6 to 15 of them. SUSEP's broker codes have had several lengths over the years (six-digit
 * codes like the demo's, nine- and ten-digit codes, and the fifteen-digit registration numbers
 * issued today); punctuation is not part of the number, and nothing else is.
 */
export const REGISTER_NUMBER_PATTERN = /^\d{6,15}$/;

/** The operator's `npm run brokers:create` flags (messages in English, as the other tools'). */
export const brokerOnboardingSchema = z.object({
  registerNumber: z
    .string({ error: "--register-number is required." })
    .trim()
    .regex(
      REGISTER_NUMBER_PATTERN,
      "--register-number must be the SUSEP register number: 6 to 15 digits, nothing else.",
    ),
  name: singleLineText("--name must not hold line breaks or control characters.")
    .transform((name) => name.trim().replace(/\s+/g, " "))
    .pipe(
      z
        .string()
        .min(2, "--name is required (the brokerage's legal name).")
        .max(200, "--name: at most 200 characters."),
    ),
  cnpj: z
    .string()
    .trim()
    .refine(isValidCnpjValue, "--cnpj is not a valid CNPJ (check digits).")
    .transform(normalizeIdentity)
    .optional(),
  adminEmail: z
    .string({ error: "--admin-email is required." })
    .trim()
    .max(254, "--admin-email is too long.")
    .pipe(z.email("--admin-email must be an e-mail address."))
    .transform((email) => email.toLowerCase()),
});

export type BrokerOnboardingInput = z.output<typeof brokerOnboardingSchema>;
