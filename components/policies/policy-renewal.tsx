import Link from "next/link";
import type { ComponentProps } from "react";
import { RenewPolicyButton } from "@/components/renewals/renew-policy-button";
import type { PolicyPageView } from "@/lib/policy-page/page-view";

type Renewal = PolicyPageView["renewal"];
export type RenewAction = ComponentProps<typeof RenewPolicyButton>["action"];

/** The policy this one renewed and the one that renewed it, under the page title. */
export function PolicyRenewalLineage({ renewal }: { renewal: Renewal }) {
  return (
    <>
      {renewal.renewedFromNumber ? (
        <p>
          Renovação da apólice{" "}
          <Link href={`/policies/${renewal.renewedFromNumber}`}>{renewal.renewedFromNumber}</Link>
        </p>
      ) : null}
      {renewal.renewedByNumber ? (
        <p>
          Renovada pela apólice{" "}
          <Link href={`/policies/${renewal.renewedByNumber}`}>{renewal.renewedByNumber}</Link>
        </p>
      ) : null}
    </>
  );
}

/** The renewal quotation under way, or "Renovar" while the policy is in its renewal window. */
export function PolicyRenewalAction({ renewal, action }: { renewal: Renewal; action: RenewAction }) {
  if (renewal.liveQuotationId) {
    return (
      <Link className="btn btn-secondary" href={`/quotations/${renewal.liveQuotationId}`}>
        Ver cotação de renovação
      </Link>
    );
  }
  return renewal.renewable ? <RenewPolicyButton action={action} /> : null;
}
