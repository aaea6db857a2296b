import { defineEndpoint } from "@/lib/endpoint/definition";
import { secondCopyRequestSchema, secondCopyResponseSchema } from "@/lib/schemas/second-copy";

export const createSecondCopyEndpoint = defineEndpoint({
  operationId: "createSecondCopy",
  method: "POST",
  path: "/v1/installment/second-copy",
  summary: "Second copy of an overdue installment",
  description:
    "Issues the second copy (\"2ª via\") of an `Overdue` installment of one of the key's broker's policies: due on " +
    "`dueDate` (YYYY-MM-DD, São Paulo; default 3 days from today), from today up to the formal notice's payment " +
    "deadline (when it was sent) and the vigency's last day, for the installment's amount plus the product's fine " +
    "(2 %) and interest (1 % a month pro rata die: 1/30 of it a day from the original due date to the new one), " +
    "the fine rounded down to the cent (never above 2 %), the interest half up. Boleto policies get a new boleto with a Pix charge (boleto híbrido), Pix " +
    "policies a new Pix charge; the previous boleto is written off at the bank and the previous Pix charge removed, " +
    "yet a late payment of either is still accepted. Credit-card installments have none " +
    "(`SECOND-COPY-NOT-AVAILABLE`: the daily job charges the card again). Each call makes a new second copy that " +
    "replaces the last one (send an Idempotency-Key to retry safely).",
  tag: "Installments",
  auth: "key",
  body: secondCopyRequestSchema,
  response: secondCopyResponseSchema,
  registerNumberFrom: "body",
  limit: "second-copy",
  errors: [
    "INVALID-FORM-FIELD",
    "INCORRECT-OR-NONEXISTENT",
    "TOKEN-ERROR",
    "POLICY-NOT-FOUND",
    "POLICY-BLOCKED",
    "POLICY-NOT-ACTIVE",
    "INSTALLMENT-NOT-FOUND",
    "INSTALLMENT-NOT-OVERDUE",
    "SECOND-COPY-NOT-AVAILABLE",
    "PAYMENT-GATEWAY-UNAVAILABLE",
  ],
});
