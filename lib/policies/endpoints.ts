import { defineEndpoint } from "@/lib/endpoint/definition";
import {
  policyListParamsSchema,
  policyListQuerySchema,
  policyListResponseSchema,
  policyParamsSchema,
  policyResponseSchema,
} from "@/lib/schemas/policy";

export const getPolicyEndpoint = defineEndpoint({
  operationId: "getPolicy",
  method: "GET",
  path: "/v1/policy/{registerNumber}/{policyNumber}",
  summary: "Single policy lookup",
  description:
    "One issued policy of the key's broker, with its installments. `{policyNumber}` takes the 13-digit policyNumber or the 24-digit number. A policy whose insured asked for the deletion of their data is kept under legal retention but answers 451 POLICY-BLOCKED (and leaves the policy list). Limited to 20 calls per 20 s per key.",
  tag: "Policies",
  auth: "key",
  limit: "policy-get",
  params: policyParamsSchema,
  response: policyResponseSchema,
  registerNumberFrom: "params",
  errors: ["INCORRECT-OR-NONEXISTENT", "TOKEN-ERROR", "POLICY-NOT-FOUND", "POLICY-BLOCKED"],
});

export const listPoliciesEndpoint = defineEndpoint({
  operationId: "listPolicies",
  method: "GET",
  path: "/v1/policy/{registerNumber}/all",
  summary: "Policy list",
  description:
    "The key's broker's policies, paged (`page` 1-based, `itemsPerPage` 1..100, default 10), sorted (default `-createdat`, ties broken by identifier) and filtered. A page past the end answers an empty list with the true totalItems. Limited to 10 calls per 20 s per key.",
  tag: "Policies",
  auth: "key",
  limit: "policy-list",
  params: policyListParamsSchema,
  query: policyListQuerySchema,
  response: policyListResponseSchema,
  registerNumberFrom: "params",
  errors: ["INCORRECT-OR-NONEXISTENT", "TOKEN-ERROR"],
});
