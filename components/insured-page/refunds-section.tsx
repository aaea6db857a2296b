import { RefundsList } from "@/components/refunds/policy-refunds";
import type { DestinationActionResult } from "@/lib/refunds/portal-form";
import type { RefundWire } from "@/lib/schemas/endorsement";

/**
 * "Devoluções" of the insured's payment page: the policy's refunds with their states and, for one
 * awaiting bank details, the form for the insured's own Pix key or account. Nothing when the
 * policy owes the insured nothing.
 */
export function InsuredRefundsSection({
  refunds,
  destinationAction,
}: {
  refunds: RefundWire[];
  destinationAction: (
    state: DestinationActionResult | null,
    formData: FormData,
  ) => Promise<DestinationActionResult>;
}) {
  if (!refunds.length) return null;
  return (
    <section className="card" aria-labelledby="insured-refunds-title" data-testid="insured-refunds">
      <h2 id="insured-refunds-title">Devoluções</h2>
      <RefundsList refunds={refunds} destinationAction={destinationAction} />
    </section>
  );
}
