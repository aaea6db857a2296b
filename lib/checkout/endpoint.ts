import { z } from "zod";
import { defineEndpoint } from "@/lib/endpoint/definition";
import { checkoutRequestSchema } from "@/lib/schemas/checkout";
import { safeTextSchema } from "@/lib/schemas/primitives";

export const startCheckoutEndpoint = defineEndpoint({
  operationId: "startCheckout",
  method: "POST",
  path: "/{version}/checkout",
  summary: "Send a quotation to checkout",
  description:
    "Queues the issuance of the policy of a quotation with a proposal. Boleto (TICKET) needs only the quotation; " +
    "CREDIT-CARD also needs `creditCard` (tokenised at once; number and CVV are never stored). The quotation becomes " +
    "Confirmed; repeating the call for a Confirmed or Finished quotation answers 200 and changes nothing.",
  tag: "Checkout",
  auth: "key",
  versioned: true,
  params: z.object({ version: safeTextSchema }),
  body: checkoutRequestSchema,
  response: z.object({}),
  successHeaders: {
    Location:
      "The quotation lookup (absolute URL, GET /v1/quotation/{registerNumber}/{quotationIdentifier}), where the checkout's progress and the issued policy appear.",
  },
  registerNumberFrom: "body",
  errors: [
    "INVALID-FORM-FIELD",
    "QUOTATION-NOT-FOUND",
    "POLICY-BLOCKED",
    "PROPOSAL-NOT-FOUND",
    "QUOTATION-EXPIRED",
    "INCORRECT-OR-NONEXISTENT",
    "TOKEN-ERROR",
    "PAYMENT-GATEWAY-UNAVAILABLE",
  ],
});
