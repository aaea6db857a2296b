import { z } from "zod";
import { isoInstantSchema, registerNumberSchema } from "./common";
import { guidSchema } from "./identifiers";
import { safeTextSchema } from "./primitives";
import { answerSchema, quotationItemSchema } from "./quotation";

/** Body of POST /{version}/quotation/proposal: `identifier` is the quotation's. */
export const proposalRequestSchema = z
  .object({
    identifier: guidSchema.meta({ description: "The quotation's identifier (quotationIdentifier)." }),
    registerNumber: registerNumberSchema,
    operationCode: safeTextSchema
      .trim()
      .min(1)
      .max(100)
      .optional()
      .meta({ description: "The quotation's operationCode; checked against it when sent." }),
    answers: z.array(answerSchema).max(100),
  })
  .meta({
    id: "ProposalRequest",
    example: {
      identifier: "8d0c2f4e-6a3b-4c1d-9e2f-0a1b2c3d4e5f",
      registerNumber: "100000",
      operationCode: "INSURANCE-BROKER-CIVIL-LIABILITY-PARTNER",
      answers: [
        { code: "PAYMENT-METHOD", answer: "TICKET" },
        { code: "DUE-DAY", answer: 10 },
        { code: "SELECTED-VARIANT-IDENTIFIER", answer: "1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9" },
        { code: "PAYMENT-INSTALLMENT-IDENTIFIER", answer: "0a9b8c7d-6e5f-4a3b-2c1d-0e9f8a7b6c5d" },
      ],
    },
  });

export type ProposalRequest = z.infer<typeof proposalRequestSchema>;

/** `item.proposal` of the proposal result. */
export const proposalInfoSchema = z
  .object({
    number: z.string().meta({ description: "14-digit proposal number", example: "10000000000001" }),
    date: isoInstantSchema.meta({ description: "Creation instant of the proposal" }),
    documentUrl: z.string().meta({ description: "Signed link to the proposal PDF (expires)." }),
  })
  .meta({ id: "ProposalInfo" });

export type ProposalInfo = z.infer<typeof proposalInfoSchema>;

/** The quotation with its live proposal, if any (the proposal result has it always). */
export const quotationWithProposalSchema = quotationItemSchema
  .extend({ proposal: proposalInfoSchema.optional() })
  .meta({ id: "QuotationWithProposal" });

export type QuotationWithProposal = z.infer<typeof quotationWithProposalSchema>;

export const proposalResultSchema = z.object({
  item: quotationItemSchema.extend({ proposal: proposalInfoSchema }).meta({ id: "ProposalResultItem" }),
});
