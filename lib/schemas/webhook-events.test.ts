import { randomUUID } from "node:crypto";
import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { EVENT_TYPES, type EventData, type EventType } from "@/lib/events/types";
import { closeObjectSchemas } from "@/lib/testing/openapi-strict";
import { eventBody, testEventBody } from "@/lib/webhooks/payload";

/** What each state change puts in its event's data (lib/checkout, lib/policies, lib/payments, lib/worker). */
function dataOf(type: EventType): EventData {
  const ids = { registerNumber: "100000", quotationIdentifier: randomUUID() };
  const policy = {
    policyIdentifier: randomUUID(),
    number: "035120261000000000012001",
    policyNumber: "1000000000012",
  };
  switch (type) {
    case "checkout.issued":
      return { ...ids, ...policy, status: "Issued" };
    case "checkout.declined":
      return { ...ids, reason: "Cartão recusado pelo emissor.", status: "Declined" };
    case "checkout.failed":
      return { ...ids, reason: "Falha na emissão.", status: "Failed" };
    case "policy.canceled":
      return { ...ids, ...policy, status: "Canceled" };
    case "policy.expired":
      return { ...ids, ...policy, status: "Expired" };
    case "policy.endorsed":
      return {
        ...ids,
        ...policy,
        endorsementIdentifier: randomUUID(),
        endorsementType: "REGISTRATION",
        version: "02.00",
        status: "Issued",
      };
    case "installment.paid":
      return { ...ids, ...policy, installmentNumber: 2, status: "Paid" };
    case "installment.overdue":
      return { ...ids, ...policy, installmentNumber: 3, status: "Overdue" };
    case "refund.created":
      return {
        ...ids,
        ...policy,
        refundIdentifier: randomUUID(),
        amount: 2044,
        status: "AwaitingBankDetails",
      };
    case "refund.paid":
      return { ...ids, ...policy, refundIdentifier: randomUUID(), amount: 2044, status: "Paid" };
    case "refund.failed":
      return {
        ...ids,
        ...policy,
        refundIdentifier: randomUUID(),
        amount: 2044,
        reason: "Conta encerrada no banco de destino.",
        status: "Failed",
      };
  }
}

describe("webhook payloads match the OpenAPI webhooks (closed schemas)", () => {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema(closeObjectSchemas(buildOpenApiDocument()), "openapi");
  const validatorOf = (type: string) =>
    ajv.getSchema(`openapi#/webhooks/${type}/post/requestBody/content/application~1json/schema`)!;

  it.each(EVENT_TYPES)("%s", (type) => {
    const body = JSON.parse(
      eventBody({ type, occurredAt: new Date(), data: dataOf(type) }, "https://portal.example.com"),
    );
    const validate = validatorOf(type);
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    const other = EVENT_TYPES.find((candidate) => candidate !== type)!;
    expect(validatorOf(other)(body)).toBe(false);
  });

  it("webhook.test", () => {
    const body = JSON.parse(
      testEventBody({ registerNumber: "100000", endpointId: randomUUID(), at: new Date() }),
    );
    const validate = validatorOf("webhook.test");
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...body, data: { ...body.data, cpf: "52998224725" } })).toBe(false);
  });
});
