import { addDays, businessDay, endOfBusinessDay, startOfBusinessDay } from "@/lib/dates";
import { dynamicBrCode } from "./br-code";
import type { PixProvider } from "./provider";
import { pixTxid } from "./txid";

/**
 * Days after its due date a charge is still payable, as the boleto's "não receber após 30 dias":
 * past it, only a second copy collects the installment.
 */
export const PIX_DAYS_AFTER_DUE = 30;

/** What a pix_charges row holds once the PSP registered the charge. */
export type PixChargeFields = {
  txid: string;
  location: string;
  copyPaste: string;
  amountCents: number;
  dueDate: Date;
  expiresAt: Date;
};

/**
 * Registers one cobv with the PSP and builds its BR Code. `seed` names the charge for good (the
 * checkout and installment number, or the second copy's id): a retried job registers the same txid.
 */
export async function registerPixCharge(
  provider: PixProvider,
  input: { seed: string; amountCents: number; dueDay: string; payer: { name: string; identity: string } },
): Promise<PixChargeFields> {
  const txid = pixTxid(input.seed);
  const registered = await provider.createCharge({
    txid,
    amountCents: input.amountCents,
    dueDay: input.dueDay,
    daysAfterDue: PIX_DAYS_AFTER_DUE,
    payer: input.payer,
  });
  return {
    txid,
    location: registered.location,
    copyPaste: dynamicBrCode(registered.location),
    amountCents: input.amountCents,
    dueDate: startOfBusinessDay(input.dueDay),
    expiresAt: endOfBusinessDay(addDays(input.dueDay, PIX_DAYS_AFTER_DUE)),
  };
}

/** Whether a charge can still be paid at `now` (its last payable day has not ended). */
export function isPixChargePayable(charge: { expiresAt: Date }, now: Date): boolean {
  return businessDay(now) <= businessDay(charge.expiresAt);
}
