import { z } from "zod";
import {
  ENDORSEMENT_TYPES,
  REFUND_METHODS_OF_PAYMENT,
  REFUND_REASONS,
  REFUND_STATUSES,
} from "@/db/schema/endorsements";
import { ENDORSEMENT_STATUS_TEXT, ENDORSEMENT_TYPE_TEXT, REFUND_STATUS_TEXT } from "@/lib/format/labels";
import { isoInstantSchema, moneySchema, registerNumberSchema } from "./common";
import { guidSchema } from "./identifiers";
import { boundedDateSchema, safeTextSchema } from "./primitives";

/**
 * The wire shapes of endorsements (docs/endorsements.md): the preview's request and answer, the
 * issue's request and answer, the list, and the `endorsements` / `refunds` of a policy item. The
 * service (lib/endorsement-service) takes and answers exactly these, for the API and the portal.
 */

/** Signed amount in BRL: positive is owed by the insured, negative given back. */
const signedMoneySchema = moneySchema.meta({
  description: "Signed amount in BRL, two decimals (negative: in the insured's favour)",
  example: 412.5,
});

/** One coded answer of an endorsement (the catalogue's codes: INSURED-EMAIL, LIMIT, DUE-DAY…). */
export const endorsementAnswerSchema = z.object({
  code: safeTextSchema.trim().min(1).max(100),
  answer: z.unknown().optional(),
});

export const endorsementTypeSchema = z.enum(ENDORSEMENT_TYPES).meta({
  description:
    "REGISTRATION (insured's name spelling, e-mail, phone, address), COVERAGE (LIMIT / DEDUCTIBLE), PAYMENT (DUE-DAY of the unpaid boletos), CANCELLATION (at the insured's request)",
});

const policyNumberField = safeTextSchema.trim().max(40).meta({
  description: "The 13-digit policyNumber or the 24-digit number; any other value is POLICY-NOT-FOUND",
  example: "1000000000001",
});

/** Body of POST /{version}/endorsement/quotation: a preview, stored as a Draft. */
export const endorsementQuotationRequestSchema = z
  .object({
    registerNumber: registerNumberSchema,
    policyNumber: policyNumberField,
    type: endorsementTypeSchema,
    effectiveDate: boundedDateSchema.meta({
      description:
        "When the change takes effect: YYYY-MM-DD (a São Paulo day) or an ISO 8601 timestamp (its São Paulo day); within the vigency and not before today",
      example: "2026-12-01",
    }),
    answers: z.array(endorsementAnswerSchema).max(50).optional().meta({
      description:
        "REGISTRATION: INSURED-NAME, INSURED-EMAIL, INSURED-CELLPHONE, INSURED-ADDRESS-ZIPCODE, -STREET, -NUMBER, -COMPLEMENT, -NEIGHBORHOOD, -CITY, -STATE (the address as a whole). COVERAGE: LIMIT and/or DEDUCTIBLE (RC) or LIMIT (D&O). PAYMENT: DUE-DAY (1..20), PAYMENT-METHOD (only the current one). CANCELLATION: none",
    }),
    reason: safeTextSchema
      .trim()
      .max(500)
      .optional()
      .meta({ description: "Why (required for CANCELLATION, 5 to 500 characters)" }),
  })
  .meta({
    id: "EndorsementQuotationRequest",
    example: {
      registerNumber: "100000",
      policyNumber: "1000000000001",
      type: "REGISTRATION",
      effectiveDate: "2026-12-01",
      answers: [{ code: "INSURED-EMAIL", answer: "maria.silva@example.com" }],
    },
  });
export type EndorsementQuotationRequest = z.output<typeof endorsementQuotationRequestSchema>;

/** Body of POST /{version}/endorsement/issue. */
export const endorsementIssueRequestSchema = z
  .object({
    registerNumber: registerNumberSchema,
    endorsementIdentifier: safeTextSchema.trim().max(100).meta({
      description: "The preview's endorsementIdentifier; anything else is ENDORSEMENT-NOT-FOUND",
      example: "6f1c2a52-4f1e-4c43-9a55-0c9c1d7b8e21",
    }),
  })
  .meta({
    id: "EndorsementIssueRequest",
    example: { registerNumber: "100000", endorsementIdentifier: "6f1c2a52-4f1e-4c43-9a55-0c9c1d7b8e21" },
  });
export type EndorsementIssueRequest = z.output<typeof endorsementIssueRequestSchema>;

/** One line of "what changes". */
export const endorsementChangeSchema = z
  .object({
    field: z.string().meta({ description: "The answer code or policy field", example: "INSURED-EMAIL" }),
    label: z.string().meta({ description: "pt-BR label", example: "E-mail" }),
    before: z.string(),
    after: z.string(),
  })
  .meta({ id: "EndorsementChange" });

/** An installment the endorsement adds, changes or cancels. */
export const endorsementInstallmentSchema = z
  .object({
    installmentNumber: z.number().int(),
    action: z.enum(["new", "changed", "canceled"]),
    dueDate: isoInstantSchema,
    tariffPremiumValue: moneySchema,
    valueIof: moneySchema,
    premiumTotalValue: moneySchema,
  })
  .meta({ id: "EndorsementInstallment" });

const endorsementFields = {
  endorsementIdentifier: z.uuid(),
  type: z.enum(ENDORSEMENT_TYPES),
  typeText: z.enum(Object.values(ENDORSEMENT_TYPE_TEXT) as [string, ...string[]]),
  effectiveDate: z.string().meta({ description: "YYYY-MM-DD, São Paulo", example: "2026-12-01" }),
  expiresAt: isoInstantSchema.meta({
    description:
      "Until when the preview may be issued: the earlier of 30 days and the end of the effective date's São Paulo day",
  }),
  reason: z.string().nullable(),
  premiumDifference: signedMoneySchema.meta({
    description:
      "Net + IOF added to (positive) or taken off (negative) the premium for the rest of the vigency",
  }),
  netPremiumDifference: signedMoneySchema,
  taxDifference: signedMoneySchema,
  refund: moneySchema.meta({ description: "Net premium given back to the insured (≥ 0)" }),
  refundBasis: z.enum(["PRO-RATA", "SHORT-RATE", "WITHDRAWAL"]).nullable().meta({
    description: "How a cancellation's retention was computed (null for the other types)",
  }),
  retainedPercent: z.string().nullable().meta({
    description: "Share of the annual net premium the insurer keeps, 2 decimals (cancellation only)",
    example: "44.00",
  }),
  commissionDifference: signedMoneySchema.meta({
    description: "Effect on the broker's commission at the policy's frozen rate",
  }),
  changes: z.array(endorsementChangeSchema),
  installments: z.array(endorsementInstallmentSchema),
};

/** An endorsement as listed (and as the policy's `endorsements` show the issued ones). */
export const endorsementSchema = z
  .object({
    ...endorsementFields,
    status: z.enum(["Draft", "Issued", "Expired"]).meta({
      description: "Draft (a preview still valid), Expired (a preview no longer valid), Issued",
    }),
    statusText: z.enum(Object.values(ENDORSEMENT_STATUS_TEXT) as [string, ...string[]]),
    policyVersion: z.string().nullable().meta({
      description: "The policy version it made once issued (02.00 for the first); null before",
      example: "02.00",
    }),
    createdAt: isoInstantSchema,
    issuedAt: isoInstantSchema.nullable(),
    documentUrl: z
      .string()
      .optional()
      .meta({ description: "Signed link to the endorsement's PDF (issued only)" }),
  })
  .meta({ id: "Endorsement" });
export type EndorsementWire = z.infer<typeof endorsementSchema>;

/** A refund on the policy. */
export const refundSchema = z
  .object({
    refundIdentifier: z.uuid(),
    endorsementIdentifier: z
      .uuid()
      .nullable()
      .meta({ description: "The cancellation that owes it; null for a duplicate payment's refund" }),
    reason: z.enum(REFUND_REASONS).meta({
      description:
        "`CANCELLATION`, or `DUPLICATE-PAYMENT`: an installment paid twice (a boleto and its Pix, a second copy and the original)",
    }),
    paymentMethod: z.enum(REFUND_METHODS_OF_PAYMENT),
    value: moneySchema,
    status: z.enum(REFUND_STATUSES).meta({
      description:
        "Card: `Pending` → `Refunded`. Otherwise `AwaitingBankDetails` (give the insured's account or Pix key: POST /v1/refund/destination) → `Scheduled` (a Pix given back through the PSP at once; a transfer paid by the next daily run) → `Paid`, or `Failed` (`failureReason`; a new destination schedules it again)",
    }),
    statusText: z.enum(Object.values(REFUND_STATUS_TEXT) as [string, ...string[]]),
    destination: z.string().nullable().meta({
      description:
        "Where a transfer goes, partly hidden (`Pix (e-mail) ****.com`, `341 …, ag. 1234, conta ****45-6`); null until given, and for card refunds and Pix returns",
    }),
    failureReason: z.string().nullable().meta({ description: "Why the last transfer failed (`Failed`)" }),
    createdAt: isoInstantSchema,
    refundedAt: isoInstantSchema.nullable(),
  })
  .meta({ id: "Refund" });
export type RefundWire = z.infer<typeof refundSchema>;

export const endorsementListParamsSchema = z.object({
  registerNumber: registerNumberSchema,
  // Not validated: anything that is not one of the broker's policies is 404 POLICY-NOT-FOUND.
  policyNumber: z.string().meta({ description: "The 13-digit policyNumber or the 24-digit number" }),
});

export const endorsementListResponseSchema = z.object({
  totalItems: z.number().int(),
  itemsPerPage: z.number().int(),
  list: z.array(endorsementSchema),
});
export type EndorsementList = z.infer<typeof endorsementListResponseSchema>;

/** A preview's identifier on the issue path (checked before any read). */
export const endorsementIdentifierSchema = guidSchema;
