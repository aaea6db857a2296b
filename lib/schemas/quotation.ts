import { z } from "zod";
import { QUOTATION_STATUSES } from "@/db/schema/quotations";
import { isoInstantSchema, moneySchema, registerNumberSchema } from "./common";
import { guidSchema } from "./identifiers";
import { safeTextSchema } from "./primitives";

/** One coded answer; `answer` may be any JSON value, and missing or null counts as not sent. */
export const answerSchema = z
  .object({
    code: safeTextSchema.trim().min(1).max(100),
    answer: z.unknown().optional(),
  })
  .meta({ id: "Answer" });

export type AnswerInput = z.infer<typeof answerSchema>;

/**
 * Body of POST /{version}/quotation/contracting. The structure only: the catalogue
 * evaluates each answer against the modality's questions.
 */
export const quotationRequestSchema = z
  .object({
    operationCode: safeTextSchema.trim().min(1).max(100),
    registerNumber: registerNumberSchema,
    quotationIdentifier: guidSchema
      .nullish()
      .meta({ description: "Re-quote this quotation (same identifier, new variants and plans)." }),
    identifier: guidSchema.nullish().meta({ description: "Same as quotationIdentifier." }),
    answers: z.array(answerSchema).max(200),
  })
  .meta({
    id: "QuotationRequest",
    example: {
      operationCode: "INSURANCE-BROKER-CIVIL-LIABILITY-PARTNER",
      registerNumber: "100000",
      answers: [
        { code: "MODALITY", answer: "INSURANCE-BROKER-CIVIL-LIABILITY" },
        { code: "PERSON-TYPE", answer: "NATURAL" },
        { code: "CONGENER", answer: "NEW" },
        { code: "START-VIGENCY-DATE", answer: "2026-12-01" },
        { code: "IDENTITY", answer: "529.982.247-25" },
        { code: "INSURED-NAME", answer: "Maria da Silva" },
        { code: "INSURED-EMAIL", answer: "maria@example.com" },
        { code: "INSURED-CELLPHONE", answer: "(11) 98765-4321" },
        { code: "INSURED-ADDRESS-ZIPCODE", answer: "01310-100" },
        { code: "INSURED-ADDRESS-STREET", answer: "Avenida Paulista" },
        { code: "INSURED-ADDRESS-NUMBER", answer: "1000" },
        { code: "INSURED-ADDRESS-COMPLEMENT", answer: "" },
        { code: "INSURED-ADDRESS-NEIGHBORHOOD", answer: "Bela Vista" },
        { code: "INSURED-ADDRESS-CITY", answer: "São Paulo" },
        { code: "INSURED-ADDRESS-STATE", answer: "SP" },
        { code: "PROFESSIONAL-REGISTER", answer: "202012345" },
        { code: "REGISTER-NUMBER-TYPE", answer: "FULL" },
        { code: "CATEGORIES", answer: ["CAR"] },
        { code: "CLAIMS", answer: 0 },
        { code: "CLAIM-EXPECTATION", answer: false },
        {
          code: "LIMIT-DEDUCTIBLE",
          answer: [
            [
              { code: "LIMIT", answer: 100000 },
              { code: "DEDUCTIBLE", answer: "DEFAULT" },
            ],
          ],
        },
      ],
    },
  });

export type QuotationRequest = z.infer<typeof quotationRequestSchema>;

export const rateSchema = z
  .object({
    code: z.string().meta({ example: "BASIC-COVERAGE" }),
    description: z.string(),
    limit: moneySchema,
    netValue: moneySchema,
    deductible: z.object({ code: z.string().meta({ example: "DEFAULT" }), text: z.string() }),
    item: z.number().int().min(1).optional().meta({
      description:
        "Item-based products (bike, construction equipment): the insured item (1-based, in ITEMS order).",
    }),
  })
  .meta({ id: "Rate" });

/** The variant of an item-based quotation that sums its items: the one the proposal takes. */
export const AGGREGATE_VARIANT_ID = "00000000-0000-0000-0000-000000000000";

export const installmentPlanSchema = z
  .object({
    identifier: guidSchema.meta({ description: "Send as PAYMENT-INSTALLMENT-IDENTIFIER." }),
    number: z.number().int().meta({ description: "Number of installments of this plan." }),
    commissionValue: moneySchema,
    netValue: moneySchema,
    interestValue: moneySchema,
    taxValue: moneySchema,
    totalValue: moneySchema,
    installmentValue: moneySchema,
    installmentInterest: moneySchema,
    installmentTax: moneySchema,
    dueDates: z.array(isoInstantSchema),
  })
  .meta({ id: "InstallmentPlan" });

export const paymentOptionSchema = z
  .object({
    paymentMethod: z.enum(["All", "Ticket", "Pix"]),
    paymentType: z.enum(["CreditCard", "Ticket", "Pix"]).meta({
      description:
        "CreditCard: card plans; Ticket: boleto (each carries a Pix QR code too); Pix: Pix charges with due dates",
    }),
    installments: z.array(installmentPlanSchema),
  })
  .meta({ id: "PaymentOption" });

export const pricingSchema = z
  .object({
    variantIdentifier: guidSchema.meta({
      description:
        "Send as SELECTED-VARIANT-IDENTIFIER. Item-based products answer one variant per item (no " +
        "payment options) and the aggregate 00000000-0000-0000-0000-000000000000, the one to propose.",
    }),
    underwriting: z.object({ approved: z.boolean(), evaluations: z.array(z.unknown()) }),
    price: z.object({
      commission: moneySchema,
      grievanceDiscount: moneySchema,
      netValue: moneySchema,
      interestValue: moneySchema,
      taxValue: moneySchema,
      totalValue: moneySchema,
      policyLimit: moneySchema,
      itemValue: moneySchema.optional().meta({
        description:
          "Item-based products: the item's insured value; on the aggregate variant (" +
          "00000000-0000-0000-0000-000000000000) the sum of the items'.",
      }),
      rates: z.array(rateSchema),
    }),
    payment: z.object({
      financialType: z.literal("Charge"),
      paymentOptions: z.array(paymentOptionSchema),
    }),
  })
  .meta({ id: "Pricing" });

/** The quotation as quotation creation shows it (the proposal result adds `proposal`). */
export const quotationItemSchema = z
  .object({
    quotationIdentifier: guidSchema,
    status: z.enum(QUOTATION_STATUSES),
    pricing: z.array(pricingSchema),
  })
  .meta({ id: "QuotationItem" });

export type QuotationItem = z.infer<typeof quotationItemSchema>;
export type Pricing = z.infer<typeof pricingSchema>;

export const quotationResultSchema = z.object({ item: quotationItemSchema });
