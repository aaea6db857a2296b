import { FAILED_CHECKOUT_STATUSES } from "@/db/schema/checkouts";

/** Whether a checkout ended without a policy (its reason is then worth showing; a new try is possible). */
export function isFailedCheckout(status: string | null | undefined): boolean {
  return (FAILED_CHECKOUT_STATUSES as readonly (string | null | undefined)[]).includes(status);
}
