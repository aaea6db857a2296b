import Link from "next/link";
import type { PolicyPageView } from "@/lib/policy-page/page-view";
import { PolicyDocumentLinks } from "./policy-documents";
import { PolicyRenewalAction, PolicyRenewalLineage, type RenewAction } from "./policy-renewal";
import { PolicyStatusBadge } from "./policy-status-badge";

/** The trail, title, status, document downloads and renewal of the policy page. */
export function PolicyHeader({
  header,
  documents,
  renewal,
  renewAction,
}: Pick<PolicyPageView, "header" | "documents" | "renewal"> & {
  renewAction: RenewAction;
}) {
  return (
    <>
      <nav aria-label="Trilha" className="muted" style={{ marginBottom: "0.5rem" }}>
        <Link href="/policies">Apólices</Link> / {header.policyNumber}
      </nav>
      <div className="page-header">
        <div>
          <h1>Apólice {header.policyNumber}</h1>
          <p>
            Número completo {header.number} · versão {header.version}
          </p>
          <PolicyRenewalLineage renewal={renewal} />
        </div>
        <div className="row">
          <PolicyStatusBadge status={header.status} text={header.statusText} />
          <PolicyDocumentLinks documents={documents} />
          <PolicyRenewalAction renewal={renewal} action={renewAction} />
        </div>
      </div>
    </>
  );
}
