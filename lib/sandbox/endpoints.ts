import { defineEndpoint } from "@/lib/endpoint/definition";
import { policyResponseSchema } from "@/lib/schemas/policy";
import { sandboxInstallmentRequestSchema, sandboxPolicyRequestSchema } from "@/lib/schemas/sandbox";

const ONLY_WITH_SANDBOX =
  " Served only when the server runs with `SANDBOX=on` (the default outside production); otherwise 404 " +
  "`ROUTE-NOT-FOUND` like any unknown address. Answers the policy lookup after the move; the move's event " +
  "reaches webhooks and the events feed as in production.";

export const sandboxPayInstallmentEndpoint = defineEndpoint({
  operationId: "sandboxPayInstallment",
  method: "POST",
  path: "/v1/sandbox/installment/pay",
  summary: "Sandbox: pay an installment",
  description:
    "Pays a `Pending` or `Overdue` installment of one of the key's broker's policies the way production does: a " +
    "boleto through a CNAB 400 return file of the sandbox bank imported by the return importer (paid today), a " +
    "card through the recurring charge with the stored token (the test cards keep their meaning: a card ending " +
    "0069 is declined, leaving the installment `Overdue`). Emits `installment.paid` (or `installment.overdue`)." +
    ONLY_WITH_SANDBOX,
  tag: "Sandbox",
  auth: "key",
  body: sandboxInstallmentRequestSchema,
  response: policyResponseSchema,
  registerNumberFrom: "body",
  errors: [
    "INCORRECT-OR-NONEXISTENT",
    "TOKEN-ERROR",
    "POLICY-NOT-FOUND",
    "POLICY-BLOCKED",
    "POLICY-NOT-ACTIVE",
    "INSTALLMENT-NOT-FOUND",
    "INSTALLMENT-ALREADY-PAID",
    "INSTALLMENT-NOT-PAYABLE",
    "PAYMENT-GATEWAY-UNAVAILABLE",
    "ROUTE-NOT-FOUND",
  ],
});

export const sandboxOverdueInstallmentEndpoint = defineEndpoint({
  operationId: "sandboxOverdueInstallment",
  method: "POST",
  path: "/v1/sandbox/installment/overdue",
  summary: "Sandbox: make an installment overdue",
  description:
    "Makes a `Pending` installment `Overdue` through the daily overdue job, run for that installment alone as " +
    "of the day after its due date (a due date still ahead is left as it is: the sandbox moves that " +
    "installment's clock, nothing else). Emits `installment.overdue`." +
    ONLY_WITH_SANDBOX,
  tag: "Sandbox",
  auth: "key",
  body: sandboxInstallmentRequestSchema,
  response: policyResponseSchema,
  registerNumberFrom: "body",
  errors: [
    "INCORRECT-OR-NONEXISTENT",
    "TOKEN-ERROR",
    "POLICY-NOT-FOUND",
    "POLICY-BLOCKED",
    "POLICY-NOT-ACTIVE",
    "INSTALLMENT-NOT-FOUND",
    "INSTALLMENT-ALREADY-PAID",
    "INSTALLMENT-ALREADY-OVERDUE",
    "INSTALLMENT-NOT-PAYABLE",
    "ROUTE-NOT-FOUND",
  ],
});

export const sandboxExpirePolicyEndpoint = defineEndpoint({
  operationId: "sandboxExpirePolicy",
  method: "POST",
  path: "/v1/sandbox/policy/expire",
  summary: "Sandbox: expire a policy",
  description:
    "Turns an `Issued` policy `Expired` through the expiry job, run for that policy alone as of the end of its " +
    "vigency (its dates and installments stay as they are). Emits `policy.expired`." +
    ONLY_WITH_SANDBOX,
  tag: "Sandbox",
  auth: "key",
  body: sandboxPolicyRequestSchema,
  response: policyResponseSchema,
  registerNumberFrom: "body",
  errors: [
    "INCORRECT-OR-NONEXISTENT",
    "TOKEN-ERROR",
    "POLICY-NOT-FOUND",
    "POLICY-BLOCKED",
    "POLICY-NOT-ACTIVE",
    "ROUTE-NOT-FOUND",
  ],
});
