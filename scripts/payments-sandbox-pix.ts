// npm run payments:sandbox-pix -- --txid X [--amount 123.45] [--lose-notice]
//   The sandbox PSP receives a Pix for the charge X (its amount unless --amount) and delivers its
//   signed notice to the webhook's settlement, in this process. --lose-notice keeps the Pix in the
//   PSP's books only: the daily reconciliation (npm run jobs:run-daily) finds it the next day.
// npm run payments:sandbox-pix -- --report [--days N]
//   The Pix received for no charge of ours in the last N days (default 7): they belong to no broker,
//   so only the operator sees them (docs/pix.md).
import "./load-env";
import { parseArgs } from "node:util";
import { type DatabaseHandle, DatabaseLockedError, getDatabaseHandle } from "@/db/index";
import { listUnknownPixReceipts } from "@/db/queries/pix-receipts";
import { formatBrl, reaisToCents } from "@/lib/money";
import { payPixChargeInSandbox, SandboxPixError } from "@/lib/payments/pix/sandbox-notice";
import { fail } from "./cli";

const usage =
  "Usage: npm run payments:sandbox-pix -- --txid X [--amount 123.45] [--lose-notice]\n" +
  "       npm run payments:sandbox-pix -- --report [--days N]";
const { values } = parseArgs({
  options: {
    txid: { type: "string" },
    amount: { type: "string" },
    "lose-notice": { type: "boolean", default: false },
    report: { type: "boolean", default: false },
    days: { type: "string", default: "7" },
  },
});
if (values.report === Boolean(values.txid)) fail(usage);
if (values.amount !== undefined && !/^\d{1,10}\.\d{2}$/.test(values.amount))
  fail(`Invalid amount ${values.amount}.`);
const days = Number(values.days);
if (!Number.isInteger(days) || days < 1 || days > 366) fail(`Invalid --days ${values.days}.`);

let handle: DatabaseHandle;
try {
  // The process's database: the sandbox PSP keeps its books there through it.
  handle = await getDatabaseHandle();
} catch (error) {
  if (error instanceof DatabaseLockedError) {
    fail(
      `${error.message}\nThe portal is running on the embedded database: stop it (Ctrl+C), run this command, then start it again.`,
    );
  }
  throw error;
}
try {
  if (values.report) {
    const since = new Date(Date.now() - days * 86_400_000);
    const rows = await listUnknownPixReceipts(handle.db, since);
    console.log(`Pix received for unknown txids in the last ${days} day(s): ${rows.length}`);
    for (const row of rows) {
      console.log(
        `  ${row.paidAt.toISOString()}  ${row.endToEndId}  txid ${row.txid ?? "(none)"}  ${formatBrl(row.amountCents)}  via ${row.source}`,
      );
    }
  } else {
    const { received, result } = await payPixChargeInSandbox(handle.db, values.txid!, {
      amountCents: values.amount === undefined ? undefined : reaisToCents(values.amount),
      loseNotice: values["lose-notice"],
    });
    console.log(
      `Pix ${received.endToEndId} of ${formatBrl(received.amountCents)} received by the sandbox PSP.`,
    );
    console.log(
      result
        ? `Notice delivered: ${result.outcome}${result.recorded ? "" : " (already recorded)"}${result.inactiveCharge ? " (charge no longer active)" : ""}.`
        : "Notice lost on purpose: the daily reconciliation will apply it (npm run jobs:run-daily).",
    );
  }
} catch (error) {
  if (error instanceof SandboxPixError) fail(error.message);
  throw error;
} finally {
  await handle.close();
}
