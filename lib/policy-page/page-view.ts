import type { Address, PaymentMethod } from "@/db/schema";
import type { ShareDocument } from "@/lib/documents/share-message";
import type { CoverageData } from "@/lib/documents/types";
import type { ClaimWire } from "@/lib/schemas/claim";
import type { PolicyWire } from "@/lib/schemas/policy";

/** What the policy page shows, one slice per section (components/policies/policy-*.tsx). */
export type PolicyPageView = {
  header: Pick<PolicyWire, "policyNumber" | "number" | "version" | "status" | "statusText">;
  documents: { policyPdfUrl?: string; ticketUrl?: string };
  renewal: {
    /** The policy this one renewed. */
    renewedFromNumber?: string;
    /** The policy issued by this one's renewal. */
    renewedByNumber?: string;
    /** The renewal quotation in progress or done (Draft, Confirmed or Finished). */
    liveQuotationId?: string;
    renewable: boolean;
  };
  /** Where the documents are sent: the insured's e-mail and mobile when known. */
  contact: { email?: string; phone?: string };
  /** "Enviar ao cliente"; undefined when the policy has no document link yet. */
  share?: { policyNumber: string; document: ShareDocument };
  summary: {
    insured: { name: string; identity: string; email?: string; address?: Address };
    product: Pick<
      PolicyWire,
      "productText" | "modalityText" | "vigencyStartedAt" | "vigencyExpiredAt" | "createdAt" | "totalClaims"
    > & {
      /** From the policy document (absent when it could not be read). */
      terms?: { policyLimitCents: number; paymentMethod: PaymentMethod };
    };
    premium?: { netCents: number; taxCents: number; interestCents: number; totalCents: number };
  };
  coverages: CoverageData[];
  installments: PolicyInstallmentRow[];
  claims: {
    list: ClaimWire[];
    totalItems: number;
    /** Only an Issued policy takes a claim notice. */
    noticeOpen: boolean;
  };
  cancellation: {
    /** A canceled policy's date and reason. */
    notice?: { canceledAt: Date; reason: string };
    /** The admin's form, for an Issued policy. */
    cancelable: boolean;
  };
};

export type PolicyInstallmentRow = PolicyWire["installments"][number] & {
  /** "2/4". */
  position: string;
  boletoUrl?: string;
  /** The boleto to send while the policy is in force and the installment unpaid. */
  share?: ShareDocument;
};
