import { z } from "zod";

/** Every event the platform emits; webhook endpoints subscribe to a subset. */
export const EVENT_TYPES = [
  "checkout.issued",
  "checkout.declined",
  "checkout.failed",
  "policy.canceled",
  "policy.expired",
  "policy.endorsed",
  "installment.paid",
  "installment.overdue",
  "refund.created",
  "refund.paid",
  "refund.failed",
] as const;

export const eventTypeSchema = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof eventTypeSchema>;

/**
 * The `data` of an event: identifiers a partner reconciles with the lookups, never personal data
 * beyond what the lookup shows and never card data. Which fields appear depends on the type.
 */
export const eventDataSchema = z
  .object({
    registerNumber: z.string(),
    quotationIdentifier: z.uuid(),
    policyIdentifier: z.uuid().optional(),
    number: z.string().optional(),
    policyNumber: z.string().optional(),
    installmentNumber: z.number().int().positive().optional(),
    reason: z.string().optional(),
    status: z.string().optional(),
    endorsementIdentifier: z.uuid().optional(),
    endorsementType: z.string().optional(),
    version: z.string().optional(),
    refundIdentifier: z.uuid().optional(),
    amount: z.number().optional(),
  })
  .strict();

export type EventData = z.infer<typeof eventDataSchema>;

export type NewEvent = {
  type: EventType;
  brokerId: string;
  quotationId: string;
  /** When the change happened; the payload's `timestamp`. */
  occurredAt: Date;
  data: EventData;
};
