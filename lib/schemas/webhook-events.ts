import { z } from "zod";
import type { EventType } from "@/lib/events/types";

/**
 * The body of each webhook delivery, per event type (what lib/webhooks/payload.ts builds from an
 * event's data): `{ type, timestamp, data }`, `data` the event's identifiers and `links`. Only
 * documentation reads these (the OpenAPI `webhooks`); a test builds every type's body and checks it.
 */
const links = z
  .object({
    quotation: z.url().meta({
      description: "The quotation lookup (GET /v1/quotation/{registerNumber}/{quotationIdentifier})",
    }),
    policy: z.url().nullable().meta({
      description:
        "The policy lookup (GET /v1/policy/{registerNumber}/{policyNumber}); null while there is no policy",
    }),
  })
  // No schema ids here: the OpenAPI generator emits components only for what paths use, not webhooks.
  .meta({ description: "The lookups to reconcile with" });

const identifiers = {
  registerNumber: z
    .string()
    .meta({ description: "The broker (SUSEP registration number)", example: "100000" }),
  quotationIdentifier: z.uuid(),
};

const policyFields = {
  policyIdentifier: z.uuid(),
  number: z
    .string()
    .regex(/^\d{24}$/)
    .meta({ description: "The policy's 24-digit number" }),
  policyNumber: z
    .string()
    .regex(/^\d{13}$/)
    .meta({ description: "The policy's 13-digit policyNumber" }),
};

const installmentNumber = z
  .number()
  .int()
  .positive()
  .meta({ description: "The installment (1 = the first)" });

const reason = z.string().meta({ description: "Why, in the words the quotation lookup shows" });

const refundFields = {
  refundIdentifier: z.uuid().meta({ description: "The refund (the policy lookup's `refunds`)" }),
  amount: z.number().meta({ description: "The amount given back, BRL", example: 2044 }),
};

/** Each event type's `data`, besides its `links`. */
const EVENT_DATA = {
  "checkout.issued": { ...identifiers, ...policyFields, status: z.literal("Issued") },
  "checkout.declined": { ...identifiers, reason, status: z.literal("Declined") },
  "checkout.failed": { ...identifiers, reason, status: z.literal("Failed") },
  "policy.canceled": { ...identifiers, ...policyFields, status: z.literal("Canceled") },
  "policy.expired": { ...identifiers, ...policyFields, status: z.literal("Expired") },
  "policy.endorsed": {
    ...identifiers,
    ...policyFields,
    endorsementIdentifier: z
      .uuid()
      .meta({ description: "The endorsement (GET /v1/endorsement/{registerNumber}/{policyNumber})" }),
    endorsementType: z.enum(["REGISTRATION", "COVERAGE", "PAYMENT"]),
    version: z.string().meta({ description: "The policy's version after it", example: "02.00" }),
    status: z.literal("Issued"),
  },
  "installment.paid": { ...identifiers, ...policyFields, installmentNumber, status: z.literal("Paid") },
  "installment.overdue": { ...identifiers, ...policyFields, installmentNumber, status: z.literal("Overdue") },
  "refund.created": {
    ...identifiers,
    ...policyFields,
    ...refundFields,
    status: z.enum(["Pending", "AwaitingBankDetails", "Scheduled"]),
  },
  "refund.paid": { ...identifiers, ...policyFields, ...refundFields, status: z.enum(["Refunded", "Paid"]) },
  "refund.failed": { ...identifiers, ...policyFields, ...refundFields, reason, status: z.literal("Failed") },
} satisfies Record<EventType, z.ZodRawShape>;

/** When each event is sent (the OpenAPI webhook's description). */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<EventType | "webhook.test", string> = {
  "checkout.issued": "The issuance job created the policy.",
  "checkout.declined": "The card was declined; the quotation is back to Draft.",
  "checkout.failed": "The issuance job failed after every retry; the quotation is back to Draft.",
  "policy.canceled":
    "The policy was canceled: a CANCELLATION endorsement issued through the API or the portal (with its refund on the policy's `refunds`).",
  "policy.endorsed":
    "An endorsement (REGISTRATION, COVERAGE or PAYMENT) was issued: the policy's version went up; the lookup shows it under `endorsements`.",
  "policy.expired": "The policy's vigency ended (the expiry job, hourly).",
  "installment.paid":
    "An installment was paid: the first card installment at issuance, a later one by the daily card charge, a boleto by the bank's return file (`timestamp` = the payment day).",
  "installment.overdue":
    "An installment passed its due day unpaid (daily job, 06:00 São Paulo), or its card charge was declined.",
  "refund.created":
    "Money is owed back to the insured: a cancellation's refund, or a payment of an installment already paid. `Pending` (card, through the gateway), `Scheduled` (a Pix given back through the PSP) or `AwaitingBankDetails` (the insured's account or Pix key is needed: POST /v1/refund/destination).",
  "refund.paid":
    "The refund reached the insured: the card refund confirmed (`Refunded`), or the Pix devolução or transfer paid (`Paid`).",
  "refund.failed":
    "A transfer of the refund failed (`reason`, e.g. a closed account): a new destination schedules it again.",
  "webhook.test":
    "“Enviar evento de teste” in the portal: a ping to the chosen endpoint, whatever its events (not subscribable).",
};

function payloadSchema(type: string, data: z.ZodObject): z.ZodObject {
  return z
    .object({
      type: z.literal(type),
      timestamp: z.iso.datetime().meta({ description: "When the change happened (UTC)" }),
      data,
    })
    .meta({ description: WEBHOOK_EVENT_DESCRIPTIONS[type as EventType] });
}

/** Every webhook body, by event type; `webhook.test` last. */
export const WEBHOOK_PAYLOAD_SCHEMAS: Record<EventType | "webhook.test", z.ZodObject> = {
  ...(Object.fromEntries(
    Object.entries(EVENT_DATA).map(([type, shape]) => [
      type,
      payloadSchema(type, z.object({ ...shape, links })),
    ]),
  ) as Record<EventType, z.ZodObject>),
  "webhook.test": payloadSchema(
    "webhook.test",
    z.object({
      registerNumber: identifiers.registerNumber,
      endpointId: z.uuid().meta({ description: "The webhook endpoint the ping was sent to" }),
    }),
  ),
};
