import type { Database } from "@/db/index";
import {
  type EndorsementRow,
  findEndorsementForBroker,
  findEndorsementRead,
  listEndorsementPage,
  lockEndorsement,
  nextEndorsementSequence,
} from "@/db/queries/endorsements";
import { findPolicyDetails, type PolicyDetails, type PolicyRow } from "@/db/queries/policies";
import { isPolicyIdBlocked } from "@/db/queries/privacy";
import { type AuditContext, PLATFORM_AUDIT } from "@/lib/audit/context";
import { CANCELLATION_REASON_LENGTH, planCancellation } from "@/lib/endorsements/cancellation";
import { createDraft, issueDraft } from "@/lib/endorsements/issue";
import {
  effectiveDayBounds,
  effectiveDayError,
  effectiveDayOf,
  policyVersionAfter,
  throwIfAny,
} from "@/lib/endorsements/rules";
import { endorsementFieldsToWire, endorsementToWire } from "@/lib/endorsements/to-wire";
import { ApiError, type ErrorItem } from "@/lib/http/errors";
import { syncPolicyPixCharges } from "@/lib/payments/pix/policy-charges";
import { findPolicyOrThrow } from "@/lib/policies/find-policy";
import { policyDetailsToWire } from "@/lib/policies/to-wire";
import { settleRefunds } from "@/lib/refunds/settle";
import type {
  EndorsementList,
  EndorsementQuotationRequest,
  EndorsementWire,
} from "@/lib/schemas/endorsement";
import type { EndorsementListQuery, EndorsementPreviewWire } from "@/lib/schemas/endorsement-api";
import { isGuid } from "@/lib/schemas/identifiers";
import { type PlanOutcome, planCoverage, planPayment, planRegistration } from "./plans";

/**
 * The endorsement service (docs/endorsements.md): preview, issue, list. The API's handlers and the
 * portal call these with the wire shapes of lib/schemas/endorsement*.ts; the money and the issuing
 * transaction live in lib/endorsements (which the portal's "Cancelar" uses too).
 */

export type ServiceOptions = {
  now?: Date;
  origin?: string;
  /** Who issues, for the audit trail (the API's key, the portal's user); the platform's without one. */
  audit?: AuditContext;
};

/** The reason's rule for a CANCELLATION (required, 5..500 characters); other types take it optionally. */
function reasonErrors(type: string, reason: string | undefined): ErrorItem[] {
  if (type !== "CANCELLATION") return [];
  if (reason && reason.length >= CANCELLATION_REASON_LENGTH.min) return [];
  return [
    {
      code: "INVALID-FORM-FIELD",
      message: `reason is required for a CANCELLATION (${CANCELLATION_REASON_LENGTH.min} to ${CANCELLATION_REASON_LENGTH.max} characters).`,
      properties: ["reason"],
    },
  ];
}

/**
 * Previews an endorsement of one of the broker's Issued policies and stores it as a Draft (the
 * only write). Throws ApiError, writing nothing: POLICY-NOT-FOUND (unknown or another broker's),
 * POLICY-BLOCKED (its insured asked for the deletion of their data), POLICY-NOT-ACTIVE, and at once every ENDORSEMENT-DATE-INVALID / INVALID-FORM-FIELD.
 */
export async function previewEndorsement(
  db: Database,
  brokerId: string,
  input: EndorsementQuotationRequest,
  options: ServiceOptions = {},
): Promise<EndorsementPreviewWire> {
  const now = options.now ?? new Date();
  const { draft, policyAfter } = await db.transaction(async (tx) => {
    const policy = await findPolicyOrThrow(tx, brokerId, input.policyNumber);
    if (policy.status !== "Issued") throw new ApiError("POLICY-NOT-ACTIVE", { properties: ["policyNumber"] });
    const effectiveDay = effectiveDayOf(input.effectiveDate);
    const dateError = effectiveDayError(effectiveDay, effectiveDayBounds(policy, now));
    const errors: ErrorItem[] = [
      ...(dateError ? [dateError] : []),
      ...reasonErrors(input.type, input.reason),
    ];
    const answers = input.answers ?? [];
    if (input.type === "CANCELLATION" && answers.length) {
      errors.push({
        code: "INVALID-FORM-FIELD",
        message: "A CANCELLATION takes no answers.",
        properties: ["answers"],
      });
    }
    throwIfAny(errors);
    const reason = input.reason || null;
    const planInput = { policy, effectiveDay, answers, reason, now };
    let outcome: PlanOutcome;
    if (input.type === "REGISTRATION") outcome = await planRegistration(tx, planInput);
    else if (input.type === "COVERAGE") outcome = await planCoverage(tx, planInput);
    else if (input.type === "PAYMENT") outcome = await planPayment(tx, planInput);
    else
      outcome = {
        ok: true,
        values: await planCancellation(tx, policy, { effectiveDay, reason: reason!, now }),
      };
    if (!outcome.ok) throwIfAny(outcome.errors);
    const values = (outcome as Extract<PlanOutcome, { ok: true }>).values;
    const created = await createDraft(tx, policy, values, now);
    const details = await findPolicyDetails(tx, brokerId, policy.policyNumber);
    const sequence = await nextEndorsementSequence(tx, policy.id);
    return { draft: created, policyAfter: applyToDetails(details!, policy, created, sequence, now) };
  });
  return {
    ...endorsementFieldsToWire(draft),
    status: "Draft",
    createdAt: draft.createdAt.toISOString(),
    policyAfter: policyDetailsToWire(policyAfter, options.origin),
  };
}

/**
 * The policy lookup's data as it will be once the draft is issued: version raised, the insured's
 * name, the status, the installments and the endorsement list as the plan leaves them. Refunds
 * appear on the policy once issued (they get their identifiers then).
 */
function applyToDetails(
  details: PolicyDetails,
  policy: PolicyRow,
  draft: EndorsementRow,
  sequence: number,
  now: Date,
): PolicyDetails {
  const plan = draft.plan;
  const version = policyVersionAfter(sequence);
  const installments = details.installments.map((installment) => ({ ...installment }));
  for (const planned of plan.installments) {
    const amounts = {
      dueDate: new Date(planned.dueDate),
      tariffPremiumCents: planned.tariffPremiumCents,
      iofCents: planned.iofCents,
      premiumTotalCents: planned.premiumTotalCents,
    };
    const existing = installments.find((row) => row.installmentNumber === planned.installmentNumber);
    if (planned.action === "new") {
      installments.push({
        installmentNumber: planned.installmentNumber,
        ...amounts,
        extraCents: 0,
        interestCents: 0,
        status: "Pending",
        paidAt: null,
        pix: null,
        createdAt: now,
      });
    } else if (existing && planned.action === "changed") {
      Object.assign(existing, amounts);
    } else if (existing) {
      existing.status = "Canceled";
    }
  }
  return {
    ...details,
    policy: {
      ...details.policy,
      version,
      insuredName: plan.insured?.name ?? details.policy.insuredName,
      status: plan.cancellation ? "Canceled" : details.policy.status,
    },
    installments,
    history: {
      endorsements: [
        ...details.history.endorsements,
        {
          ...draft,
          status: "Issued",
          sequence,
          policyVersion: version,
          createdAt: draft.createdAt.toISOString(),
          issuedAt: now.toISOString(),
          expiresAt: draft.expiresAt.toISOString(),
          basePolicyUpdatedAt: policy.updatedAt.toISOString(),
          documentId: null,
        },
      ],
      refunds: details.history.refunds,
    },
  };
}

/**
 * Issues one of the broker's previews (docs/endorsements.md): one transaction, then the card refund
 * sent to the gateway. An endorsement issued already answers again as it is (nothing done twice).
 * Throws ApiError, writing nothing: ENDORSEMENT-NOT-FOUND (unknown or another broker's),
 * ENDORSEMENT-EXPIRED (validity ended, or the policy changed since the preview), POLICY-NOT-ACTIVE,
 * POLICY-BLOCKED (the insured asked for the deletion of their data, docs/privacy.md).
 * Recorded in the audit trail as `options.audit`'s actor (lib/endorsements/issue.ts).
 */
export async function issueEndorsement(
  db: Database,
  brokerId: string,
  input: { endorsementIdentifier: string },
  options: ServiceOptions = {},
): Promise<EndorsementWire> {
  const now = options.now ?? new Date();
  const notFound = () => new ApiError("ENDORSEMENT-NOT-FOUND", { properties: ["endorsementIdentifier"] });
  const id = input.endorsementIdentifier.toLowerCase();
  if (!isGuid(id)) throw notFound();
  const issued = await db.transaction(async (tx) => {
    if (!(await findEndorsementForBroker(tx, brokerId, id))) throw notFound();
    const draft = await lockEndorsement(tx, id);
    if (!draft) throw notFound();
    // A preview made before its insured's deletion request is not issued after it (docs/privacy.md).
    if (await isPolicyIdBlocked(tx, draft.policyId)) {
      throw new ApiError("POLICY-BLOCKED", { properties: ["endorsementIdentifier"] });
    }
    if (draft.status === "Issued") return undefined;
    return issueDraft(tx, draft, now, options.audit ?? PLATFORM_AUDIT);
  });
  if (issued) {
    await settleRefunds(db, issued.refundIds, { now });
    await syncPolicyPixCharges(db, issued.policy.id, issued.closedPixTxids, { now });
  }
  const row = await findEndorsementRead(db, id);
  return endorsementToWire(row!, now, options.origin);
}

/** One page of a policy's endorsements (drafts included), newest first. POLICY-NOT-FOUND and POLICY-BLOCKED as the lookup. */
export async function listEndorsements(
  db: Database,
  brokerId: string,
  policyNumber: string,
  query: EndorsementListQuery,
  options: ServiceOptions = {},
): Promise<EndorsementList> {
  const now = options.now ?? new Date();
  const policy = await findPolicyOrThrow(db, brokerId, policyNumber);
  const { rows, total } = await listEndorsementPage(db, policy.id, {
    limit: query.itemsPerPage,
    offset: (query.page - 1) * query.itemsPerPage,
  });
  return {
    totalItems: total,
    itemsPerPage: query.itemsPerPage,
    list: rows.map((row) => endorsementToWire(row, now, options.origin)),
  };
}
