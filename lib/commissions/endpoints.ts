import { defineEndpoint } from "@/lib/endpoint/definition";
import {
  commissionParamsSchema,
  commissionQuerySchema,
  commissionStatementSchema,
} from "@/lib/schemas/commission";

export const getCommissionStatementEndpoint = defineEndpoint({
  operationId: "getCommissionStatement",
  method: "GET",
  path: "/v1/commission/{registerNumber}",
  summary: "Commission statement",
  description:
    "The key's broker's commission entries, newest first, paged as the policy list (`page` 1-based, " +
    "`itemsPerPage` 1..100, default 10) and filtered by date (`from`, `to`), `status` and `policyNumber`, " +
    "with `summary`: the sums by status (and of the clawbacks) over every entry the filter selects. " +
    "An installment's entry is PENDING until it is paid, then AVAILABLE, then PAID by the monthly payout " +
    "(the 10th, São Paulo, when the balance is at least R$ 10,00); a refund makes a negative CLAWBACK entry. " +
    "Limited to 10 calls per 20 s per key.",
  tag: "Commissions",
  auth: "key",
  limit: "commission-statement",
  params: commissionParamsSchema,
  query: commissionQuerySchema,
  response: commissionStatementSchema,
  registerNumberFrom: "params",
  errors: ["INCORRECT-OR-NONEXISTENT", "TOKEN-ERROR"],
});
