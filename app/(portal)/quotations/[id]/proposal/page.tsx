import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { ProposalForm } from "@/components/quotations/proposal-form";
import { loadQuotationPage } from "@/lib/quotations/load-page";
import { createProposalAction } from "../../actions";
import { blockedQuotationNotice } from "../../blocked-notice";

export const metadata: Metadata = { title: "Proposta" };

export default async function ProposalPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const blocked = await blockedQuotationNotice(id);
  if (blocked) return blocked;
  const { item, details, validity } = await loadQuotationPage(id);
  if (validity.expired) redirect(`/quotations/${id}`);
  if (item.status !== "Draft") redirect(`/quotations/${id}/checkout`);
  return (
    <>
      <nav aria-label="Trilha" className="muted" style={{ marginBottom: "0.5rem" }}>
        <Link href="/quotations">Cotações</Link> /{" "}
        <Link href={`/quotations/${id}`}>{details.insuredName}</Link> / Proposta
      </nav>
      <div className="page-header">
        <div>
          <h1>Proposta: {details.modalityText}</h1>
          <p>{details.insuredName}</p>
        </div>
      </div>
      {details.declineReason ? (
        <p className="alert alert-warning">Último pagamento recusado: {details.declineReason}</p>
      ) : null}
      <div className="card">
        <ProposalForm
          quotationId={id}
          // Only variants with plans are proposed: an item-based quotation's aggregate, not its items.
          pricing={item.pricing.filter((variant) => variant.payment.paymentOptions.length)}
          initial={
            details.proposalVariantId
              ? {
                  variantId: details.proposalVariantId,
                  paymentMethod: details.proposalPaymentMethod ?? undefined,
                  planId: details.proposalPlanId ?? undefined,
                  dueDay: details.proposalDueDay ? String(details.proposalDueDay) : undefined,
                }
              : undefined
          }
          proposalDate={new Date().toISOString()}
          action={createProposalAction}
        />
      </div>
    </>
  );
}
