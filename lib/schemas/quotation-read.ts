import { z } from "zod";
import { parseQuotationSort, QUOTATION_SORT_FIELDS } from "@/db/queries/quotation-sort";
import { CHECKOUT_STATUSES } from "@/db/schema/checkouts";
import { PAYMENT_METHODS, QUOTATION_STATUSES, type QuotationStatus } from "@/db/schema/quotations";
import { CHECKOUT_STATUS_TEXT, QUOTATION_STATUS_TEXT } from "@/lib/format/labels";
import { EXPIRING_SOON_DAYS } from "@/lib/quotation-validity/validity";
import { isoInstantSchema, moneySchema, registerNumberSchema } from "./common";
import { listQueryFields } from "./policy";
import { safeTextSchema } from "./primitives";
import { pricingSchema } from "./quotation";
import { QUOTATION_STAGES } from "./quotation-stages";

const textEnum = (labels: Record<string, string>) => z.enum(Object.values(labels) as [string, ...string[]]);

export const quotationReadProposalSchema = z
  .object({
    number: z.string().meta({ description: "14-digit proposal number", example: "10000000000001" }),
    date: isoInstantSchema,
    documentUrl: z.string().meta({ description: "Signed link to the proposal PDF (expires)" }),
    paymentMethod: z.enum(PAYMENT_METHODS),
    dueDay: z.number().int().nullable(),
    variantIdentifier: z.uuid(),
    installmentIdentifier: z.uuid(),
  })
  .meta({ id: "QuotationReadProposal" });

export const quotationReadCheckoutSchema = z
  .object({
    status: z.enum(CHECKOUT_STATUSES),
    statusText: textEnum(CHECKOUT_STATUS_TEXT),
    paymentMethod: z.enum(PAYMENT_METHODS),
    reason: z.string().nullable().meta({ description: "Why the attempt was declined or failed" }),
    attempts: z.number().int(),
    createdAt: isoInstantSchema,
    updatedAt: isoInstantSchema,
    card: z
      .object({ brand: z.string(), last4: z.string() })
      .nullable()
      .meta({ description: "Card brand and last four digits (card checkouts only)" }),
  })
  .meta({ id: "QuotationReadCheckout" });

/** The quotation list's element: the lookup without answers and pricing, plus the chosen total. */
export const quotationSummarySchema = z
  .object({
    quotationIdentifier: z.uuid(),
    status: z.enum(QUOTATION_STATUSES),
    statusText: textEnum(QUOTATION_STATUS_TEXT),
    operationCode: z.string(),
    modalityCode: z.string(),
    modalityText: z.string(),
    productCode: z.string(),
    productText: z.string(),
    insuredName: z.string(),
    insuredIdentity: z
      .string()
      .meta({ description: "CPF or CNPJ, digits only (letters for the alphanumeric CNPJ)" }),
    createdAt: isoInstantSchema,
    updatedAt: isoInstantSchema.meta({
      description:
        "Last change of anything shown here: the quotation's status and answers, its proposal, its checkout",
    }),
    expiresAt: isoInstantSchema.meta({
      description: "End of validity: 30 days after the latest quote, never past the vigency start day",
    }),
    previousPolicyNumber: z
      .string()
      .nullable()
      .meta({ description: "13-digit number of the policy this quotation renews" }),
    proposal: quotationReadProposalSchema.nullable(),
    checkout: quotationReadCheckoutSchema.nullable().meta({ description: "The latest checkout attempt" }),
    policy: z
      .object({ identifier: z.uuid(), number: z.string(), policyNumber: z.string() })
      .nullable()
      .meta({ description: "The issued policy" }),
    totalValue: moneySchema
      .nullable()
      .meta({ description: "totalValue of the proposal's chosen variant; null without a proposal" }),
  })
  .meta({ id: "QuotationSummary" });

export const quotationReadSchema = quotationSummarySchema
  .omit({ totalValue: true })
  .extend({
    answers: z.array(z.object({ code: z.string(), answer: z.unknown() })).meta({
      description:
        "The answers as evaluated and normalised (digits for identities, CEP and phone); option lists " +
        "(LIMIT-DEDUCTIBLE, LIMITS) as entries of { code, answer }, as the creation takes them",
    }),
    pricing: z.array(pricingSchema).meta({ description: "As the creation answered, same identifiers" }),
  })
  .meta({ id: "QuotationRead" });

export type QuotationSummaryWire = z.infer<typeof quotationSummarySchema>;
export type QuotationReadWire = z.infer<typeof quotationReadSchema>;

export const quotationReadResponseSchema = z.object({ item: quotationReadSchema });
export const quotationListResponseSchema = z.object({
  totalItems: z.number().int(),
  itemsPerPage: z.number().int(),
  list: z.array(quotationSummarySchema),
});

export const quotationReadParamsSchema = z.object({
  registerNumber: registerNumberSchema,
  // Not validated here: anything that is not one of the broker's quotations is QUOTATION-NOT-FOUND.
  quotationIdentifier: safeTextSchema.max(100).meta({ description: "The quotation's identifier (GUID)" }),
});
export const quotationListParamsSchema = z.object({ registerNumber: registerNumberSchema });

const quotationStatusSchema = safeTextSchema
  .transform((value, ctx) => {
    const match = QUOTATION_STATUSES.find((status) => status.toLowerCase() === value.trim().toLowerCase());
    if (!match) {
      ctx.addIssue({ code: "custom", message: `status must be one of ${QUOTATION_STATUSES.join(", ")}` });
      return z.NEVER;
    }
    return match as QuotationStatus;
  })
  .meta({ description: "Draft, Confirmed, Finished or Expired (case-insensitive)" });

const quotationSortSchema = safeTextSchema
  .default("-createdat")
  .transform((value, ctx) => {
    const parsed = parseQuotationSort(value);
    if (!parsed.ok) {
      ctx.addIssue({ code: "custom", message: parsed.message });
      return z.NEVER;
    }
    return parsed.sort;
  })
  .meta({
    description: `Comma-separated fields of ${QUOTATION_SORT_FIELDS.join(", ")}; leading - for descending`,
    example: "insuredname,-createdat",
  });

const quotationStageSchema = z
  .enum(QUOTATION_STAGES)
  .optional()
  .meta({
    description:
      "Extension: only valid Draft quotations that are awaiting-checkout (a proposal, no checkout yet), " +
      `checkout-failed (the latest checkout Declined or Failed) or expiring (validity ends within ${EXPIRING_SOON_DAYS} São Paulo days, today included)`,
  });

const previousPolicyNumberSchema = safeTextSchema
  .trim()
  .regex(/^(\d{13}|\d{24})$/, "previousPolicyNumber must be a 13-digit policyNumber or a 24-digit number")
  .optional()
  .meta({
    description:
      "Only the renewals of this policy (its 13-digit policyNumber or 24-digit number): the live one, and any that expired",
    example: "1000000000001",
  });

/** The quotation list's query (the policy list's paging and search; strict: each bad field is named). */
export const quotationListQuerySchema = z.object({
  page: listQueryFields.page,
  itemsPerPage: listQueryFields.itemsPerPage,
  sort: quotationSortSchema,
  search: listQueryFields.search,
  modality: listQueryFields.modality,
  product: listQueryFields.product,
  status: quotationStatusSchema.optional(),
  createdFrom: listQueryFields.startDate.meta({
    description: "Created on or after (YYYY-MM-DD in São Paulo, or ISO timestamp)",
  }),
  createdTo: listQueryFields.endDate.meta({
    description: "Created on or before (YYYY-MM-DD in São Paulo, or ISO timestamp)",
  }),
  stage: quotationStageSchema,
  updatedFrom: listQueryFields.updatedFrom,
  previousPolicyNumber: previousPolicyNumberSchema,
});
export type QuotationListQuery = z.output<typeof quotationListQuerySchema>;

/** The same query read leniently from a portal URL: a bad value falls back to its default. */
export const quotationListPageQuerySchema = z.object({
  page: listQueryFields.page.catch(1),
  itemsPerPage: listQueryFields.itemsPerPage.catch(10),
  sort: quotationSortSchema.catch([{ field: "createdat", descending: true }]),
  search: listQueryFields.search.catch(undefined),
  modality: listQueryFields.modality.catch(undefined),
  product: listQueryFields.product.catch(undefined),
  status: quotationStatusSchema.optional().catch(undefined),
  createdFrom: listQueryFields.startDate.catch(undefined),
  createdTo: listQueryFields.endDate.catch(undefined),
  stage: quotationStageSchema.catch(undefined),
});
