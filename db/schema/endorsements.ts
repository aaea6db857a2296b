import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { cents, createdAt, timestamptz } from "./columns";
import { policyOwnedColumns } from "./policy-owned";
import type { Address, Rate } from "./quotations";

export const ENDORSEMENT_TYPES = ["REGISTRATION", "COVERAGE", "PAYMENT", "CANCELLATION"] as const;
export type EndorsementType = (typeof ENDORSEMENT_TYPES)[number];

/** `Draft`: a preview, valid until `expiresAt`; `Issued`: applied to the policy (never undone). */
export const ENDORSEMENT_STATUSES = ["Draft", "Issued"] as const;
export type EndorsementStatus = (typeof ENDORSEMENT_STATUSES)[number];

/** The insured's data an endorsement may change (REGISTRATION); each absent field stays as it is. */
export type InsuredChange = { name?: string; email?: string; phone?: string; address?: Address };

/** One installment after the endorsement, as issuing writes it. */
export type PlannedInstallment = {
  installmentNumber: number;
  /** `new`: added by the endorsement; `changed`: amounts or due date rewritten; `canceled`. */
  action: "new" | "changed" | "canceled";
  dueDate: string;
  tariffPremiumCents: number;
  iofCents: number;
  premiumTotalCents: number;
};

/** One line of "what changes", printed on the endorsement's PDF and shown by the portal. */
export type ChangeLine = { field: string; label: string; before: string; after: string };

/**
 * Everything issuing applies, computed when the preview is made (so that the issued endorsement is
 * exactly what was shown) and checked against the policy's `version` and `updatedAt` at issuance.
 */
export type EndorsementPlan = {
  insured?: InsuredChange;
  coverage?: {
    limitCents: number;
    deductibleCode: string | null;
    /** The annual net premium of the new coverage (rated), the base of a later coverage change. */
    annualNetCents: number;
    rates: Rate[];
  };
  payment?: { dueDay: number };
  /**
   * `refundNetCents`: the net premium within the refund (the commission clawback's base; a
   * withdrawal's refund also holds the IOF paid). Absent on drafts made before it: all net.
   */
  cancellation?: { reason: string; refundNetCents?: number };
  /** The policy's contract totals after the change (net, tax, total, commission). */
  totals?: { netCents: number; taxCents: number; totalCents: number; commissionCents: number };
  installments: PlannedInstallment[];
  changes: ChangeLine[];
};

export const endorsements = pgTable(
  "endorsements",
  {
    ...policyOwnedColumns(),
    type: text({ enum: ENDORSEMENT_TYPES }).notNull(),
    status: text({ enum: ENDORSEMENT_STATUSES }).notNull().default("Draft"),
    /** The policy version the endorsement gave the policy once issued ("02.00"); null for a draft. */
    policyVersion: text(),
    /** The endorsement's number within the policy (1 for "02.00"); null for a draft. */
    sequence: integer(),
    /** YYYY-MM-DD, the São Paulo day the change takes effect. */
    effectiveDate: text().notNull(),
    expiresAt: timestamptz().notNull(),
    /** The policy as the preview saw it: issuing refuses (ENDORSEMENT-EXPIRED) once either moved. */
    basePolicyVersion: text().notNull(),
    basePolicyUpdatedAt: timestamptz().notNull(),
    reason: text(),
    /** The request's answers, normalised. */
    answers: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    plan: jsonb().$type<EndorsementPlan>().notNull(),
    /** Signed: net + tax difference of the premium (COVERAGE), 0 for the other types. */
    premiumDifferenceCents: cents().notNull().default(0),
    netDifferenceCents: cents().notNull().default(0),
    taxDifferenceCents: cents().notNull().default(0),
    /**
     * What is given back (cancellation, or a coverage reduction), ≥ 0: net premium, except a
     * withdrawal's, which is everything paid (IOF included; its net part in the plan).
     */
    refundCents: cents().notNull().default(0),
    /** `PRO-RATA`, `SHORT-RATE` or `WITHDRAWAL` for a cancellation; null otherwise. */
    refundBasis: text(),
    /** The percentage of the annual net premium retained ("44.00"), cancellation only. */
    retainedPercent: text(),
    /** Signed commission effect at the policy's frozen rate. */
    commissionDifferenceCents: cents().notNull().default(0),
    createdAt: createdAt(),
    issuedAt: timestamptz(),
  },
  (t) => [
    index("endorsements_policy_created_idx").on(t.policyId, t.createdAt, t.id),
    unique("endorsements_policy_sequence_key").on(t.policyId, t.sequence),
    check(
      "endorsements_type_check",
      sql`${t.type} in ('REGISTRATION', 'COVERAGE', 'PAYMENT', 'CANCELLATION')`,
    ),
    check("endorsements_status_check", sql`${t.status} in ('Draft', 'Issued')`),
    check("endorsements_effective_date_check", sql`${t.effectiveDate} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
    check("endorsements_refund_check", sql`${t.refundCents} >= 0`),
  ],
);

export const REFUND_METHODS_OF_PAYMENT = ["CREDIT-CARD", "TICKET", "PIX"] as const;

/**
 * Card refunds: `Pending` (recorded, not yet confirmed by the gateway, retried with the same key) →
 * `Refunded`. Every other refund (docs/refunds.md): `AwaitingBankDetails` (a bank transfer or Pix
 * to a destination the insured, the broker or a partner has still to give) → `Scheduled` (the
 * destination known, or the Pix received to give back through the PSP's `devolucao`) → `Paid`, or
 * `Failed` with its reason (a new destination schedules it again).
 */
export const REFUND_STATUSES = [
  "Pending",
  "Refunded",
  "AwaitingBankDetails",
  "Scheduled",
  "Paid",
  "Failed",
] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Why money goes back: a cancellation's refund, or a payment of an installment already paid. */
export const REFUND_REASONS = ["CANCELLATION", "DUPLICATE-PAYMENT"] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** Where a refund is paid, once validated and confirmed as the payer's own (lib/refunds/destination.ts). */
export type RefundDestination =
  | {
      type: "PIX-KEY";
      keyType: "CPF" | "CNPJ" | "EMAIL" | "PHONE" | "EVP";
      key: string;
      holderDocument: string;
    }
  | {
      type: "BANK-ACCOUNT";
      bankCode: string;
      agency: string;
      account: string;
      accountDigit: string;
      accountType: "CHECKING" | "SAVINGS";
      holderDocument: string;
    };

/** One received Pix a refund gives back through the PSP's `devolucao`, and how much of it. */
export type PixReturn = { endToEndId: string; amountCents: number };

/** Money given back to the insured, the way it came (card refund, Pix devolução, or a transfer). */
export const refunds = pgTable(
  "refunds",
  {
    ...policyOwnedColumns(),
    /** The cancellation that owes it; null for a duplicate payment's refund. */
    endorsementId: uuid().references(() => endorsements.id, { onDelete: "cascade" }),
    reason: text({ enum: REFUND_REASONS }).notNull().default("CANCELLATION"),
    paymentMethod: text({ enum: REFUND_METHODS_OF_PAYMENT }).notNull(),
    amountCents: cents().notNull(),
    status: text({ enum: REFUND_STATUSES }).notNull(),
    /** Sent with every gateway call for this refund: a repeated call refunds once. */
    idempotencyKey: text().notNull(),
    gatewayRefundId: text(),
    /** The Pix to give back through the PSP (the paying account): set when the refund is recorded. */
    pixReturns: jsonb().$type<PixReturn[]>(),
    /** The insured's account or Pix key, for a refund that is not a card's or a Pix return. */
    destination: jsonb().$type<RefundDestination>(),
    destinationSetAt: timestamptz(),
    /** Why the last transfer failed (`Failed`). */
    failureReason: text(),
    createdAt: createdAt(),
    /** When it was confirmed given back (`Refunded` or `Paid`). */
    refundedAt: timestamptz(),
  },
  (t) => [
    index("refunds_policy_idx").on(t.policyId, t.createdAt),
    index("refunds_status_idx").on(t.status),
    unique("refunds_idempotency_key").on(t.idempotencyKey),
    check("refunds_amount_check", sql`${t.amountCents} > 0`),
    check(
      "refunds_status_check",
      sql`${t.status} in ('Pending', 'Refunded', 'AwaitingBankDetails', 'Scheduled', 'Paid', 'Failed')`,
    ),
    check("refunds_payment_method_check", sql`${t.paymentMethod} in ('CREDIT-CARD', 'TICKET', 'PIX')`),
    check("refunds_reason_check", sql`${t.reason} in ('CANCELLATION', 'DUPLICATE-PAYMENT')`),
  ],
);
