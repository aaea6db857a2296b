import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { PixCode } from "@/components/payments/pix-code";
import { CheckoutPanel } from "@/components/quotations/checkout-panel";
import { findFirstPayablePix } from "@/db/queries/pix-charges";
import { boletoProposalFor } from "@/lib/checkout/boleto-fallback";
import { getCheckoutStatus } from "@/lib/checkout/start-checkout";
import { PAYMENT_METHOD_TEXT } from "@/lib/format/labels";
import { formatDate, formatReais } from "@/lib/format/pt-br";
import { qrCodeDataUrl } from "@/lib/format/qr-code";
import { centsToReais } from "@/lib/money";
import { loadQuotationPage } from "@/lib/quotations/load-page";
import { startCheckoutAction } from "../../actions";
import { blockedQuotationNotice } from "../../blocked-notice";
import { payWithBoletoAction } from "./actions";

export const metadata: Metadata = { title: "Pagamento" };

export default async function CheckoutPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const blocked = await blockedQuotationNotice(id);
  if (blocked) return blocked;
  const { user, db, item, details, validity } = await loadQuotationPage(id);
  if (validity.expired) redirect(`/quotations/${id}`);
  const breadcrumb = (
    <nav aria-label="Trilha" className="muted" style={{ marginBottom: "0.5rem" }}>
      <Link href="/quotations">Cotações</Link> / <Link href={`/quotations/${id}`}>{details.insuredName}</Link>{" "}
      / Pagamento
    </nav>
  );
  if (!item.proposal || !details.proposalPaymentMethod) {
    return (
      <>
        {breadcrumb}
        <h1>Pagamento</h1>
        <p className="alert alert-info">Gere a proposta antes de seguir para o pagamento.</p>
        <Link className="btn btn-primary" href={`/quotations/${id}/proposal`}>
          Gerar proposta
        </Link>
      </>
    );
  }
  const variant = item.pricing.find((p) => p.variantIdentifier === details.proposalVariantId);
  const plan = variant?.payment.paymentOptions
    .flatMap((o) => o.installments)
    .find((p) => p.identifier === details.proposalPlanId);
  const method = details.proposalPaymentMethod;
  const summary = plan
    ? `${method ? PAYMENT_METHOD_TEXT[method] : ""}: ${plan.number === 1 ? "à vista" : `${plan.number}x`} de ${formatReais(plan.installmentValue)} (total ${formatReais(plan.totalValue)}). Proposta nº ${item.proposal.number}.`
    : `Proposta nº ${item.proposal.number}.`;
  const status = await getCheckoutStatus(db, user.brokerId, id);
  const boletoAccepted =
    method === "CREDIT-CARD" &&
    boletoProposalFor(item.pricing, {
      variantId: details.proposalVariantId,
      planId: details.proposalPlanId,
      dueDay: details.proposalDueDay,
    }) !== undefined;
  // Once issued, a Pix policy's first charge right here: the broker can pass it on at once.
  const firstPix =
    method === "PIX" && status.policyNumber
      ? await findFirstPayablePix(db, user.brokerId, status.policyNumber)
      : undefined;
  const tracking =
    status.quotationStatus !== "Draft"
      ? {
          quotationStatus: status.quotationStatus,
          status: status.status,
          reason: status.reason,
          policyNumber: status.policyNumber,
        }
      : undefined;

  return (
    <>
      {breadcrumb}
      <div className="page-header">
        <div>
          <h1>Pagamento: {details.modalityText}</h1>
          <p>{details.insuredName}</p>
        </div>
        {item.proposal.documentUrl ? (
          <a className="btn btn-secondary" href={item.proposal.documentUrl}>
            Baixar proposta (PDF)
          </a>
        ) : null}
      </div>
      {firstPix ? (
        <section className="card" aria-labelledby="pix-title" style={{ marginBottom: "1rem" }}>
          <h2 id="pix-title">Pague a parcela {firstPix.installmentNumber} com Pix</h2>
          <p>
            {formatReais(centsToReais(firstPix.amountCents))}, vencimento em{" "}
            {formatDate(firstPix.dueDate.toISOString())}. As demais parcelas estão na página da apólice.
          </p>
          <PixCode
            copyPaste={firstPix.copyPaste}
            qrCode={await qrCodeDataUrl(firstPix.copyPaste)}
            expiresAt={firstPix.expiresAt.toISOString()}
            label={`parcela ${firstPix.installmentNumber}`}
          />
        </section>
      ) : null}
      <div className="card">
        <CheckoutPanel
          quotationId={id}
          method={method}
          summary={summary}
          declineReason={status.quotationStatus === "Draft" ? details.declineReason : null}
          initialStatus={tracking}
          action={startCheckoutAction}
          payWithBoleto={boletoAccepted ? payWithBoletoAction : undefined}
        />
      </div>
    </>
  );
}
