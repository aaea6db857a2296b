import { z } from "zod";
import { DEFAULT_POLICY_SORT, parsePolicySort } from "@/db/queries/policy-sort";
import { INSTALLMENT_STATUSES, POLICY_STATUSES, type PolicyStatus } from "@/db/schema/policies";
import { PAYMENT_METHODS } from "@/db/schema/quotations";
import { INSTALLMENT_STATUS_TEXT, POLICY_STATUS_TEXT } from "@/lib/format/labels";
import { toDateBoundary } from "@/lib/schemas/date-boundaries";
import { isoInstantSchema, moneySchema, registerNumberSchema } from "./common";
import { endorsementSchema, refundSchema } from "./endorsement";
import { guidSchema } from "./identifiers";
import { boundedDateSchema, safeTextSchema } from "./primitives";

export const installmentPixSchema = z
  .object({
    txid: z.string().meta({
      description: "The PSP charge's identifier (26-35 letters and digits)",
      example: "7aKq2mZp0Lr4Xv9TbN3cW8yHs1Ue6Fd5",
    }),
    copyPaste: z
      .string()
      .meta({ description: 'The BR Code ("Pix copia e cola"); the QR code encodes the same text' }),
    expiresAt: isoInstantSchema.meta({
      description: "The last instant the PSP accepts the charge (30 days after the due date)",
    }),
  })
  .meta({ id: "InstallmentPix" });

export const installmentSchema = z
  .object({
    installmentNumber: z.number().int(),
    dueDate: isoInstantSchema,
    extraValue: moneySchema,
    valueIof: moneySchema,
    tariffPremiumValue: moneySchema,
    premiumTotalValue: moneySchema,
    status: z.enum(INSTALLMENT_STATUSES),
    statusText: z.enum(Object.values(INSTALLMENT_STATUS_TEXT) as [string, ...string[]]),
    paidAt: isoInstantSchema.nullable().meta({
      description: "When the installment was paid (card charge or bank settlement); null while unpaid",
    }),
    interestValue: moneySchema,
    createdAt: isoInstantSchema,
    paymentMethod: z
      .enum(PAYMENT_METHODS)
      .meta({ description: "The policy's PAYMENT-METHOD: how this installment is paid" }),
    pix: installmentPixSchema.nullable().meta({
      description:
        "The installment's Pix charge with a due date (PIX policies, and every boleto since boletos carry a Pix QR code); null for a card, a paid or canceled installment, or a boleto issued before Pix",
    }),
  })
  .meta({ id: "Installment" });

export const policySchema = z
  .object({
    identifier: z.uuid(),
    number: z.string().meta({ description: "24-digit policy number", example: "035120261000000000001001" }),
    policyNumber: z.string().meta({ description: "13-digit policy number", example: "1000000000001" }),
    status: z.enum(POLICY_STATUSES),
    statusText: z.enum(Object.values(POLICY_STATUS_TEXT) as [string, ...string[]]),
    insuredName: z.string(),
    insuredIdentity: z
      .string()
      .meta({ description: "CPF or CNPJ, digits only (letters for the alphanumeric CNPJ)" }),
    modalityCode: z.string(),
    modalityText: z.string(),
    productCode: z.string(),
    productText: z.string(),
    vigencyStartedAt: isoInstantSchema,
    vigencyExpiredAt: isoInstantSchema,
    createdAt: isoInstantSchema,
    updatedAt: isoInstantSchema.meta({
      description:
        "Last change of anything shown here: the policy's status, its installments (paid, overdue, canceled), its claims count",
    }),
    quotationIdentifier: z.uuid(),
    quotationDocumentUrl: z.string().optional().meta({ description: "Signed link to the policy PDF" }),
    TicketUrl: z.string().optional().meta({ description: "Signed link to the boletos (boleto policies)" }),
    PixUrl: z.string().optional().meta({
      description: "Signed link to the Pix charge slips, QR codes and copy-and-paste codes (PIX policies)",
    }),
    version: z.string().meta({ example: "01.00" }),
    totalClaims: z.number().int(),
    installments: z.array(installmentSchema),
    endorsements: z
      .array(endorsementSchema)
      .meta({ description: "The issued endorsements, oldest first (version 02.00 is the first)" }),
    refunds: z.array(refundSchema).meta({ description: "Money given back to the insured, oldest first" }),
  })
  .meta({ id: "Policy" });

export type PolicyWire = z.infer<typeof policySchema>;

export const policyResponseSchema = z.object({ policy: policySchema });
export const policyListResponseSchema = z.object({
  totalItems: z.number().int(),
  itemsPerPage: z.number().int(),
  list: z.array(policySchema),
});

export const policyParamsSchema = z.object({
  registerNumber: registerNumberSchema,
  // Not validated here: anything that is not one of the broker's policies is 404 POLICY-NOT-FOUND,
  // answered after the registerNumber check (lib/policies/get-policy.ts).
  policyNumber: z.string().meta({
    description:
      "The 13-digit policyNumber or the 24-digit number; anything else answers 404 POLICY-NOT-FOUND",
  }),
});
export const policyListParamsSchema = z.object({ registerNumber: registerNumberSchema });

/** Upper bounds keep OFFSET within what a partner could page through; past the end answers an empty list. */
const MAX_PAGE = 1_000_000;

const statusSchema = safeTextSchema
  .transform((value, ctx) => {
    const match = POLICY_STATUSES.find((status) => status.toLowerCase() === value.trim().toLowerCase());
    if (!match) {
      ctx.addIssue({ code: "custom", message: `status must be one of ${POLICY_STATUSES.join(", ")}` });
      return z.NEVER;
    }
    return match as PolicyStatus;
  })
  .meta({ description: "Issued, Expired or Canceled (case-insensitive)" });

const dateBoundary = (edge: "start" | "end") =>
  boundedDateSchema.transform((input) => toDateBoundary(input, edge));

const optionalText = safeTextSchema
  .trim()
  .max(100)
  .transform((value) => value || undefined);

/** The list's query fields; each is validated on its own so a 400 names every bad parameter. */
export const listQueryFields = {
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE)
    .default(1)
    .meta({ description: "1-based page", example: 1 }),
  itemsPerPage: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(10)
    .meta({ description: "1..100, default 10" }),
  sort: safeTextSchema
    .default("-createdat")
    .transform((value, ctx) => {
      const parsed = parsePolicySort(value);
      if (!parsed.ok) {
        ctx.addIssue({ code: "custom", message: parsed.message });
        return z.NEVER;
      }
      return parsed.sort;
    })
    .meta({
      description:
        "Comma-separated fields of producttext, modalitytext, createdat, status, insuredname, insuredidentity (the spec's six), vigencyexpiredat and updatedat (extensions); leading - for descending",
      example: "producttext,-createdat",
    }),
  search: optionalText
    .optional()
    .meta({ description: "Insured name (substring, accents ignored) or CPF/CNPJ prefix" }),
  modality: optionalText.optional().meta({ description: "Modality code (exact) or text (substring)" }),
  product: optionalText.optional().meta({ description: "Product code (exact) or text (substring)" }),
  startDate: dateBoundary("start").optional().meta({
    description:
      "Vigency starts on or after (YYYY-MM-DD in São Paulo, or ISO timestamp; 1900-01-01..2199-12-31)",
  }),
  endDate: dateBoundary("end").optional().meta({
    description:
      "Vigency ends on or before (YYYY-MM-DD in São Paulo, or ISO timestamp; 1900-01-01..2199-12-31)",
  }),
  status: statusSchema.optional(),
  quotationIdentifier: guidSchema
    .optional()
    .meta({ description: "Only the policy issued from this quotation (a GUID)" }),
  endingWithinDays: z.coerce.number().int().min(1).max(366).optional().meta({
    description:
      "Extension: only policies whose vigency ends from now to the end of the São Paulo day N days ahead (1..366)",
  }),
  renewal: z
    .enum(["none"])
    .optional()
    .meta({ description: "Extension: none = only policies without a renewal quotation in progress or done" }),
  updatedFrom: dateBoundary("start").optional().meta({
    description:
      "Only items changed at or after this instant (inclusive; ISO 8601 date-time, or YYYY-MM-DD for the start of that São Paulo day): the updatedAt of the newest item seen, for a partner syncing its copy",
    example: "2026-11-21T13:45:40.671Z",
  }),
  installment: z.enum(["overdue", "due-soon"]).optional().meta({
    description:
      "Extension: overdue = with an Overdue installment and still Issued (collectable; Expired and Canceled policies left out); due-soon = with a Pending installment due in the next 7 days",
  }),
};

/** Strict: the API answers INVALID-FORM-FIELD naming each bad parameter. */
export const policyListQuerySchema = z.object({
  ...listQueryFields,
  search: listQueryFields.search.meta({
    description:
      "Insured name (substring, accents ignored), CPF/CNPJ prefix, or policy number (13-digit policyNumber or 24-digit number, exact; punctuation ignored)",
  }),
});
export type PolicyListQuery = z.output<typeof policyListQuerySchema>;

/** Lenient: the portal's URL, where a hand-edited bad value falls back to its default instead of failing. */
export const policyListPageQuerySchema = z.object({
  page: listQueryFields.page.catch(1),
  itemsPerPage: listQueryFields.itemsPerPage.catch(10),
  sort: listQueryFields.sort.catch(DEFAULT_POLICY_SORT),
  search: listQueryFields.search.catch(undefined),
  modality: listQueryFields.modality.catch(undefined),
  product: listQueryFields.product.catch(undefined),
  startDate: listQueryFields.startDate.catch(undefined),
  endDate: listQueryFields.endDate.catch(undefined),
  status: listQueryFields.status.catch(undefined),
  quotationIdentifier: listQueryFields.quotationIdentifier.catch(undefined),
  endingWithinDays: listQueryFields.endingWithinDays.catch(undefined),
  renewal: listQueryFields.renewal.catch(undefined),
  installment: listQueryFields.installment.catch(undefined),
});
