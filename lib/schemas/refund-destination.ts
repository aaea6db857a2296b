import { z } from "zod";
import { registerNumberSchema } from "./common";
import { refundSchema } from "./endorsement";
import { safeTextSchema } from "./primitives";

/** The Pix key types of the DICT and the account types a refund can go to. */
export const PIX_KEY_TYPES = ["CPF", "CNPJ", "EMAIL", "PHONE", "EVP"] as const;
export const ACCOUNT_TYPES = ["CHECKING", "SAVINGS"] as const;

/**
 * One object for both kinds, `type` choosing which fields count, so that every bad or missing field
 * is answered by its own name (`destination.accountDigit`) rather than as "no variant matched".
 */
export const refundDestinationSchema = z
  .object({
    type: z.enum(["PIX-KEY", "BANK-ACCOUNT"]),
    keyType: z
      .enum(PIX_KEY_TYPES)
      .optional()
      .meta({
        description:
          "PIX-KEY: `CPF`/`CNPJ` (check digits; the key is then its own holder's document), `EMAIL` (at most 77 " +
          "characters), `PHONE` (a mobile in E.164: +55, the area code and 9 digits), `EVP` (the random key, a UUID)",
      }),
    key: safeTextSchema
      .trim()
      .max(100)
      .optional()
      .meta({ description: "PIX-KEY: the key", example: "segurado@example.com" }),
    bankCode: safeTextSchema.trim().max(3).optional().meta({
      description: "BANK-ACCOUNT: the bank's 3-digit COMPE code (Central Bank's list)",
      example: "341",
    }),
    agency: safeTextSchema
      .trim()
      .max(5)
      .optional()
      .meta({ description: "BANK-ACCOUNT: 1 to 5 digits, without its check digit", example: "0001" }),
    account: safeTextSchema
      .trim()
      .max(13)
      .optional()
      .meta({ description: "BANK-ACCOUNT: 1 to 13 digits, without its check digit", example: "12345" }),
    accountDigit: safeTextSchema.trim().max(2).optional().meta({
      description:
        "BANK-ACCOUNT: the account's check digit (1-2 characters; X or P where the bank uses them), checked by the bank's published rule",
      example: "4",
    }),
    accountType: z.enum(ACCOUNT_TYPES).optional().meta({ description: "BANK-ACCOUNT: default CHECKING" }),
    holderDocument: safeTextSchema
      .trim()
      .max(20)
      .optional()
      .meta({
        description:
          "The holder's CPF (11 digits) or CNPJ (14), punctuation allowed, which must be the insured's own and which the " +
          "PSP confirms; required for a bank account and for EMAIL, PHONE and EVP keys",
        example: "52998224725",
      }),
  })
  .superRefine((destination, ctx) => {
    const required =
      destination.type === "PIX-KEY"
        ? (["keyType", "key"] as const)
        : (["bankCode", "agency", "account", "accountDigit", "holderDocument"] as const);
    for (const field of required) {
      if (!destination[field])
        ctx.addIssue({ code: "custom", path: [field], message: `Required for ${destination.type}.` });
    }
  })
  .meta({ id: "RefundDestination" });
export type RefundDestinationWire = z.output<typeof refundDestinationSchema>;

/** Body of POST /v1/refund/destination. */
export const refundDestinationRequestSchema = z
  .object({
    registerNumber: registerNumberSchema,
    policyNumber: safeTextSchema.trim().max(40).meta({
      description: "The 13-digit policyNumber or the 24-digit number; any other value is POLICY-NOT-FOUND",
      example: "1000000000001",
    }),
    refundIdentifier: z
      .uuid()
      .meta({ description: "The refund (the policy lookup's `refunds[].refundIdentifier`)" }),
    destination: refundDestinationSchema,
  })
  .meta({
    id: "RefundDestinationRequest",
    example: {
      registerNumber: "100000",
      policyNumber: "1000000000001",
      refundIdentifier: "0f8fad5b-d9cb-469f-a165-70867728950e",
      destination: {
        type: "BANK-ACCOUNT",
        bankCode: "341",
        agency: "0001",
        account: "12345",
        accountDigit: "4",
        holderDocument: "52998224725",
      },
    },
  });
export type RefundDestinationRequest = z.output<typeof refundDestinationRequestSchema>;

export const refundDestinationResponseSchema = z.object({ item: refundSchema });
