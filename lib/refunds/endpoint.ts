import { defineEndpoint } from "@/lib/endpoint/definition";
import {
  refundDestinationRequestSchema,
  refundDestinationResponseSchema,
} from "@/lib/schemas/refund-destination";

export const setRefundDestinationEndpoint = defineEndpoint({
  operationId: "setRefundDestination",
  method: "POST",
  path: "/v1/refund/destination",
  summary: "Give a refund its destination",
  description:
    "Gives a refund `AwaitingBankDetails` (a boleto policy's cancellation), or one whose transfer `Failed`, the " +
    "insured's Pix key or bank account. A key is checked by its type (CPF/CNPJ check digits, e-mail, mobile phone " +
    "+55 in E.164, random key UUID); an account by the bank's COMPE code and the agency, account and check digit " +
    "by the bank's published rule. It must be the insured's own: a CPF/CNPJ key must be the insured's document, " +
    "and any other key or account is held by `holderDocument`, which must be the insured's and which the PSP " +
    "confirms (`DESTINATION-NOT-THE-PAYERS` otherwise). The refund becomes `Scheduled` and the next daily run " +
    "pays it (`refund.paid`, or `refund.failed` with its reason). Card refunds and Pix payments go back the way " +
    "they came and take none (`REFUND-NOT-AWAITING-DESTINATION`). Answers the refund.",
  tag: "Refunds",
  auth: "key",
  body: refundDestinationRequestSchema,
  response: refundDestinationResponseSchema,
  registerNumberFrom: "body",
  errors: [
    "INVALID-FORM-FIELD",
    "INCORRECT-OR-NONEXISTENT",
    "TOKEN-ERROR",
    "POLICY-NOT-FOUND",
    "POLICY-BLOCKED",
    "REFUND-NOT-FOUND",
    "REFUND-NOT-AWAITING-DESTINATION",
    "DESTINATION-NOT-THE-PAYERS",
    "PAYMENT-GATEWAY-UNAVAILABLE",
  ],
});
