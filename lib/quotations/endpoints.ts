import { z } from "zod";
import { quotationRequestDocSchema } from "@/lib/catalogue/request-doc";
import { defineEndpoint } from "@/lib/endpoint/definition";
import { safeTextSchema } from "@/lib/schemas/primitives";
import { proposalRequestSchema, proposalResultSchema } from "@/lib/schemas/proposal";
import { quotationRequestSchema, quotationResultSchema } from "@/lib/schemas/quotation";
import {
  quotationListParamsSchema,
  quotationListQuerySchema,
  quotationListResponseSchema,
  quotationReadParamsSchema,
  quotationReadResponseSchema,
} from "@/lib/schemas/quotation-read";

/** How ANSWERS-NOT-EVALUATED reads (lib/catalogue/answer-errors.ts). */
const ANSWER_ERRORS_TEXT =
  "Every missing or invalid answer is reported at once in 400 ANSWERS-NOT-EVALUATED: the first error " +
  "carries every offending code in `properties` (message `One or more answers could not be evaluated.`), then " +
  "one error per answer, same code, `properties` naming it and a `message` saying whether it is missing or " +
  "invalid and what is expected (`PERSON-TYPE is invalid: expected one of: NATURAL, LEGAL.`, with the " +
  "allowed values listed when there are at most 10).";

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
    "(end of that day in São Paulo); past it, proposal and checkout answer QUOTATION-EXPIRED. The questions of " +
    "each product are in GET /api/v1/catalogue/{operationCode} (and typed per operationCode in this body). " +
    ANSWER_ERRORS_TEXT,
  tag: "Quotations",
  auth: "key",
  versioned: true,
  params: versionParams,
  body: quotationRequestSchema,
  bodyDoc: quotationRequestDocSchema,
  response: quotationResultSchema,
  registerNumberFrom: "body",
  errors: [
    "ANSWERS-NOT-EVALUATED",
    "QUOTATION-NOT-FOUND",
    "POLICY-BLOCKED",
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
    "previous one until checkout. The result carries the proposal number and a signed link to its PDF. The " +
    "questions are the `proposalQuestions` of GET /api/v1/catalogue/{operationCode}. " +
    ANSWER_ERRORS_TEXT,
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
    "POLICY-BLOCKED",
    "QUOTATION-EXPIRED",
    "QUOTATION-NOT-EDITABLE",
    "INCORRECT-OR-NONEXISTENT",
    "TOKEN-ERROR",
  ],
});

export const getQuotationEndpoint = defineEndpoint({
  operationId: "getQuotation",
  method: "GET",
  path: "/v1/quotation/{registerNumber}/{quotationIdentifier}",
  summary: "Quotation lookup",
  description:
    "One quotation of the key's broker as the creation answered it (status, pricing with the same variant " +
    "and plan identifiers), its evaluated answers, `expiresAt`, the live proposal, the latest checkout " +
    "(status, reason of a decline or failure, attempts, card brand and last four digits) and, once issued, " +
    "the policy. An unknown quotation and another broker's answer the same QUOTATION-NOT-FOUND. A quotation of an " +
    "insured who asked for the deletion of their data and whose policy is kept under legal retention answers " +
    "451 POLICY-BLOCKED, like the policy lookup (one that never became a policy is anonymised instead, and " +
    "answers with no personal data). Limited to " +
    "20 calls per 20 s per key (its own counter).",
  tag: "Quotations",
  auth: "key",
  limit: "quotation-get",
  params: quotationReadParamsSchema,
  response: quotationReadResponseSchema,
  registerNumberFrom: "params",
  errors: ["INCORRECT-OR-NONEXISTENT", "TOKEN-ERROR", "QUOTATION-NOT-FOUND", "POLICY-BLOCKED"],
});

export const listQuotationsEndpoint = defineEndpoint({
  operationId: "listQuotations",
  method: "GET",
  path: "/v1/quotation/{registerNumber}/all",
  summary: "Quotation list",
  description:
    "The key's broker's quotations, paged like the policy list (`page` 1-based, `itemsPerPage` 1..100, " +
    "default 10), sorted (default `-createdat`, ties broken by identifier) and filtered (`status`, `search` " +
    "by name or CPF/CNPJ prefix, `modality`, `product`, `createdFrom`/`createdTo`). Elements are the lookup without " +
    "answers and pricing, plus `totalValue` of the proposal's chosen variant. Limited to 10 calls per 20 s " +
    "per key (its own counter).",
  tag: "Quotations",
  auth: "key",
  limit: "quotation-list",
  params: quotationListParamsSchema,
  query: quotationListQuerySchema,
  response: quotationListResponseSchema,
  registerNumberFrom: "params",
  errors: ["INCORRECT-OR-NONEXISTENT", "TOKEN-ERROR"],
});
