// npm run audit:verify: walks the audit trail's hash chain from its first entry and names the first
// broken one (edited, deleted, reordered). Exit 0 when intact (the head's hash printed: keep it
// elsewhere to detect a truncated tail later), 1 when broken.
import "./load-env";
import { verifyAuditChain } from "@/lib/audit/verify";
import { withCliDatabase } from "./cli";

await withCliDatabase(async ({ db }) => {
  const started = performance.now();
  let lastReport = started;
  const report = await verifyAuditChain(db, {
    onProgress: (checked) => {
      if (performance.now() - lastReport > 5_000) {
        lastReport = performance.now();
        console.error(`… ${checked.toLocaleString("en")} entries checked`);
      }
    },
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (report.ok) {
    console.log(
      `Audit trail intact: ${report.entries} entries in ${seconds} s. Head hash: ${report.headHash}`,
    );
    return;
  }
  console.error(
    `Audit trail BROKEN at entry ${report.firstBreak.sequence} (${report.firstBreak.reason}): ${report.firstBreak.message}. ` +
      `${report.entries} entries before it verified (${seconds} s).`,
  );
  process.exitCode = 1;
});
