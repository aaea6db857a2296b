import { z } from "zod";
import { isoInstantSchema, moneySchema, registerNumberSchema } from "./common";
import { installmentNumberSchema } from "./identifiers";
import { boundedDateSchema, safeTextSchema } from "./primitives";

const DAY_ONLY_MESSAGE = "Use YYYY-MM-DD (a São Paulo day).";

/** A calendar day only: a due date is a São Paulo day, an instant would hide which one. */
const dueDaySchema = boundedDateSchema.transform((input, ctx) => {
  if (input.kind !== "day") {
    ctx.addIssue({ code: "custom", message: DAY_ONLY_MESSAGE });
    return z.NEVER;
  }
  return input.day;
});

/** Body of POST /v1/installment/second-copy. */
export const secondCopyRequestSchema = z
  .object({
    registerNumber: registerNumberSchema,
    policyNumber: safeTextSchema.trim().max(40).meta({
      description: "The 13-digit policyNumber or the 24-digit number; any other value is POLICY-NOT-FOUND",
      example: "1000000000001",
    }),
    installmentNumber: installmentNumberSchema.meta({
      description: "The installment's number (1 is the first)",
      example: 2,
    }),
    dueDate: dueDaySchema.optional().meta({
      description:
        "The new due date, YYYY-MM-DD in São Paulo: from today (and after the original due date) up to the " +
        "formal notice's payment deadline, when one was sent, and the last day of the vigency. Default: 3 days " +
        "from today, brought inside that window",
      example: "2026-12-04",
    }),
  })
  .meta({
    id: "SecondCopyRequest",
    example: { registerNumber: "100000", policyNumber: "1000000000001", installmentNumber: 2 },
  });
export type SecondCopyRequest = z.output<typeof secondCopyRequestSchema>;

export const secondCopyPixSchema = z
  .object({
    txid: z.string().meta({ description: "The Pix charge's identifier (26-35 letters and digits)" }),
    copyPaste: z.string().meta({ description: 'The BR Code ("Pix copia e cola") of the charge' }),
    expiresAt: isoInstantSchema.meta({
      description: "The end of the last day the charge can be paid (30 days after the due date)",
    }),
  })
  .meta({ id: "SecondCopyPix" });

export const secondCopySchema = z
  .object({
    installmentNumber: z.number().int(),
    originalDueDate: isoInstantSchema.meta({
      description: "The installment's due date (start of the São Paulo day)",
    }),
    dueDate: isoInstantSchema.meta({
      description: "The second copy's due date (start of the São Paulo day)",
    }),
    daysLate: z.number().int().meta({ description: "Days from the original due date to the new one" }),
    originalValue: moneySchema.meta({ description: "The installment's amount" }),
    fineValue: moneySchema.meta({ description: "The fine (the product's percentage of the original, once)" }),
    interestValue: moneySchema.meta({
      description: "Interest on the original: the product's monthly rate / 30 for each day late",
    }),
    totalValue: moneySchema.meta({
      description: "original + fine + interest: what the boleto and the Pix charge",
    }),
    typeableLine: z.string().nullable().meta({
      description: "The new boleto's 47-digit typeable line (boleto policies); null for Pix policies",
    }),
    ticketUrl: z
      .string()
      .nullable()
      .meta({ description: "Signed link to the new boleto's PDF; null while none is offered" }),
    pix: secondCopyPixSchema.nullable(),
  })
  .meta({ id: "SecondCopy" });
export type SecondCopyWire = z.output<typeof secondCopySchema>;

export const secondCopyResponseSchema = z.object({ item: secondCopySchema });
