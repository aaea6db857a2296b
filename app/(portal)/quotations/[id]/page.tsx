import type { Metadata } from "next";
import { notFound } from "next/navigation";
import {
  QuotationPolicyNotice,
  QuotationProposal,
  QuotationShare,
} from "@/components/quotations/quotation-documents";
import { QuotationHeader } from "@/components/quotations/quotation-header";
import { QuotationOptions } from "@/components/quotations/quotation-options";
import { QuotationExpiredAlert, QuotationLaterStart } from "@/components/quotations/quotation-validity";
import { RenewalSummary } from "@/components/quotations/renewal-summary";
import { loadQuotationView } from "@/lib/quotation-page/load-page";
import { requoteQuotationAction } from "../actions";
import { blockedQuotationNotice } from "../blocked-notice";
import { requoteWithStartAction } from "./actions";

export const metadata: Metadata = { title: "Cotação" };

/** The quotation's price variants side by side, and the next step. */
export default async function QuotationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const blocked = await blockedQuotationNotice(id);
  if (blocked) return blocked;
  const view = await loadQuotationView(id);
  if (!view) notFound();
  return (
    <>
      <QuotationHeader
        id={view.id}
        header={view.header}
        validity={view.validity}
        requoteAction={requoteQuotationAction}
      />
      <QuotationExpiredAlert validity={view.validity} />
      <QuotationLaterStart
        validity={view.validity}
        renewal={Boolean(view.renewal)}
        action={requoteWithStartAction.bind(null, view.id)}
      />
      {view.renewal ? <RenewalSummary renewal={view.renewal} /> : null}
      <QuotationShare
        share={view.quotationShare}
        contact={view.contact}
        expiresAt={view.validity.expiresAt}
      />
      <QuotationProposal proposal={view.proposal} contact={view.contact} />
      <QuotationPolicyNotice policyNumber={view.policyNumber} />
      <QuotationOptions pricing={view.pricing} itemLabel={view.itemLabel} />
    </>
  );
}
