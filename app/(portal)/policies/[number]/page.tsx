import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PolicyCanceledNotice, PolicyCancellation } from "@/components/policies/policy-cancellation";
import { PolicyClaims } from "@/components/policies/policy-claims";
import { PolicyCoverages } from "@/components/policies/policy-coverages";
import { PolicyShare } from "@/components/policies/policy-documents";
import { PolicyHeader } from "@/components/policies/policy-header";
import { PolicyInstallments } from "@/components/policies/policy-installments";
import { PolicySummary } from "@/components/policies/policy-summary";
import { loadPolicyPage } from "@/lib/policy-page/load-page";
import { cancelPolicyAction, noticeClaimAction, renewPolicyAction } from "./actions";

type Params = Promise<{ number: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: `Apólice ${(await params).number}` };
}

export default async function PolicyPage({ params }: { params: Params }) {
  const view = await loadPolicyPage((await params).number);
  if (!view) notFound();
  const policyNumber = view.header.policyNumber;
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
      <PolicyInstallments installments={view.installments} contact={view.contact} />
      <PolicyClaims claims={view.claims} noticeAction={noticeClaimAction.bind(null, policyNumber)} />
      <PolicyCancellation
        cancellation={view.cancellation}
        action={cancelPolicyAction.bind(null, policyNumber)}
      />
    </>
  );
}
