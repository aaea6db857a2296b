import type { Address, PaymentMethod } from "@/db/schema";
import type { ShareDocument } from "@/lib/documents/share-message";
import type { CoverageData } from "@/lib/documents/types";
import type { RegistrationField } from "@/lib/endorsements/portal-form";
import type { ActionResult } from "@/lib/forms/action-result";
import type { PolicyNotice } from "@/lib/notices/view";
import type { InstallmentBoletoRegistration } from "@/lib/payments/boleto-registration";
import type { ClaimWire } from "@/lib/schemas/claim";
import type { EndorsementWire, RefundWire } from "@/lib/schemas/endorsement";
import type { EndorsementPreviewWire } from "@/lib/schemas/endorsement-api";
import type { PolicyWire } from "@/lib/schemas/policy";

/** What the policy page shows, one slice per section (components/policies/policy-*.tsx). */
export type PolicyPageView = {
  header: Pick<PolicyWire, "policyNumber" | "number" | "version" | "status" | "statusText">;
  documents: { policyPdfUrl?: string; ticketUrl?: string; pixUrl?: string };
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
    /** The days the cancellation may take effect on (YYYY-MM-DD, São Paulo), while cancelable. */
    dates?: EffectiveDates;
  };
  /** "Alterar apólice" (any user), for an Issued policy. */
  alteration?: {
    dates: EffectiveDates;
    /** The insured's data as it is, the REGISTRATION form's starting values. */
    registration: Record<RegistrationField, string>;
    /** The product's limits and deductibles; absent when its coverage cannot be chosen. */
    coverage?: { limits: SelectOption[]; deductibles: SelectOption[] };
    /** PAYMENT is offered for a boleto policy with a pending installment. */
    dueDayEditable: boolean;
  };
  /** The notices sent to the insured about the installments (docs/notices.md). */
  notices: PolicyNotice[];
  /** The issued endorsements (newest first) and the refunds (oldest first). */
  history: { endorsements: EndorsementWire[]; refunds: RefundWire[] };
};

/** An effective date's default and bounds (YYYY-MM-DD, São Paulo): from today (or the vigency's first day) to its last day. */
export type EffectiveDates = { initial: string; min: string; max: string };

export type SelectOption = { value: string; label: string };

/** A preview as the policy page shows it: the service's answer with, of the policy after it, its version and status. */
export type EndorsementPreviewView = Omit<EndorsementPreviewWire, "policyAfter"> & {
  versionAfter: string;
  statusAfterText: string;
  insuredNameAfter: string;
};

/** What the page says once a preview is issued. */
export type IssuedEndorsementView = { typeText: string; policyVersion: string };

export type PolicyInstallmentRow = PolicyWire["installments"][number] & {
  /** "2/4". */
  position: string;
  boletoUrl?: string;
  /** The installment's Pix charge slip (PIX policies). */
  pixUrl?: string;
  /** The boleto to send while the policy is in force and the installment unpaid. */
  share?: ShareDocument;
  /** The unpaid installment's Pix charge as a QR code (data URL), beside `pix.copyPaste`. */
  pixQrCode?: string;
  /** "2ª via": an Overdue boleto or Pix installment of a policy in force. */
  secondCopyOffered: boolean;
  /** The latest second copy issued (lib/payments/current-charge): what the installment charges now. */
  secondCopy?: { dueDate: string; amountCents: number; fineCents: number; interestCents: number };
  /** "Simular pagamento" (sandbox on): the sandbox PSP pays the unpaid installment's Pix charge. */
  simulatePayment: boolean;
  /** The bank's answer to the unpaid installment's current boleto (remessa entry). */
  boletoRegistration?: InstallmentBoletoRegistration;
};

/** The answer of a preview's Server Action: the preview, or the messages by field. */
export type EndorsementPreviewResult<Field extends string> = ActionResult<EndorsementPreviewView, Field>;
/** The answer of a confirmation's Server Action. */
export type EndorsementIssueResult = ActionResult<IssuedEndorsementView>;
