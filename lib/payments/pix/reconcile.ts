import type { Database } from "@/db/index";
import { findRecordedEndToEndIds } from "@/db/queries/pix-receipts";
import { addDays, startOfBusinessDay } from "@/lib/dates";
import { getPixProvider, type PixProvider } from "./provider";
import { applyReceivedPix } from "./settlement";

/** São Paulo days before the run's day whose received Pix are compared with ours. */
export const PIX_RECONCILIATION_DAYS = 3;

export type PixReconciliationSummary = {
  from: string;
  to: string;
  /** Pix the PSP lists in the window. */
  listed: number;
  /** Of those, the ones no notice had brought: recorded now, by outcome. */
  recovered: number;
  applied: number;
  alreadyPaid: number;
  unknownTxid: number;
  amountMismatch: number;
};

/**
 * The daily reconciliation: the Pix the PSP received on the `PIX_RECONCILIATION_DAYS` São Paulo days
 * before `day` that we have no record of (a notice lost on the way) go through the same settlement as
 * a notice, with source `reconciliation`. Running it again finds them recorded and changes nothing.
 */
export async function reconcileReceivedPix(
  db: Database,
  run: { day: string; now: Date; provider?: PixProvider },
): Promise<PixReconciliationSummary> {
  const from = startOfBusinessDay(addDays(run.day, -PIX_RECONCILIATION_DAYS));
  const to = startOfBusinessDay(run.day);
  const listed = await (run.provider ?? getPixProvider()).listReceived({ from, to });
  const recorded = await findRecordedEndToEndIds(
    db,
    listed.map((pix) => pix.endToEndId),
  );
  const summary: PixReconciliationSummary = {
    from: from.toISOString(),
    to: to.toISOString(),
    listed: listed.length,
    recovered: 0,
    applied: 0,
    alreadyPaid: 0,
    unknownTxid: 0,
    amountMismatch: 0,
  };
  for (const pix of listed) {
    if (recorded.has(pix.endToEndId)) continue;
    const result = await applyReceivedPix(db, pix, "reconciliation", run.now);
    if (!result.recorded) continue;
    summary.recovered++;
    if (result.outcome === "applied") summary.applied++;
    else if (result.outcome === "already-paid") summary.alreadyPaid++;
    else if (result.outcome === "unknown-txid") summary.unknownTxid++;
    else summary.amountMismatch++;
  }
  return summary;
}
