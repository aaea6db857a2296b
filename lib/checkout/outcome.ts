/** Checkout statuses that end it without a policy: declined by the gateway, or failed. */
export const FAILED_CHECKOUT_STATUSES = ["Declined", "Failed"] as const;

/** Whether a checkout ended without a policy (its reason is then worth showing; a new try is possible). */
export function isFailedCheckout(status: string | null | undefined): boolean {
  return (FAILED_CHECKOUT_STATUSES as readonly (string | null | undefined)[]).includes(status);
}
