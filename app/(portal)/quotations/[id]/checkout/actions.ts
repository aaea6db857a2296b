"use server";

import { getDb } from "@/db/index";
import { findModalityDetails } from "@/db/queries/quotations/details";
import { requireUser } from "@/lib/auth/session";
import { boletoProposalFor } from "@/lib/checkout/boleto-fallback";
import { type ActionResult, actionFailure, actionSuccess } from "@/lib/forms/action-result";
import { apiErrorMessage, describeApiError } from "@/lib/http/api-error-messages";
import { getQuotationForBroker, proposalVariantIdentifier } from "@/lib/quotations/item";
import { isGuid } from "@/lib/schemas/identifiers";
import { createProposalAction } from "../../actions";

/**
 * "Pagar com boleto" after a declined card: the proposal made again with boleto (same variant,
 * same number of installments when boleto offers it), through the proposal form's own action.
 */
export async function payWithBoletoAction(quotationId: string): Promise<ActionResult> {
  const user = await requireUser();
  if (!isGuid(quotationId)) return actionFailure(apiErrorMessage("QUOTATION-NOT-FOUND"));
  const db = await getDb();
  let found: [
    Awaited<ReturnType<typeof getQuotationForBroker>>,
    Awaited<ReturnType<typeof findModalityDetails>>,
  ];
  try {
    found = await Promise.all([
      getQuotationForBroker(db, user.brokerId, quotationId),
      findModalityDetails(db, user.brokerId, quotationId),
    ]);
  } catch (error) {
    // A quotation blocked at its insured's request (docs/privacy.md) answers its message.
    const described = describeApiError(error);
    if (!described) throw error;
    return actionFailure(described.message);
  }
  const [item, details] = found;
  if (!item || !details) return actionFailure(apiErrorMessage("QUOTATION-NOT-FOUND"));
  const proposal = boletoProposalFor(item.pricing, {
    variantId: proposalVariantIdentifier(details),
    planId: details.proposalPlanId,
    dueDay: details.proposalDueDay,
  });
  if (!proposal) return actionFailure("Esta opção de preço não aceita boleto. Altere a proposta.");
  const answer = await createProposalAction(quotationId, proposal);
  return answer.ok ? actionSuccess() : actionFailure(answer.error);
}
