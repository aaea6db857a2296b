import { z } from "zod";
import { registerNumberSchema } from "./common";
import { safeTextSchema } from "./primitives";
import { answerSchema, quotationItemSchema } from "./quotation";

/** Body of POST /{version}/quotation/renewal. */
export const renewalRequestSchema = z
  .object({
    registerNumber: registerNumberSchema,
    policyNumber: safeTextSchema.trim().max(40).meta({
      description: "The policy to renew: 13-digit policyNumber or 24-digit number",
      example: "1000000000001",
    }),
    answers: z.array(answerSchema).max(200).optional().meta({
      description:
        "Answers that replace the previous quotation's (by code; an alias replaces its code). MODALITY, CONGENER and START-VIGENCY-DATE are set by the renewal and ignored here.",
    }),
  })
  .meta({
    id: "RenewalRequest",
    example: {
      registerNumber: "100000",
      policyNumber: "1000000000001",
      answers: [{ code: "INSURED-EMAIL", answer: "novo-email@example.com" }],
    },
  });
export type RenewalRequest = z.output<typeof renewalRequestSchema>;

/** The quotation creation's answer, plus the policy it renews. */
export const renewalResultSchema = z.object({
  item: quotationItemSchema
    .extend({
      previousPolicyNumber: z.string().meta({ description: "13-digit policyNumber of the renewed policy" }),
    })
    .meta({ id: "RenewalQuotationItem" }),
});
