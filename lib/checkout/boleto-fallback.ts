import { PROPOSAL_METHODS, type ProposalFormInput } from "@/lib/proposals/proposal-form";
import type { Pricing } from "@/lib/schemas/quotation";

/** The boleto's due day when the proposal had none (a card proposal): the proposal form's default. */
const DEFAULT_DUE_DAY = "10";

/**
 * The proposal to make when a declined card gives way to boleto: the same price variant, the
 * boleto plan with the card plan's number of installments (else the first boleto plan), the
 * proposal's due day or the form's default. Undefined when the variant offers no boleto.
 */
export function boletoProposalFor(
  pricing: Pricing[],
  current: { variantId: string | null; planId: string | null; dueDay: number | null },
): ProposalFormInput | undefined {
  const variant = pricing.find((p) => p.variantIdentifier === current.variantId);
  const ticket = variant?.payment.paymentOptions.find((o) => o.paymentType === PROPOSAL_METHODS.TICKET);
  if (!variant || !ticket?.installments.length) return undefined;
  const cardPlan = variant.payment.paymentOptions
    .flatMap((o) => o.installments)
    .find((plan) => plan.identifier === current.planId);
  const plan = ticket.installments.find((p) => p.number === cardPlan?.number) ?? ticket.installments[0]!;
  return {
    variantId: variant.variantIdentifier,
    paymentMethod: "TICKET",
    planId: plan.identifier,
    dueDay: current.dueDay ? String(current.dueDay) : DEFAULT_DUE_DAY,
  };
}
