import cardValidator from "card-validator";
import { z } from "zod";
import { isValidCpfValue, normalizeIdentity } from "@/lib/identity";
import { BRAZILIAN_STATES, registerNumberSchema } from "./common";
import { guidSchema } from "./identifiers";
import { safeTextSchema, singleLineTextSchema } from "./primitives";

export { BRAZILIAN_STATES };

/** Card brands we accept (card-validator's names). */
export const ACCEPTED_CARD_TYPES = [
  "visa",
  "mastercard",
  "american-express",
  "diners-club",
  "discover",
  "jcb",
  "elo",
  "hipercard",
  "hiper",
] as const;

/** The cardholder's name and the billing address's lines: one line each. */
const requiredText = (max: number) => singleLineTextSchema.trim().min(1).max(max);

export const billingAddressSchema = z.object({
  zipCode: safeTextSchema
    .trim()
    .regex(/^\d{5}-?\d{3}$/)
    .transform((value) => value.replace("-", ""))
    // One digit repeated (00000-000) is no CEP.
    .refine((digits) => !/^(\d)\1{7}$/.test(digits), "No such ZIP code (CEP)."),
  street: requiredText(200),
  number: requiredText(20),
  /** Required like the others, but may be empty (no apartment or suite). */
  complement: singleLineTextSchema.trim().max(100),
  neighborhood: requiredText(100),
  city: requiredText(100),
  state: safeTextSchema.trim().toUpperCase().pipe(z.enum(BRAZILIAN_STATES)),
});

export type BillingAddress = z.output<typeof billingAddressSchema>;

/** Luhn and a brand we accept; spaces and dashes typed by a person are ignored. */
export function isAcceptedCardNumber(value: string): boolean {
  const digits = value.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits)) return false;
  const result = cardValidator.number(digits);
  return (
    result.isValid && !!result.card && (ACCEPTED_CARD_TYPES as readonly string[]).includes(result.card.type)
  );
}

/** True when a card expiring at the end of month/year is still valid at `now` (the current month counts). */
export function isCardExpiryValid(month: number, year: number, now = new Date()): boolean {
  const currentYear = now.getUTCFullYear();
  const currentMonth = now.getUTCMonth() + 1;
  return year > currentYear || (year === currentYear && month >= currentMonth);
}

export const CARD_EXPIRED_MESSAGE = "The card has expired.";

const creditCardShape = z.object({
  number: safeTextSchema
    .refine(isAcceptedCardNumber, "Invalid card number or unsupported brand.")
    .transform((value) => value.replace(/[\s-]/g, ""))
    .meta({ description: "Card number (Luhn-valid, known brand). Tokenised at once; never stored." }),
  name: requiredText(100),
  identity: safeTextSchema
    .trim()
    .refine(isValidCpfValue, "The cardholder identity must be a valid CPF.")
    .transform(normalizeIdentity)
    .meta({ description: "Cardholder CPF, punctuation allowed", example: "111.444.777-35" }),
  cvv: safeTextSchema.regex(/^\d{3}$/, "The security code has exactly 3 digits."),
  expiryMonth: z.int().min(1).max(12),
  expiryYear: z.int().min(2000).max(2100),
  useCustomerAddress: z.boolean(),
  /** Checked only when useCustomerAddress is false (otherwise the quotation's address is used). */
  billingAddress: z
    .unknown()
    .optional()
    .meta({
      description:
        "Object with zipCode, street, number, complement, neighborhood, city, state (all text, all required; " +
        "complement may be empty). Required and checked only when useCustomerAddress is false.",
    }),
});

/**
 * The card as the checkout takes it. Every failing field is reported, including the
 * cross-field rules (expiry not in the past, billingAddress complete when the customer's address is
 * not used), so a form can mark them all at once.
 */
export const creditCardSchema = creditCardShape
  .superRefine(
    (card, ctx) => {
      if (typeof card !== "object" || card === null) return;
      const { expiryMonth, expiryYear } = card as Partial<z.output<typeof creditCardShape>>;
      if (
        Number.isInteger(expiryMonth) &&
        Number.isInteger(expiryYear) &&
        expiryMonth! >= 1 &&
        expiryMonth! <= 12 &&
        !isCardExpiryValid(expiryMonth!, expiryYear!)
      ) {
        const currentYear = new Date().getUTCFullYear();
        ctx.addIssue({
          code: "custom",
          path: [expiryYear! < currentYear ? "expiryYear" : "expiryMonth"],
          message: CARD_EXPIRED_MESSAGE,
        });
      }
      if ((card as { useCustomerAddress?: unknown }).useCustomerAddress !== false) return;
      const address = (card as { billingAddress?: unknown }).billingAddress;
      if (address === undefined || address === null) {
        ctx.addIssue({
          code: "custom",
          path: ["billingAddress"],
          message: "billingAddress is required when useCustomerAddress is false.",
        });
        return;
      }
      const parsed = billingAddressSchema.safeParse(address);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          ctx.addIssue({ code: "custom", path: ["billingAddress", ...issue.path], message: issue.message });
        }
      }
    },
    { when: () => true },
  )
  .transform(({ billingAddress, ...card }) => ({
    ...card,
    billingAddress: card.useCustomerAddress ? undefined : billingAddressSchema.parse(billingAddress),
  }));

export type CreditCardInput = z.input<typeof creditCardSchema>;
export type CreditCard = z.output<typeof creditCardSchema>;

/** Body of POST /{version}/checkout, and what the portal's checkout form submits. */
export const checkoutRequestSchema = z
  .object({
    registerNumber: registerNumberSchema,
    quotationIdentifier: guidSchema.meta({
      description: "The identifier received when the quotation was created",
    }),
    // `null` is the same as omitted (our choice where the contract is silent: partners' serialisers send null).
    creditCard: creditCardSchema
      .nullish()
      .transform((card) => card ?? undefined)
      .meta({
        description: "Required when the proposal chose CREDIT-CARD; omitted (or null) for boleto (TICKET).",
      }),
  })
  .meta({ id: "CheckoutRequest" });

export type CheckoutRequestInput = z.input<typeof checkoutRequestSchema>;
export type CheckoutRequest = z.output<typeof checkoutRequestSchema>;

/** What the portal's live status view shows for a quotation's latest checkout. */
export const checkoutStatusSchema = z.object({
  quotationStatus: z.enum(["Draft", "Confirmed", "Finished", "Expired"]),
  status: z.enum(["Queued", "Processing", "Issued", "Declined", "Failed"]).nullable(),
  reason: z.string().nullable(),
  policyNumber: z.string().nullable(),
  updatedAt: z.date().nullable(),
});

export type CheckoutStatusView = z.output<typeof checkoutStatusSchema>;

/** The same as the portal's status route sends it to the browser (JSON: no instant). */
export const checkoutStatusJsonSchema = checkoutStatusSchema.omit({ updatedAt: true });
export type CheckoutStatusJson = z.output<typeof checkoutStatusJsonSchema>;
