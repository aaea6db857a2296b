import Decimal from "decimal.js";
import { z } from "zod";
import { CLAIM_STATUSES } from "@/db/schema/claims";
import { CLAIM_STATUS_TEXT } from "@/lib/format/labels";
import { isoInstantSchema, moneySchema, registerNumberSchema } from "./common";
import { policyListQuerySchema } from "./policy";
import {
  BOUNDED_DATE_MESSAGE,
  boundedDate,
  boundedDateSchema,
  SINGLE_LINE_MESSAGE,
  safeText,
  safeTextSchema,
  singleLineText,
} from "./primitives";

/** The largest estimate accepted: R$ 1 trillion, far beyond any policy limit, exact in cents. */
const MAX_ESTIMATE_CENTS = 100_000_000_000_000;

/** A decimal amount as text: digits, optionally a point and digits (no exponent, sign or base prefix). */
const DECIMAL_TEXT = /^\d+(\.\d+)?$/;

/**
 * An amount in reais, as a JSON number or a decimal string, with at most two decimals, read
 * exactly (Decimal from the number's shortest text) and carried on as integer cents.
 */
export function moneyInputSchema(messages: { invalid: string; range: string }) {
  return z.union([z.number(), safeTextSchema.trim()]).transform((value, ctx) => {
    if (typeof value === "string" && !DECIMAL_TEXT.test(value)) {
      ctx.addIssue({ code: "custom", message: messages.invalid });
      return z.NEVER;
    }
    let amount: Decimal;
    try {
      amount = new Decimal(value);
    } catch {
      ctx.addIssue({ code: "custom", message: messages.invalid });
      return z.NEVER;
    }
    const cents = amount.times(100);
    if (!amount.isFinite() || !cents.isInteger()) {
      ctx.addIssue({ code: "custom", message: messages.invalid });
      return z.NEVER;
    }
    if (cents.isNegative() || cents.greaterThan(MAX_ESTIMATE_CENTS)) {
      ctx.addIssue({ code: "custom", message: messages.range });
      return z.NEVER;
    }
    return cents.toNumber();
  });
}

/**
 * The claim fields a person or a partner fills, shared by the API body and the portal's form
 * (messages in the form's language are passed in).
 */
export function claimFieldsSchema(messages: {
  text: string;
  /** A line break or other control character in a one-line field (the claimant's name). */
  singleLine: string;
  occurredAt: string;
  description: string;
  claimantName: string;
  money: string;
  moneyRange: string;
}) {
  return {
    occurredAt: (messages.occurredAt === BOUNDED_DATE_MESSAGE
      ? boundedDateSchema
      : boundedDate(messages.occurredAt)
    ).meta({
      description:
        "When the loss happened: YYYY-MM-DD (a day in São Paulo) or an ISO 8601 timestamp; within the policy's vigency and not in the future",
      example: "2026-11-20",
    }),
    description: safeText(messages.text)
      .trim()
      .min(10, messages.description)
      .max(4000, messages.description)
      .meta({ description: "What happened (10 to 4000 characters)" }),
    claimantName: singleLineText(messages.singleLine)
      .trim()
      .min(2, messages.claimantName)
      .max(200, messages.claimantName)
      .meta({ description: "Who claims (the insured or a third party), 2 to 200 characters" }),
    estimatedValue: moneyInputSchema({ invalid: messages.money, range: messages.moneyRange }).nullish().meta({
      description: "Estimated loss in BRL (number or decimal string, at most two decimals)",
      example: 15000.5,
    }),
  };
}

const API_MESSAGES = {
  text: "Text must not contain NUL, control characters or unpaired surrogates.",
  singleLine: SINGLE_LINE_MESSAGE,
  occurredAt: BOUNDED_DATE_MESSAGE,
  description: "Between 10 and 4000 characters.",
  claimantName: "Between 2 and 200 characters.",
  money: "An amount in BRL with at most two decimals.",
  moneyRange: "Between 0 and 1000000000000.",
};

/** Body of POST /{version}/claim. */
export const claimRequestSchema = z
  .object({
    registerNumber: registerNumberSchema,
    policyNumber: safeTextSchema.trim().max(40).meta({
      description: "The 13-digit policyNumber or the 24-digit number; any other value is POLICY-NOT-FOUND",
      example: "1000000000001",
    }),
    ...claimFieldsSchema(API_MESSAGES),
  })
  .meta({
    id: "ClaimRequest",
    example: {
      registerNumber: "100000",
      policyNumber: "1000000000001",
      occurredAt: "2026-11-20",
      description: "Paciente alega dano estético após procedimento realizado em 10/11/2026.",
      claimantName: "João Pereira",
      estimatedValue: 15000.5,
    },
  });
export type ClaimRequest = z.output<typeof claimRequestSchema>;

export const claimNoticeResultSchema = z.object({
  item: z
    .object({
      protocol: z.string().meta({ description: "12-digit claim protocol", example: "100000000001" }),
      status: z.enum(CLAIM_STATUSES),
      createdAt: isoInstantSchema,
    })
    .meta({ id: "ClaimNotice" }),
});

export const claimSchema = z
  .object({
    protocol: z.string().meta({ description: "12-digit claim protocol", example: "100000000001" }),
    status: z.enum(CLAIM_STATUSES),
    statusText: z.enum(Object.values(CLAIM_STATUS_TEXT) as [string, ...string[]]),
    policyNumber: z.string(),
    occurredAt: isoInstantSchema,
    description: z.string(),
    claimantName: z.string(),
    estimatedValue: moneySchema.nullable(),
    createdAt: isoInstantSchema,
  })
  .meta({ id: "Claim" });
export type ClaimWire = z.infer<typeof claimSchema>;

export const claimListParamsSchema = z.object({
  registerNumber: registerNumberSchema,
  // Not validated: anything that is not one of the broker's policies is 404 POLICY-NOT-FOUND.
  policyNumber: z.string().meta({ description: "The 13-digit policyNumber or the 24-digit number" }),
});

/** Paged as the policy list: `page` 1-based, `itemsPerPage` 1..100 (default 10). */
export const claimListQuerySchema = z.object({
  page: policyListQuerySchema.shape.page,
  itemsPerPage: policyListQuerySchema.shape.itemsPerPage,
});
export type ClaimListQuery = z.output<typeof claimListQuerySchema>;

export const claimListResponseSchema = z.object({
  totalItems: z.number().int(),
  itemsPerPage: z.number().int(),
  list: z.array(claimSchema),
});
