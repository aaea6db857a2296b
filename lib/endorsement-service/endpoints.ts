import { z } from "zod";
import { defineEndpoint } from "@/lib/endpoint/definition";
import {
  endorsementIssueRequestSchema,
  endorsementListParamsSchema,
  endorsementListResponseSchema,
  endorsementQuotationRequestSchema,
} from "@/lib/schemas/endorsement";
import {
  endorsementIssueResponseSchema,
  endorsementListQuerySchema,
  endorsementPreviewResponseSchema,
} from "@/lib/schemas/endorsement-api";
import { safeTextSchema } from "@/lib/schemas/primitives";

const versionParams = z.object({ version: safeTextSchema.meta({ example: "v1" }) });

export const previewEndorsementEndpoint = defineEndpoint({
  operationId: "previewEndorsement",
  method: "POST",
  path: "/{version}/endorsement/quotation",
  summary: "Preview an endorsement or a cancellation",
  description:
    "Previews a change of an Issued policy of the key's broker and stores it as a Draft: `REGISTRATION` (the " +
    "insured's name spelling, e-mail, mobile, address: no premium change), `COVERAGE` (`LIMIT` / `DEDUCTIBLE` " +
    "re-priced: the premium difference for the rest of the vigency, spread over the unpaid installments or one new " +
    "installment due in 7 days; a reduction refunded), `PAYMENT` (`DUE-DAY` of the pending boletos) or " +
    "`CANCELLATION` (with a `reason`: within 7 days of issuance everything paid, IOF included (right of withdrawal), " +
    "otherwise the net premium paid beyond the product's SHORT-RATE or PRO-RATA retention). `effectiveDate` falls within the vigency " +
    "and not before today (São Paulo). The answer holds the money (signed) and `policyAfter`, the policy lookup as " +
    "it will be. Valid until `expiresAt` and while the policy stays as it is. Limited to 20 calls per 20 s per key " +
    "(with the issue).",
  tag: "Endorsements",
  auth: "key",
  versioned: true,
  limit: "endorsement-write",
  params: versionParams,
  body: endorsementQuotationRequestSchema,
  response: endorsementPreviewResponseSchema,
  registerNumberFrom: "body",
  errors: [
    "POLICY-NOT-FOUND",
    "POLICY-BLOCKED",
    "POLICY-NOT-ACTIVE",
    "ENDORSEMENT-DATE-INVALID",
    "INCORRECT-OR-NONEXISTENT",
    "TOKEN-ERROR",
  ],
});

export const issueEndorsementEndpoint = defineEndpoint({
  operationId: "issueEndorsement",
  method: "POST",
  path: "/{version}/endorsement/issue",
  summary: "Issue a previewed endorsement",
  description:
    "Issues a Draft made by the preview, in one transaction: the policy's `version` goes up (`01.00` → `02.00`), " +
    "the change is applied (installments re-planned or canceled), the refund recorded (card: refunded through the " +
    "payment gateway; boleto: `AwaitingBankDetails`, a bank transfer to register), the endorsement's PDF created and " +
    "`policy.endorsed` (or `policy.canceled`) emitted. `ENDORSEMENT-EXPIRED` when the preview's validity ended or " +
    "the policy changed since it was made (preview again). Issuing an issued endorsement again answers it as it is. " +
    "Limited to 20 calls per 20 s per key (with the preview).",
  tag: "Endorsements",
  auth: "key",
  versioned: true,
  limit: "endorsement-write",
  params: versionParams,
  body: endorsementIssueRequestSchema,
  response: endorsementIssueResponseSchema,
  registerNumberFrom: "body",
  errors: [
    "ENDORSEMENT-NOT-FOUND",
    "ENDORSEMENT-EXPIRED",
    "POLICY-BLOCKED",
    "POLICY-NOT-ACTIVE",
    "INCORRECT-OR-NONEXISTENT",
    "TOKEN-ERROR",
  ],
});

export const listEndorsementsEndpoint = defineEndpoint({
  operationId: "listEndorsements",
  method: "GET",
  path: "/v1/endorsement/{registerNumber}/{policyNumber}",
  summary: "Endorsements of a policy",
  description:
    "The endorsements of one of the key's broker's policies, previews included (`Draft`, or `Expired` once their " +
    "validity ended) and issued ones with their PDF, newest first, paged as the policy list (`page` 1-based, " +
    "`itemsPerPage` 1..100, default 10). Limited to 20 calls per 20 s per key.",
  tag: "Endorsements",
  auth: "key",
  limit: "endorsement-list",
  params: endorsementListParamsSchema,
  query: endorsementListQuerySchema,
  response: endorsementListResponseSchema,
  registerNumberFrom: "params",
  errors: ["INCORRECT-OR-NONEXISTENT", "TOKEN-ERROR", "POLICY-NOT-FOUND", "POLICY-BLOCKED"],
});
