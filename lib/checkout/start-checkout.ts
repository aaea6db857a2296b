import { randomUUID } from "node:crypto";
import { isUniqueViolation } from "@/db/errors";
import type { Database, Executor } from "@/db/index";
import {
  type CheckoutTarget,
  confirmQuotationWithCheckout,
  findCheckoutStatus,
  findCheckoutTarget,
} from "@/db/queries/checkouts";
import { isQuotationIdBlocked } from "@/db/queries/privacy";
import { ApiError } from "@/lib/http/errors";
import { issuePaths } from "@/lib/http/request";
import { getIssuanceQueue } from "@/lib/jobs/boss";
import { log } from "@/lib/log";
import { type CardToken, getPaymentGateway, PaymentGatewayUnavailableError } from "@/lib/payments/gateway";
import { isQuotationExpired } from "@/lib/quotation-validity/validity";
import { isFailedCheckout } from "@/lib/quotations/checkout-outcome";
import {
  type CheckoutRequest,
  type CheckoutRequestInput,
  type CheckoutStatusView,
  type CreditCard,
  checkoutRequestSchema,
} from "@/lib/schemas/checkout";

export type StartCheckoutResult =
  | { outcome: "queued"; checkoutId: string }
  /** The quotation was already Confirmed or Finished: nothing changed. */
  | { outcome: "already-checked-out" };

/** creditCard is required for a CREDIT-CARD proposal and refused for a TICKET or PIX one. */
function assertCardMatchesProposal(target: CheckoutTarget, card: CreditCard | undefined): void {
  const method = target.proposal?.paymentMethod;
  if (method === "CREDIT-CARD" && !card) {
    throw new ApiError("INVALID-FORM-FIELD", {
      message: "creditCard is required: the proposal's payment method is CREDIT-CARD.",
      properties: ["creditCard"],
    });
  }
  if ((method === "TICKET" || method === "PIX") && card) {
    throw new ApiError("INVALID-FORM-FIELD", {
      message: `creditCard must be omitted: the proposal's payment method is ${method === "PIX" ? "PIX" : "TICKET (boleto)"}.`,
      properties: ["creditCard"],
    });
  }
}

async function tokenize(card: CreditCard): Promise<CardToken> {
  try {
    return await getPaymentGateway().tokenize({
      number: card.number,
      holderName: card.name,
      cvv: card.cvv,
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear,
    });
  } catch (error) {
    if (error instanceof PaymentGatewayUnavailableError) throw new ApiError("PAYMENT-GATEWAY-UNAVAILABLE");
    throw error;
  }
}

/** POLICY-BLOCKED for a quotation of a person blocked at their request (docs/privacy.md). */
async function refuseBlocked(db: Executor, brokerId: string, quotationId: string): Promise<void> {
  if (await isQuotationIdBlocked(db, brokerId, quotationId)) {
    throw new ApiError("POLICY-BLOCKED", { properties: ["quotationIdentifier"] });
  }
}

/**
 * Sends a quotation to checkout, for the API and the portal alike. The card is
 * exchanged for a token before anything is written; then, in one transaction, the quotation becomes
 * Confirmed (taking its row lock), the checkout row (Queued) is written and the issuance job is
 * enqueued. A quotation already Confirmed or Finished is left as it is, and concurrent duplicates
 * end on the row lock or on checkouts_live_quotation_key: one checkout, one job, one policy.
 */
export async function startCheckout(
  db: Database,
  brokerId: string,
  input: CheckoutRequestInput | CheckoutRequest,
  now: Date = new Date(),
): Promise<StartCheckoutResult> {
  const parsed = checkoutRequestSchema.safeParse(input);
  if (!parsed.success) {
    throw new ApiError("INVALID-FORM-FIELD", { properties: issuePaths(parsed.error, "body") });
  }
  const { quotationIdentifier: quotationId, creditCard: card } = parsed.data;

  const target = await findCheckoutTarget(db, brokerId, quotationId);
  if (!target) throw new ApiError("QUOTATION-NOT-FOUND");
  await refuseBlocked(db, brokerId, quotationId);
  if (isQuotationExpired(target, now)) throw new ApiError("QUOTATION-EXPIRED");
  if (target.status !== "Draft") return { outcome: "already-checked-out" };
  if (!target.proposal) throw new ApiError("PROPOSAL-NOT-FOUND");
  assertCardMatchesProposal(target, card);

  const token = card ? await tokenize(card) : undefined;
  const queue = await getIssuanceQueue();
  const checkoutId = randomUUID();
  let expected = target;
  try {
    const result = await db.transaction(async (tx): Promise<StartCheckoutResult> => {
      for (;;) {
        const proposal = expected.proposal!;
        const written = await confirmQuotationWithCheckout(tx, {
          id: checkoutId,
          brokerId,
          quotationId,
          proposalId: proposal.id,
          paymentMethod: proposal.paymentMethod,
          at: now,
          card:
            card && token
              ? {
                  token: token.token,
                  brand: token.brand,
                  last4: token.last4,
                  expiryMonth: token.expiryMonth,
                  expiryYear: token.expiryYear,
                  holderName: card.name,
                  billingAddress: card.billingAddress ?? expected.insuredAddress,
                }
              : null,
        });
        if (written) break;
        // Nothing written: tell why under the row lock (a duplicate won, or the proposal changed).
        const locked = await findCheckoutTarget(tx, brokerId, quotationId, { lock: true });
        if (!locked) throw new ApiError("QUOTATION-NOT-FOUND");
        if (isQuotationExpired(locked, now)) throw new ApiError("QUOTATION-EXPIRED");
        if (locked.status !== "Draft") return { outcome: "already-checked-out" };
        if (!locked.proposal) throw new ApiError("PROPOSAL-NOT-FOUND");
        assertCardMatchesProposal(locked, card);
        expected = locked;
      }
      await queue.enqueue(tx, checkoutId);
      return { outcome: "queued", checkoutId };
    });
    if (result.outcome === "queued") {
      queue.wake();
      log.info(
        { checkoutId, quotationId, paymentMethod: expected.proposal?.paymentMethod, cardBrand: token?.brand },
        "checkout queued",
      );
    }
    return result;
  } catch (error) {
    // A concurrent identical checkout won the race: the same answer as for a Confirmed quotation.
    if (isUniqueViolation(error, "checkouts_live_quotation_key")) return { outcome: "already-checked-out" };
    throw error;
  }
}

/** The latest checkout of a quotation, for the portal's live status view. */
export async function getCheckoutStatus(
  db: Database,
  brokerId: string,
  quotationId: string,
): Promise<CheckoutStatusView> {
  const row = await findCheckoutStatus(db, brokerId, quotationId);
  if (!row) throw new ApiError("QUOTATION-NOT-FOUND");
  await refuseBlocked(db, brokerId, quotationId);
  const ended = isFailedCheckout(row.checkoutStatus);
  return {
    quotationStatus: row.quotationStatus,
    status: row.checkoutStatus,
    reason: ended ? (row.failureReason ?? row.declineReason) : null,
    policyNumber: row.policyNumber,
    updatedAt: row.updatedAt,
  };
}
