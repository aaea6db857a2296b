// npm run audit:verify [-- --checkpoints FILE ...]: walks the audit trail's chain from its first entry,
// checking each entry's hash and its MAC (keyed from APP_SECRET: run it with the app's), and names the
// first broken one (edited, deleted, reordered, rewritten with recomputed hashes, MAC stripped). Given
// checkpoint files or the app's logs (--checkpoints, repeatable), also compares every checkpoint with
// the stored chain, which shows a deleted tail. Exit 0 when intact, 1 when broken or a checkpoint
// line cannot be trusted. docs/audit.md.
import "./load-env";
import { parseArgs } from "node:util";
import { type CheckpointRead, readCheckpointFiles } from "@/lib/audit/checkpoints";
import { verifyAuditChain } from "@/lib/audit/verify";
import { describeAuditVerification } from "@/lib/audit/verify-report";
import { fail, requireAppSecretWithPostgres, withCliDatabase } from "./cli";

requireAppSecretWithPostgres();

const { values } = parseArgs({ options: { checkpoints: { type: "string", multiple: true } } });

let checkpoints: CheckpointRead | undefined;
if (values.checkpoints?.length) {
  try {
    checkpoints = await readCheckpointFiles(values.checkpoints);
  } catch (error) {
    fail(`Cannot read the checkpoints: ${error instanceof Error ? error.message : String(error)}`);
  }
}

await withCliDatabase(async ({ db }) => {
  const started = performance.now();
  let lastReport = started;
  const report = await verifyAuditChain(db, {
    checkpoints: checkpoints?.checkpoints,
    onProgress: (checked) => {
      if (performance.now() - lastReport > 5_000) {
        lastReport = performance.now();
        console.error(`… ${checked.toLocaleString("en")} entries checked`);
      }
    },
  });
  const text = describeAuditVerification(report, {
    seconds: (performance.now() - started) / 1000,
    checkpoints,
  });
  for (const line of text.out) console.log(line);
  for (const line of text.err) console.error(line);
  process.exitCode = text.exitCode;
});
