import type { Database } from "@/db/index";
import { findInstallmentsWithoutPix, insertPixCharges } from "@/db/queries/pix-charges";
import { businessDay } from "@/lib/dates";
import { log } from "@/lib/log";
import { registerPixCharge } from "./charges";
import { getPixProvider, type PixProvider } from "./provider";

/**
 * After a change committed to a policy's installments (an endorsement, a cancellation): cancels at
 * the PSP the charges the change closed, and registers a charge for each unpaid boleto or Pix
 * installment left without one. Runs outside the change's transaction (the PSP is a remote call):
 * seeds name the installment with its amount and due day, so a repeated run registers the same
 * charges. A PSP failure is logged; the policy page then shows the installment without a Pix code
 * until the next change or second copy.
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
      const dueDay = businessDay(installment.dueDate);
      const charge = await registerPixCharge(provider, {
        seed: `installment:${installment.installmentId}:${installment.amountCents}:${dueDay}`,
        amountCents: installment.amountCents,
        dueDay,
        payer: { name: installment.insuredName, identity: installment.insuredIdentity },
      });
      await insertPixCharges(db, [
        { ...charge, installmentId: installment.installmentId, createdAt: options.now },
      ]);
    }
  } catch (error) {
    log.warn({ err: error, policyId }, "Pix charges not registered after an installment change");
  }
}
