import { RefundsList } from "@/components/refunds/policy-refunds";
import { getDb } from "@/db/index";
import { loadInsuredRefunds } from "@/lib/refunds/insured";
import { insuredRefundDestinationAction } from "./refunds-actions";

/**
 * "Devoluções" of the insured's payment page: the policy's refunds with their states and, for one
 * awaiting bank details, the form for the insured's own Pix key or account. Nothing when the
 * policy owes the insured nothing.
 */
export async function InsuredRefundsSection({ policyId, token }: { policyId: string; token: string }) {
  const refunds = await loadInsuredRefunds(await getDb(), policyId);
  if (!refunds.length) return null;
  return (
    <section className="card" aria-labelledby="insured-refunds-title" data-testid="insured-refunds">
      <h2 id="insured-refunds-title">Devoluções</h2>
      <RefundsList refunds={refunds} destinationAction={insuredRefundDestinationAction.bind(null, token)} />
    </section>
  );
}
