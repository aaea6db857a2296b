import { z } from "zod";
import { defineEndpoint } from "@/lib/endpoint/definition";
import {
  claimListParamsSchema,
  claimListQuerySchema,
  claimListResponseSchema,
  claimNoticeResultSchema,
  claimRequestSchema,
} from "@/lib/schemas/claim";
import { safeTextSchema } from "@/lib/schemas/primitives";

export const noticeClaimEndpoint = defineEndpoint({
  operationId: "noticeClaim",
  method: "POST",
  path: "/{version}/claim",
  summary: "Notice a claim",
  description:
    "Records a claim on an Issued policy of the key's broker and answers its 12-digit protocol. `occurredAt` " +
    "must fall within the policy's vigency and not in the future. The policy's `totalClaims` counts it. " +
    "Limited to 20 calls per 20 s per key.",
  tag: "Claims",
  auth: "key",
  versioned: true,
  limit: "claim-notice",
  params: z.object({ version: safeTextSchema.meta({ example: "v1" }) }),
  body: claimRequestSchema,
  response: claimNoticeResultSchema,
  registerNumberFrom: "body",
  errors: [
    "POLICY-NOT-FOUND",
    "POLICY-BLOCKED",
    "POLICY-NOT-ACTIVE",
    "OCCURRENCE-OUTSIDE-VIGENCY",
    "INCORRECT-OR-NONEXISTENT",
    "TOKEN-ERROR",
  ],
});

export const listClaimsEndpoint = defineEndpoint({
  operationId: "listClaims",
  method: "GET",
  path: "/v1/claim/{registerNumber}/{policyNumber}",
  summary: "Claims of a policy",
  description:
    "The claims of one of the key's broker's policies (any status), newest first, paged as the policy list " +
    "(`page` 1-based, `itemsPerPage` 1..100, default 10). Limited to 20 calls per 20 s per key.",
  tag: "Claims",
  auth: "key",
  limit: "claim-list",
  params: claimListParamsSchema,
  query: claimListQuerySchema,
  response: claimListResponseSchema,
  registerNumberFrom: "params",
  errors: ["INCORRECT-OR-NONEXISTENT", "TOKEN-ERROR", "POLICY-NOT-FOUND", "POLICY-BLOCKED"],
});
