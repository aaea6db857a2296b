import { PrivacyBlockedNotice } from "@/components/privacy/privacy-blocked-notice";
import { getDb } from "@/db/index";
import { requireUser } from "@/lib/auth/session";
import { isQuotationBlocked } from "@/lib/privacy/blocks";

/**
 * The notice a quotation page shows instead of a quotation kept blocked with its policy at its
 * insured's request (docs/privacy.md); null for any other id (the page then loads as usual).
 */
export async function blockedQuotationNotice(quotationId: string) {
  const user = await requireUser();
  if (!(await isQuotationBlocked(await getDb(), user.brokerId, quotationId))) return null;
  return <PrivacyBlockedNotice title="Cotação" what="O registro desta cotação" />;
}
