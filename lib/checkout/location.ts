import { publicOrigin } from "@/lib/http/public-origin";

/**
 * The checkout answer's `Location`: the quotation lookup, absolute, where the partner follows the
 * checkout (Confirmed, then Finished with the policy, or back to Draft with the reason).
 */
export function checkoutLocation(
  headers: Headers,
  quotation: { registerNumber: string; quotationIdentifier: string },
): string {
  const segment = encodeURIComponent;
  return `${publicOrigin(headers)}/api/v1/quotation/${segment(quotation.registerNumber)}/${segment(quotation.quotationIdentifier)}`;
}
