import type { Database } from "@/db/index";
import { findInstallmentsWithoutPix } from "@/db/queries/pix-charges";
import { log } from "@/lib/log";
import { registerInstallmentPixCharge } from "./missing-charges";
import { getPixProvider, type PixProvider } from "./provider";

/**
 * After a change committed to a policy's installments (an endorsement, a cancellation): cancels at
 * the PSP the charges the change closed, and registers a charge for each unpaid boleto or Pix
 * installment left without one. Runs outside the change's transaction (the PSP is a remote call):
 * seeds name the installment with its amount and due day, so a repeated run registers the same
 * charges. A PSP failure is logged; the policy page then shows the installment without a Pix code
 * until the daily reconciliation registers it (missing-charges.ts).
 */
export async function syncPolicyPixCharges(
  db: Database,
  policyId: string,
  closedTxids: string[] = [],
  options: { provider?: PixProvider; now?: Date } = {},
): Promise<void> {
  const provider = options.provider ?? getPixProvider();
  for (const txid of closedTxids) {
    try {
      await provider.cancelCharge(txid);
    } catch (error) {
      log.warn({ err: error, txid }, "Pix charge not canceled at the PSP");
    }
  }
  try {
    const missing = await findInstallmentsWithoutPix(db, policyId);
    for (const installment of missing) {
      await registerInstallmentPixCharge(db, provider, installment, options.now);
    }
  } catch (error) {
    log.warn({ err: error, policyId }, "Pix charges not registered after an installment change");
  }
}
