import type { Database } from "@/db/index";
import { findUnpaidInstallmentsWithoutPix, insertPixCharges } from "@/db/queries/pix-charges";
import { addDays, businessDay } from "@/lib/dates";
import { log } from "@/lib/log";
import { PIX_DAYS_AFTER_DUE, registerPixCharge } from "./charges";
import { getPixProvider, type PixProvider } from "./provider";

/** An unpaid installment without an Active charge, with what registering one needs. */
export type InstallmentWithoutPix = {
  installmentId: string;
  amountCents: number;
  dueDate: Date;
  insuredName: string;
  insuredIdentity: string;
};

/**
 * Registers the installment's charge with the PSP and records it. The seed names the installment
 * with its amount and due day, so a repeated attempt registers the same txid (PUT /cobv is idempotent).
 */
export async function registerInstallmentPixCharge(
  db: Database,
  provider: PixProvider,
  installment: InstallmentWithoutPix,
  now?: Date,
): Promise<void> {
  const dueDay = businessDay(installment.dueDate);
  const charge = await registerPixCharge(provider, {
    seed: `installment:${installment.installmentId}:${installment.amountCents}:${dueDay}`,
    amountCents: installment.amountCents,
    dueDay,
    payer: { name: installment.insuredName, identity: installment.insuredIdentity },
  });
  await insertPixCharges(db, [{ ...charge, installmentId: installment.installmentId, createdAt: now }]);
}

export type MissingPixChargesSummary = {
  /** Unpaid boleto and Pix installments of Issued policies found without an Active charge. */
  missing: number;
  registered: number;
  /** Past the days a charge is payable after its due date: a second copy collects them. */
  pastPayable: number;
  /** The PSP failed: tried again by the next run. */
  failed: number;
};

const DEFAULT_BATCH = 200;

/**
 * The daily reconciliation of charges: every unpaid boleto or Pix installment of an Issued policy
 * left without an Active Pix charge (its registration failed after the change that made it was
 * committed, e.g. during a database outage) gets one, registered with the PSP through the adapter.
 * Idempotent: a registered one is Active and no longer found, and a retried registration reuses its
 * txid. Installments past the charge's payable window are left to the second copy.
 */
export async function registerMissingPixCharges(
  db: Database,
  run: { day: string; now: Date; batchSize?: number; provider?: PixProvider },
): Promise<MissingPixChargesSummary> {
  const provider = run.provider ?? getPixProvider();
  const limit = run.batchSize ?? DEFAULT_BATCH;
  const summary: MissingPixChargesSummary = { missing: 0, registered: 0, pastPayable: 0, failed: 0 };
  let afterId: string | undefined;
  for (;;) {
    const rows = await findUnpaidInstallmentsWithoutPix(db, { afterId, limit });
    if (!rows.length) break;
    afterId = rows.at(-1)!.installmentId;
    for (const installment of rows) {
      summary.missing++;
      if (addDays(businessDay(installment.dueDate), PIX_DAYS_AFTER_DUE) < run.day) {
        summary.pastPayable++;
        continue;
      }
      try {
        await registerInstallmentPixCharge(db, provider, installment, run.now);
        summary.registered++;
      } catch (error) {
        summary.failed++;
        log.warn(
          { err: error, installmentId: installment.installmentId },
          "missing Pix charge not registered: tried again next run",
        );
      }
    }
    if (rows.length < limit) break;
  }
  if (summary.missing) log.info({ ...summary, day: run.day }, "missing Pix charges reconciled");
  return summary;
}
