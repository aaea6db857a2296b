import type { QuotationStatus } from "@/db/schema";
import type { ShareDocument } from "@/lib/documents/share-message";
import type { ValidityFacts } from "@/lib/quotations/validity-note";
import type { QuotationRenewal } from "@/lib/renewals/quotation-renewal";
import type { Pricing } from "@/lib/schemas/quotation";

/** What the quotation page shows, one slice per section (components/quotations/quotation-*.tsx). */
export type QuotationPageView = {
  id: string;
  header: {
    insuredName: string;
    insuredIdentity: string;
    modalityText: string;
    vigencyStartedAt: Date;
    vigencyExpiredAt: Date;
    status: QuotationStatus;
    hasProposal: boolean;
  };
  validity: {
    expiresAt: Date;
    /** Past its validity, even before the job marks it Expired. */
    expired: boolean;
    /** A Draft still within its validity. */
    open: boolean;
    facts: ValidityFacts;
    /** The days a later vigency start may take, offered when the start is what ends the validity. */
    laterStart?: { min: string; max: string };
  };
  renewal?: QuotationRenewal;
  /** Where the documents are sent: the insured's e-mail and mobile. */
  contact: { email: string; phone: string };
  /** "Cotação para o cliente": an open quotation with prices and no proposal yet. */
  quotationShare?: { url: string; document: ShareDocument };
  /** The proposal of a quotation within its validity, and its PDF to send when there is one. */
  proposal?: { number: string; documentUrl?: string; share?: ShareDocument };
  policyNumber: string | null;
  pricing: Pricing[];
  /** Item-based products: the noun of one item ("Bicicleta"), for the variants' headings. */
  itemLabel?: string;
};
