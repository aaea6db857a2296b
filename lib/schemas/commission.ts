import { z } from "zod";
import {
  COMMISSION_ENTRY_STATUSES,
  COMMISSION_ENTRY_TYPES,
  type CommissionEntryStatus,
} from "@/db/schema/commissions";
import { isoInstantSchema, moneySchema, registerNumberSchema } from "./common";
import { toDateBoundary } from "./date-boundaries";
import { guidSchema } from "./identifiers";
import { listQueryFields } from "./policy";
import { boundedDateSchema, safeTextSchema } from "./primitives";

export const commissionParamsSchema = z.object({ registerNumber: registerNumberSchema });

const entryStatusSchema = safeTextSchema
  .transform((value, ctx) => {
    const match = COMMISSION_ENTRY_STATUSES.find((status) => status === value.trim().toUpperCase());
    if (!match) {
      ctx.addIssue({
        code: "custom",
        message: `status must be one of ${COMMISSION_ENTRY_STATUSES.join(", ")}`,
      });
      return z.NEVER;
    }
    return match as CommissionEntryStatus;
  })
  .meta({ description: "PENDING, AVAILABLE or PAID (case-insensitive)" });

/** Strict, as every list: an unknown parameter or a bad value is INVALID-FORM-FIELD naming it. */
export const commissionQuerySchema = z.object({
  from: boundedDateSchema
    .transform((input) => toDateBoundary(input, "start"))
    .optional()
    .meta({
      description:
        "Entries dated on or after (YYYY-MM-DD in São Paulo, or ISO timestamp; 1900-01-01..2199-12-31)",
      example: "2026-10-01",
    }),
  to: boundedDateSchema
    .transform((input) => toDateBoundary(input, "end"))
    .optional()
    .meta({
      description:
        "Entries dated on or before (YYYY-MM-DD: that whole São Paulo day; or ISO timestamp, inclusive)",
      example: "2026-10-31",
    }),
  status: entryStatusSchema.optional(),
  policyNumber: safeTextSchema
    .trim()
    .max(40)
    .optional()
    .meta({ description: "Only this policy's entries: the 13-digit policyNumber or the 24-digit number" }),
  page: listQueryFields.page,
  itemsPerPage: listQueryFields.itemsPerPage,
});
export type CommissionQuery = z.output<typeof commissionQuerySchema>;

export const commissionEntrySchema = z
  .object({
    entryIdentifier: guidSchema,
    type: z.enum(COMMISSION_ENTRY_TYPES).meta({
      description:
        "EARNED: an installment's commission (a forecast while PENDING); CLAWBACK: a refund's reversal",
    }),
    status: z.enum(COMMISSION_ENTRY_STATUSES).meta({
      description:
        "PENDING: installment not yet paid; AVAILABLE: earned, not yet paid out; PAID: in a payout",
    }),
    policyNumber: z.string().meta({ example: "1000000000001" }),
    installmentNumber: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The installment (EARNED); null for a CLAWBACK" }),
    baseAmount: moneySchema.meta({
      description: "Net premium the entry is computed on: the installment's net share, or the net refunded",
      example: 250.5,
    }),
    rate: z
      .number()
      .meta({ description: "The policy's commission rate frozen at issuance (0.15 = 15 %)", example: 0.15 }),
    amount: moneySchema.meta({
      description: "round(baseAmount × rate) to cents; negative for a CLAWBACK",
      example: 37.58,
    }),
    createdAt: isoInstantSchema.meta({
      description:
        "The entry's date: when planned (PENDING), earned (the payment) or clawed back (the refund)",
    }),
    payoutIdentifier: guidSchema
      .nullable()
      .meta({ description: "The payout that paid it (PAID), else null" }),
  })
  .meta({ id: "CommissionEntry" });
export type CommissionEntryWire = z.infer<typeof commissionEntrySchema>;

export const commissionSummarySchema = z
  .object({
    pending: moneySchema.meta({ description: "Sum of the PENDING entries (forecast)" }),
    available: moneySchema.meta({ description: "Sum of the AVAILABLE entries (earned, not yet paid out)" }),
    paid: moneySchema.meta({ description: "Sum of the PAID entries" }),
    clawedBack: moneySchema.meta({ description: "Sum of the CLAWBACK entries (zero or negative)" }),
  })
  .meta({ id: "CommissionSummary", description: "Sums over every entry the filter selects (all pages)" });

/** The policy list's envelope plus the summary. */
export const commissionStatementSchema = z.object({
  totalItems: z.number().int(),
  itemsPerPage: z.number().int(),
  list: z.array(commissionEntrySchema),
  summary: commissionSummarySchema,
});
export type CommissionStatement = z.infer<typeof commissionStatementSchema>;
