import { z } from "zod";
import { defineEndpoint } from "@/lib/http/endpoint";
import { safeTextSchema } from "@/lib/schemas/primitives";
import { proposalRequestSchema, proposalResultSchema } from "@/lib/schemas/proposal";
import { quotationRequestSchema, quotationResultSchema } from "@/lib/schemas/quotation";

const versionParams = z.object({ version: safeTextSchema.meta({ example: "v1" }) });

export const createQuotationEndpoint = defineEndpoint({
  operationId: "createQuotation",
  method: "POST",
  path: "/{version}/quotation/contracting",
  summary: "Create or re-quote a quotation",
  description:
    "Evaluates the coded answers of a modality and prices one variant per limit option, each with card " +
    "and/or boleto installment plans. With `quotationIdentifier` (or `identifier`) the same quotation is " +
    "re-quoted: new variant and plan identifiers, any earlier proposal discarded; an Expired quotation becomes " +
    "Draft again. A quotation is valid for 30 days after its latest quote and never past its START-VIGENCY-DATE " +
    "(end of that day in São Paulo); past it, proposal and checkout answer QUOTATION-EXPIRED. Every missing or invalid " +
    "answer is reported at once in `ANSWERS-NOT-EVALUATED.properties`.",
  tag: "Quotations",
  auth: "key",
  versioned: true,
  params: versionParams,
  body: quotationRequestSchema,
  response: quotationResultSchema,
  registerNumberFrom: "body",
  errors: [
    "ANSWERS-NOT-EVALUATED",
    "QUOTATION-NOT-FOUND",
    "QUOTATION-NOT-EDITABLE",
    "INCORRECT-OR-NONEXISTENT",
    "TOKEN-ERROR",
  ],
});

export const createProposalEndpoint = defineEndpoint({
  operationId: "createProposal",
  method: "POST",
  path: "/{version}/quotation/proposal",
  summary: "Create a proposal for a quotation",
  description:
    "Chooses a price variant and an installment plan of a Draft quotation (PAYMENT-METHOD, DUE-DAY for " +
    "TICKET, SELECTED-VARIANT-IDENTIFIER, PAYMENT-INSTALLMENT-IDENTIFIER). A new proposal replaces the " +
    "previous one until checkout. The result carries the proposal number and a signed link to its PDF.",
  tag: "Quotations",
  auth: "key",
  versioned: true,
  params: versionParams,
  body: proposalRequestSchema,
  response: proposalResultSchema,
  registerNumberFrom: "body",
  errors: [
    "ANSWERS-NOT-EVALUATED",
    "QUOTATION-NOT-FOUND",
    "QUOTATION-EXPIRED",
    "QUOTATION-NOT-EDITABLE",
    "INCORRECT-OR-NONEXISTENT",
    "TOKEN-ERROR",
  ],
});
