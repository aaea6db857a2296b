import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { EndorsementHistory } from "@/components/endorsements/endorsement-history";
import { InstallmentNotices } from "@/components/notices/installment-notices";
import { PolicyAlteration } from "@/components/policies/policy-alteration";
import { PolicyCanceledNotice, PolicyCancellation } from "@/components/policies/policy-cancellation";
import { PolicyClaims } from "@/components/policies/policy-claims";
import { PolicyCoverages } from "@/components/policies/policy-coverages";
import { PolicyShare } from "@/components/policies/policy-documents";
import { PolicyHeader } from "@/components/policies/policy-header";
import { PolicyInstallments } from "@/components/policies/policy-installments";
import { PolicySummary } from "@/components/policies/policy-summary";
import { PrivacyBlockedNotice } from "@/components/privacy/privacy-blocked-notice";
import { getDb } from "@/db/index";
import { requireUser } from "@/lib/auth/session";
import { businessDay } from "@/lib/dates";
import { loadPolicyPage } from "@/lib/policy-page/load-page";
import { isPolicyBlocked } from "@/lib/privacy/blocks";
import {
  issueCancellationAction,
  issueEndorsementAction,
  noticeClaimAction,
  previewCancellationAction,
  previewEndorsementAction,
  renewPolicyAction,
} from "./actions";
import { simulatePixPaymentAction } from "./pix-actions";
import { refundDestinationAction } from "./refund-actions";
import { secondCopyAction } from "./second-copy-actions";

type Params = Promise<{ number: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: `Apólice ${(await params).number}` };
}

export default async function PolicyPage({ params }: { params: Params }) {
  const { number } = await params;
  const user = await requireUser();
  // Blocked at the insured's request (docs/privacy.md): the notice, and nothing of the policy.
  if (await isPolicyBlocked(await getDb(), user.brokerId, number)) {
    return <PrivacyBlockedNotice title={`Apólice ${number}`} what="O registro desta apólice" />;
  }
  const view = await loadPolicyPage(number);
  if (!view) notFound();
  const policyNumber = view.header.policyNumber;
  // The installments' totals today, beside the new ones in a preview.
  const currentInstallments = Object.fromEntries(
    view.installments.map((installment) => [installment.installmentNumber, installment.premiumTotalValue]),
  );
  return (
    <>
      <PolicyHeader
        header={view.header}
        documents={view.documents}
        renewal={view.renewal}
        renewAction={renewPolicyAction.bind(null, policyNumber)}
      />
      <PolicyCanceledNotice cancellation={view.cancellation} />
      <PolicyShare share={view.share} contact={view.contact} />
      <PolicySummary summary={view.summary} />
      <PolicyCoverages coverages={view.coverages} />
      <PolicyInstallments
        installments={view.installments}
        policyNumber={policyNumber}
        contact={view.contact}
        today={businessDay(new Date())}
        secondCopyAction={secondCopyAction.bind(null, policyNumber)}
        simulatePixPaymentAction={simulatePixPaymentAction}
      />
      <InstallmentNotices notices={view.notices} />
      <EndorsementHistory
        history={view.history}
        refundDestinationAction={refundDestinationAction.bind(null, policyNumber)}
      />
      <PolicyClaims claims={view.claims} noticeAction={noticeClaimAction.bind(null, policyNumber)} />
      <PolicyAlteration
        alteration={view.alteration}
        currentInstallments={currentInstallments}
        previewAction={previewEndorsementAction.bind(null, policyNumber)}
        issueAction={issueEndorsementAction.bind(null, policyNumber)}
      />
      <PolicyCancellation
        cancellation={view.cancellation}
        currentInstallments={currentInstallments}
        previewAction={previewCancellationAction.bind(null, policyNumber)}
        issueAction={issueCancellationAction.bind(null, policyNumber)}
      />
    </>
  );
}
