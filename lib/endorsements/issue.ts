import type { Executor } from "@/db/index";
import {
  changeBoletoDueDate,
  findActiveBoleto,
  writeOffActiveBoleto,
  writeOffPolicyBoletos,
} from "@/db/queries/boletos";
import {
  cancelUnpaidInstallments,
  type EndorsementRow,
  findQuotationOfPolicy,
  insertEndorsement,
  insertEndorsementInstallment,
  listPolicyInstallments,
  lockPolicy,
  markEndorsementIssued,
  type NewEndorsement,
  nextEndorsementSequence,
  type PolicyEndorsementUpdate,
  updateIssuedPolicy,
  updateQuotationInsured,
  updateUnpaidInstallment,
} from "@/db/queries/endorsements";
import { findQuotationBroker } from "@/db/queries/events";
import { cancelPolicyPixCharges, closeActivePixCharge } from "@/db/queries/pix-charges";
import type { PolicyRow } from "@/db/queries/policies";
import { type AuditContext, PLATFORM_AUDIT } from "@/lib/audit/context";
import { recordAudit } from "@/lib/audit/record";
import { recordRefundClawback, replanPendingCommission } from "@/lib/commissions/ledger";
import { businessDay, startOfBusinessDay } from "@/lib/dates";
import { buildBoleto } from "@/lib/documents/boleto";
import { createEndorsementDocument, createInstallmentSlipDocument } from "@/lib/documents/create-documents";
import { recordEvent } from "@/lib/events/record-event";
import { ApiError } from "@/lib/http/errors";
import { normalizeName } from "@/lib/identity";
import { enterNewBoleto } from "@/lib/payments/new-boleto";
import { recordRefund } from "@/lib/refunds/record";
import { policyVersionAfter, previewExpiresAt } from "./rules";

/** What a draft holds besides its policy and validity: the type, the plan and the money. */
export type DraftValues = Pick<
  NewEndorsement,
  | "type"
  | "effectiveDate"
  | "reason"
  | "answers"
  | "plan"
  | "premiumDifferenceCents"
  | "netDifferenceCents"
  | "taxDifferenceCents"
  | "refundCents"
  | "refundBasis"
  | "retainedPercent"
  | "commissionDifferenceCents"
>;

/**
 * Stores a preview as a Draft, with the policy's `version` and `updatedAt` as it saw them and its
 * validity (the earlier of 30 days and the end of the effective day, São Paulo).
 */
export async function createDraft(
  tx: Executor,
  policy: PolicyRow,
  values: DraftValues,
  now: Date,
  expiresAt: Date = previewExpiresAt(now, values.effectiveDate),
): Promise<EndorsementRow> {
  return insertEndorsement(tx, {
    ...values,
    brokerId: policy.brokerId,
    policyId: policy.id,
    status: "Draft",
    expiresAt,
    basePolicyVersion: policy.version,
    basePolicyUpdatedAt: policy.updatedAt,
    createdAt: now,
  });
}

export type IssuedEndorsement = {
  endorsement: EndorsementRow;
  refundIds: string[];
  policy: PolicyRow;
  /** Pix charges the endorsement closed: to cancel at the PSP after the commit (syncPolicyPixCharges). */
  closedPixTxids: string[];
};

/**
 * Issues a Draft in the caller's transaction: checks it is still valid for the policy as it is now,
 * raises the policy's version, applies the plan (policy and insured fields, installments re-planned
 * or canceled), records the refund and its commission clawback, the endorsement's PDF and the event.
 * Refunds are only recorded here (lib/refunds/record.ts); `settleRefunds` sends them after the
 * commit. Throws ApiError (and writes nothing, the caller's transaction rolling back): POLICY-NOT-ACTIVE,
 * ENDORSEMENT-EXPIRED. Recorded in the audit trail (`policy.endorsement-issued`, or `policy.canceled`)
 * as `audit`'s actor: the platform's when the caller names nobody.
 */
export async function issueDraft(
  tx: Executor,
  draft: EndorsementRow,
  now: Date,
  audit: AuditContext = PLATFORM_AUDIT,
): Promise<IssuedEndorsement> {
  const policy = await lockPolicy(tx, draft.policyId);
  if (!policy) throw new ApiError("ENDORSEMENT-NOT-FOUND", { properties: ["endorsementIdentifier"] });
  if (draft.expiresAt < now) {
    throw new ApiError("ENDORSEMENT-EXPIRED", {
      message: `The preview was valid until ${draft.expiresAt.toISOString()}. Preview it again.`,
      properties: ["endorsementIdentifier"],
    });
  }
  if (policy.status !== "Issued") throw new ApiError("POLICY-NOT-ACTIVE", { properties: ["policyNumber"] });
  if (
    policy.version !== draft.basePolicyVersion ||
    policy.updatedAt.getTime() !== draft.basePolicyUpdatedAt.getTime()
  ) {
    throw new ApiError("ENDORSEMENT-EXPIRED", {
      message:
        "The policy changed since the preview (another endorsement, a payment or a claim). Preview it again.",
      properties: ["endorsementIdentifier"],
    });
  }

  const plan = draft.plan;
  const sequence = await nextEndorsementSequence(tx, policy.id);
  const version = policyVersionAfter(sequence);
  const update: PolicyEndorsementUpdate = { version };
  if (plan.insured?.name) {
    update.insuredName = plan.insured.name;
    update.insuredNameNormalized = normalizeName(plan.insured.name);
  }
  if (plan.coverage) update.policyLimitCents = plan.coverage.limitCents;
  if (plan.totals) Object.assign(update, plan.totals);
  if (plan.cancellation) {
    update.status = "Canceled";
    update.canceledAt = now;
    update.cancelReason = plan.cancellation.reason;
  }
  const updated = await updateIssuedPolicy(tx, policy.id, update);
  if (!updated) throw new ApiError("POLICY-NOT-ACTIVE", { properties: ["policyNumber"] });

  if (plan.insured) await applyInsuredChange(tx, policy.quotationId, plan.insured);

  const closedPixTxids: string[] = [];
  const installmentsMoved = await applyInstallments(tx, policy, draft, now, closedPixTxids);
  if (plan.cancellation) {
    await cancelUnpaidInstallments(tx, policy.id);
    // Nothing is left to collect: the bank writes the boletos off and the PSP drops the charges.
    await writeOffPolicyBoletos(tx, policy.id, now);
    closedPixTxids.push(...(await cancelPolicyPixCharges(tx, policy.id, now)));
  }
  if (installmentsMoved || plan.cancellation) await replanPendingCommission(tx, policy.id, now);

  const refundIds: string[] = [];
  if (draft.refundCents > 0) {
    // The way the money came (lib/refunds/record.ts): sent after the commit, or awaiting a destination.
    const id = await recordRefund(
      tx,
      {
        brokerId: policy.brokerId,
        policyId: policy.id,
        endorsementId: draft.id,
        reason: "CANCELLATION",
        paymentMethod: policy.paymentMethod,
        amountCents: draft.refundCents,
      },
      now,
    );
    await recordRefundClawback(tx, {
      policyId: policy.id,
      refundId: id,
      // A withdrawal gives the IOF back too, which carried no commission.
      refundedNetCents: plan.cancellation?.refundNetCents ?? draft.refundCents,
      at: now,
    });
    refundIds.push(id);
  }

  const issued = await markEndorsementIssued(tx, draft.id, {
    sequence,
    policyVersion: version,
    issuedAt: now,
  });
  if (!issued) throw new ApiError("ENDORSEMENT-NOT-FOUND", { properties: ["endorsementIdentifier"] });
  await createEndorsementDocument(tx, {
    brokerId: policy.brokerId,
    policyId: policy.id,
    endorsementId: draft.id,
    policyNumber: policy.policyNumber,
    policyVersion: version,
  });

  const broker = await findQuotationBroker(tx, policy.quotationId);
  const ids = {
    registerNumber: broker!.registerNumber,
    quotationIdentifier: policy.quotationId,
    policyIdentifier: policy.id,
    number: policy.number,
    policyNumber: policy.policyNumber,
  };
  await recordEvent(tx, {
    type: plan.cancellation ? "policy.canceled" : "policy.endorsed",
    brokerId: policy.brokerId,
    quotationId: policy.quotationId,
    occurredAt: now,
    // policy.canceled keeps the data it always had (a partner's handler may be strict).
    data: plan.cancellation
      ? { ...ids, status: "Canceled" }
      : {
          ...ids,
          endorsementIdentifier: draft.id,
          endorsementType: draft.type,
          version,
          status: "Issued",
        },
  });
  await recordAudit(tx, {
    brokerId: policy.brokerId,
    ...audit,
    action: plan.cancellation ? "policy.canceled" : "policy.endorsement-issued",
    object: { type: "policy", id: policy.policyNumber },
    details: {
      endorsementId: draft.id,
      endorsementType: draft.type,
      version,
      refundCents: draft.refundCents,
      ...(plan.cancellation ? { cancelReason: plan.cancellation.reason } : {}),
    },
    occurredAt: now,
  });
  return { endorsement: issued, refundIds, policy: updated, closedPixTxids };
}

/** REGISTRATION: the new insured data on the quotation (documents, renewals and the insured view read it). */
async function applyInsuredChange(
  tx: Executor,
  quotationId: string,
  insured: NonNullable<EndorsementRow["plan"]["insured"]>,
): Promise<void> {
  const quotation = await findQuotationOfPolicy(tx, quotationId);
  if (!quotation) return;
  const address = insured.address ?? quotation.insuredAddress;
  const answers: Record<string, unknown> = { ...quotation.answers };
  const set = (code: string, value: string | undefined) => {
    if (value !== undefined && code in answers) answers[code] = value;
  };
  set("INSURED-NAME", insured.name);
  set("INSURED-EMAIL", insured.email);
  set("INSURED-CELLPHONE", insured.phone);
  if (insured.address) {
    set("INSURED-ADDRESS-ZIPCODE", address.zipCode);
    set("INSURED-ADDRESS-STREET", address.street);
    set("INSURED-ADDRESS-NUMBER", address.number);
    set("INSURED-ADDRESS-COMPLEMENT", address.complement);
    set("INSURED-ADDRESS-NEIGHBORHOOD", address.neighborhood);
    set("INSURED-ADDRESS-CITY", address.city);
    set("INSURED-ADDRESS-STATE", address.state);
  }
  await updateQuotationInsured(tx, quotationId, {
    insuredName: insured.name ?? quotation.insuredName,
    insuredEmail: insured.email ?? quotation.insuredEmail,
    insuredPhone: insured.phone ?? quotation.insuredPhone,
    insuredAddress: address,
    answers,
  });
}

/**
 * The plan's changed and new installments (a cancellation's are canceled by the caller). A changed
 * boleto whose amount stays (a due-day change) keeps its "nosso número" and moves to the new date
 * (instruction `06`); one whose amount changes is written off and replaced by a new one (new
 * "nosso número"), the bank told by the remessa; an added boleto installment gets its own boleto
 * and document. A changed installment's
 * Pix charge is closed (its txid added to `closedPixTxids`); the new charges are registered after the
 * commit. True when any installment changed.
 */
async function applyInstallments(
  tx: Executor,
  policy: PolicyRow,
  draft: EndorsementRow,
  now: Date,
  closedPixTxids: string[],
): Promise<boolean> {
  const planned = draft.plan.installments.filter((installment) => installment.action !== "canceled");
  if (!planned.length) return false;
  const ticket = policy.paymentMethod === "TICKET";
  const current = new Map(
    (await listPolicyInstallments(tx, policy.id)).map((row) => [row.installmentNumber, row]),
  );
  for (const installment of planned) {
    const dueDate = new Date(installment.dueDate);
    const amounts = {
      installmentNumber: installment.installmentNumber,
      dueDate,
      tariffPremiumCents: installment.tariffPremiumCents,
      iofCents: installment.iofCents,
      premiumTotalCents: installment.premiumTotalCents,
    };
    let installmentId: string;
    let needsBoleto = ticket;
    if (installment.action === "changed") {
      const row = current.get(installment.installmentNumber);
      const active = ticket && row?.boletoOurNumber ? await findActiveBoleto(tx, row.id) : undefined;
      // Only the due date moves (a due-day change): the bank moves the same boleto (`06`), same our
      // number and amount, with the barcode of the new date; else it is replaced (`02` + `01`).
      const moved =
        active && active.registration !== "Rejected" && active.amountCents === installment.premiumTotalCents
          ? buildBoleto({ ourNumber: active.ourNumber, amountCents: active.amountCents, dueDate })
          : undefined;
      const changed = await updateUnpaidInstallment(tx, policy.id, {
        ...amounts,
        typeableLine: moved?.typeableLine ?? row?.typeableLine ?? null,
      });
      // The preview saw it unpaid and the policy has not changed since (checked by the caller).
      if (!changed || !row)
        throw new Error(`installment ${installment.installmentNumber} of ${policy.id} is no longer unpaid`);
      installmentId = row.id;
      const closed = await closeActivePixCharge(tx, row.id, "Replaced", now);
      if (closed) closedPixTxids.push(closed.txid);
      if (moved && active) {
        await changeBoletoDueDate(tx, active.id, startOfBusinessDay(businessDay(dueDate)), now);
        needsBoleto = false;
      } else {
        // A boleto installment issued before boletos were recorded one by one has none to replace.
        needsBoleto = ticket && Boolean(row.boletoOurNumber);
        if (needsBoleto) await writeOffActiveBoleto(tx, row.id, now);
      }
    } else {
      const row = await insertEndorsementInstallment(tx, policy.id, {
        ...amounts,
        typeableLine: null,
        boletoOurNumber: null,
      });
      installmentId = row.id;
      await createInstallmentSlipDocument(tx, {
        brokerId: policy.brokerId,
        policyId: policy.id,
        installmentId: row.id,
        policyNumber: policy.policyNumber,
        installmentNumber: installment.installmentNumber,
        paymentMethod: policy.paymentMethod,
      });
    }
    if (needsBoleto)
      await enterNewBoleto(tx, { installmentId, amountCents: installment.premiumTotalCents, dueDate }, now);
  }
  return true;
}
