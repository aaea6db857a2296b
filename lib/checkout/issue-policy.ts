import { isUniqueViolation } from "@/db/errors";
import type { Database, Executor } from "@/db/index";
import { insertBoletos } from "@/db/queries/boletos";
import { findQuotationBroker } from "@/db/queries/events";
import {
  beginIssuanceAttempt,
  completeIssuance,
  endCheckoutUnpaid,
  findIssuanceContext,
  findPolicyIdByQuotation,
  type IssuanceContext,
  insertPolicy,
  insertPolicyInstallments,
  nextPolicyNumberValue,
  reopenQuotation,
} from "@/db/queries/issuance";
import { insertPixCharges } from "@/db/queries/pix-charges";
import { rateOfQuotation } from "@/lib/commissions/core";
import { recordIssuanceCommission } from "@/lib/commissions/ledger";
import { startOfBusinessDay } from "@/lib/dates";
import { buildBoleto } from "@/lib/documents/boleto";
import { createPolicyDocuments } from "@/lib/documents/create-documents";
import { recordEvent } from "@/lib/events/record-event";
import { normalizeName } from "@/lib/identity";
import { log } from "@/lib/log";
import { getPaymentGateway, type PaymentGateway } from "@/lib/payments/gateway";
import { type PixChargeFields, registerPixCharge } from "@/lib/payments/pix/charges";
import { getPixProvider, type PixProvider } from "@/lib/payments/pix/provider";
import { formatLongPolicyNumber, formatPolicyNumber } from "@/lib/policies/numbers";
import { computeInstallments, type IssuedInstallment } from "./installments";

export type IssuanceOutcome =
  | { outcome: "issued"; policyId: string }
  | { outcome: "declined"; reason: string }
  /** Nothing to do: the checkout had already ended (a duplicate or late delivery of the job). */
  | { outcome: "skipped" };

const ENDED = new Set(["Issued", "Declined", "Failed"]);

/**
 * The issuance job: charges the card token or registers the Pix charges and boletos, then in one
 * transaction creates the policy, its installments and document rows, ends the checkout as Issued
 * and the quotation as Finished. Safe to run again at any point: the gateway calls are idempotent
 * by checkout id, the checkout row lock serialises attempts, and policies_quotation_key makes a
 * second policy impossible. A decline ends the checkout and reopens the quotation with the reason.
 * Temporary failures are thrown, for the queue to retry.
 */
export async function issuePolicy(
  db: Database,
  checkoutId: string,
  options: { gateway?: PaymentGateway; pixProvider?: PixProvider; now?: Date } = {},
): Promise<IssuanceOutcome> {
  const gateway = options.gateway ?? getPaymentGateway();
  const context = await findIssuanceContext(db, checkoutId);
  if (!context) {
    log.warn({ checkoutId }, "issuance job for an unknown checkout");
    return { outcome: "skipped" };
  }
  if (ENDED.has(context.checkout.status)) return { outcome: "skipped" };

  const { checkout, proposal, plan, quotation } = context;
  const ticket = checkout.paymentMethod === "TICKET";
  const card = checkout.paymentMethod === "CREDIT-CARD";
  const installments = computeInstallments(plan, {
    checkoutAt: checkout.createdAt,
    dueDay: card ? undefined : proposal.dueDay,
  });
  const attempt = await beginIssuanceAttempt(db, checkoutId, ticket ? installments.length : 0);
  if (!attempt) return { outcome: "skipped" };

  const charges: IssuanceCharges = { boletos: [], pix: [] };
  let paymentReference: string;
  if (card) {
    if (!checkout.cardToken) throw new Error(`checkout ${checkoutId} has no card token`);
    // The first installment only; the daily job charges the others on their due dates.
    const charge = await gateway.charge(checkout.cardToken, installments[0]!.premiumTotalCents, {
      idempotencyKey: checkoutId,
    });
    if (charge.status === "declined") {
      const ended = await db.transaction((tx) =>
        endCheckoutWithoutPolicy(tx, checkoutId, "Declined", charge.reason, options.now ?? new Date()),
      );
      if (ended) log.info({ checkoutId, quotationId: checkout.quotationId }, "card declined");
      return ended ? { outcome: "declined", reason: charge.reason } : { outcome: "skipped" };
    }
    paymentReference = charge.chargeId;
  } else {
    // Boleto and Pix: one Pix charge with a due date per installment (a boleto carries its QR
    // code too, the "boleto híbrido"), registered under txids derived from the checkout, so a
    // retried job registers the same charges.
    const pixProvider = options.pixProvider ?? getPixProvider();
    const payer = { name: quotation.insuredName, identity: quotation.insuredIdentity };
    for (const installment of installments) {
      charges.pix.push(
        await registerPixCharge(pixProvider, {
          seed: `${checkoutId}:${installment.installmentNumber}`,
          amountCents: installment.premiumTotalCents,
          dueDay: installment.dueDay,
          payer,
        }),
      );
    }
    paymentReference = `pix:${checkoutId}`;
  }
  if (ticket) {
    const ourNumbers = attempt.boletoOurNumbers ?? [];
    if (ourNumbers.length !== installments.length)
      throw new Error(`checkout ${checkoutId}: our numbers missing`);
    const registrations = installments.map((installment, i) => {
      const boleto = buildBoleto({
        ourNumber: ourNumbers[i]!,
        amountCents: installment.premiumTotalCents,
        dueDate: installment.dueDay,
      });
      return {
        ourNumber: boleto.ourNumber,
        amountCents: installment.premiumTotalCents,
        dueDate: installment.dueDay,
        typeableLine: boleto.typeableLine,
      };
    });
    const { registrationId } = await gateway.registerBoletos(registrations, { idempotencyKey: checkoutId });
    paymentReference = registrationId;
    charges.boletos = registrations;
  }

  const issue = () =>
    db.transaction(async (tx) => {
      // First, under the checkout's row lock: a concurrent or late attempt stops here.
      if (!(await completeIssuance(tx, checkoutId, paymentReference))) return undefined;
      return createPolicy(tx, context, installments, charges, options.now ?? new Date());
    });
  let policyId: string | undefined;
  try {
    policyId = await issue();
  } catch (error) {
    if (!isUniqueViolation(error, "policies_quotation_key")) throw error;
    // The quotation already has its policy (policies_quotation_key): just finish the checkout.
    policyId = await db.transaction(async (tx) =>
      (await completeIssuance(tx, checkoutId, paymentReference))
        ? findPolicyIdByQuotation(tx, checkout.quotationId)
        : undefined,
    );
  }
  if (!policyId) return { outcome: "skipped" };
  log.info({ checkoutId, quotationId: checkout.quotationId, policyId }, "policy issued");
  return { outcome: "issued", policyId };
}

/** What the payment providers registered for the installments, in installment order. */
type IssuanceCharges = {
  boletos: { ourNumber: string; typeableLine: string; amountCents: number; dueDate: string }[];
  pix: PixChargeFields[];
};

async function createPolicy(
  tx: Executor,
  context: IssuanceContext,
  installments: IssuedInstallment[],
  charges: IssuanceCharges,
  issuedAt: Date,
): Promise<string> {
  const { checkout, quotation, proposal, plan, variant, modality } = context;
  const card = checkout.paymentMethod === "CREDIT-CARD";
  const policyNumber = formatPolicyNumber(await nextPolicyNumberValue(tx));
  const number = formatLongPolicyNumber(modality.productCode, issuedAt, policyNumber);
  const { id: policyId } = await insertPolicy(tx, {
    brokerId: quotation.brokerId,
    quotationId: quotation.id,
    checkoutId: checkout.id,
    number,
    policyNumber,
    status: "Issued",
    personType: quotation.personType,
    insuredName: quotation.insuredName,
    insuredNameNormalized: normalizeName(quotation.insuredName),
    insuredIdentity: quotation.insuredIdentity,
    modalityCode: modality.code,
    modalityText: modality.text,
    productCode: modality.productCode,
    productText: modality.productText,
    vigencyStartedAt: quotation.vigencyStartedAt,
    vigencyExpiredAt: quotation.vigencyExpiredAt,
    policyLimitCents: variant.limitCents,
    netCents: plan.netCents,
    taxCents: plan.taxCents,
    interestCents: plan.interestCents,
    totalCents: plan.totalCents,
    commissionCents: plan.commissionCents,
    // Frozen here: every commission entry of the policy uses it (lib/commissions).
    commissionRate: rateOfQuotation(quotation.answers, quotation.commissionPercent),
    paymentMethod: proposal.paymentMethod,
    version: "01.00",
    totalClaims: 0,
    createdAt: issuedAt,
  });
  const rows = await insertPolicyInstallments(
    tx,
    installments.map((installment, i) => ({
      policyId,
      installmentNumber: installment.installmentNumber,
      dueDate: installment.dueDate,
      extraCents: 0,
      iofCents: installment.iofCents,
      tariffPremiumCents: installment.tariffPremiumCents,
      premiumTotalCents: installment.premiumTotalCents,
      interestCents: installment.interestCents,
      ...(card && i === 0
        ? { status: "Paid" as const, paidAt: issuedAt, paidCents: installment.premiumTotalCents }
        : { status: "Pending" as const }),
    })),
  );
  const byNumber = [...rows].sort((a, b) => a.installmentNumber - b.installmentNumber);
  await insertBoletos(
    tx,
    charges.boletos.map((boleto, i) => ({
      installmentId: byNumber[i]!.id,
      ourNumber: boleto.ourNumber,
      typeableLine: boleto.typeableLine,
      amountCents: boleto.amountCents,
      dueDate: startOfBusinessDay(boleto.dueDate),
    })),
    issuedAt,
  );
  await insertPixCharges(
    tx,
    charges.pix.map((charge, i) => ({ ...charge, installmentId: byNumber[i]!.id, createdAt: issuedAt })),
  );
  // One commission entry per installment: PENDING, or AVAILABLE for the card's first, paid now.
  await recordIssuanceCommission(tx, policyId, issuedAt);
  await createPolicyDocuments(tx, {
    brokerId: quotation.brokerId,
    policyId,
    paymentMethod: proposal.paymentMethod,
    installmentIds: byNumber.map((row) => row.id),
  });
  await recordEvent(tx, {
    type: "checkout.issued",
    brokerId: quotation.brokerId,
    quotationId: quotation.id,
    occurredAt: issuedAt,
    data: {
      registerNumber: context.registerNumber,
      quotationIdentifier: quotation.id,
      policyIdentifier: policyId,
      number,
      policyNumber,
      status: "Issued",
    },
  });
  if (card) {
    await recordEvent(tx, {
      type: "installment.paid",
      brokerId: quotation.brokerId,
      quotationId: quotation.id,
      occurredAt: issuedAt,
      data: {
        registerNumber: context.registerNumber,
        quotationIdentifier: quotation.id,
        policyIdentifier: policyId,
        number,
        policyNumber,
        installmentNumber: 1,
        status: "Paid",
      },
    });
  }
  return policyId;
}

/**
 * Ends a checkout that is still in flight as Declined or Failed and reopens its quotation with the
 * reason, with the `checkout.declined` / `checkout.failed` event, in the caller's
 * transaction. False when the checkout had already ended (nothing changes, no event).
 */
async function endCheckoutWithoutPolicy(
  tx: Executor,
  checkoutId: string,
  status: "Declined" | "Failed",
  reason: string,
  at: Date,
): Promise<boolean> {
  const quotationId = await endCheckoutUnpaid(tx, checkoutId, status, reason);
  if (!quotationId) return false;
  await reopenQuotation(tx, quotationId, reason);
  const broker = await findQuotationBroker(tx, quotationId);
  if (!broker) throw new Error(`quotation ${quotationId} has no broker`);
  await recordEvent(tx, {
    type: status === "Declined" ? "checkout.declined" : "checkout.failed",
    brokerId: broker.brokerId,
    quotationId,
    occurredAt: at,
    data: { registerNumber: broker.registerNumber, quotationIdentifier: quotationId, reason, status },
  });
  return true;
}

/**
 * The dead-letter end of a checkout whose job failed after every retry: Failed with the reason,
 * the quotation back to Draft so the broker can try again, and `checkout.failed`. No-op when it
 * had already ended.
 */
export async function failCheckout(
  db: Database,
  checkoutId: string,
  reason: string,
  now = new Date(),
): Promise<boolean> {
  const ended = await db.transaction((tx) => endCheckoutWithoutPolicy(tx, checkoutId, "Failed", reason, now));
  if (ended) log.warn({ checkoutId }, "checkout failed after retries");
  return ended;
}
