// npm run payments:import -- FILE: imports a CNAB 400 return file of bank 341 (boleto settlement,
// docs/checkout.md) as the operator: every broker's boletos. All or nothing; prints the report.
import "./load-env";
import { readFile, stat } from "node:fs/promises";
import { basename } from "node:path";
import { PLATFORM_AUDIT } from "@/lib/audit/context";
import { importPaymentReturn, MAX_RETURN_FILE_BYTES } from "@/lib/payments/import-return";
import { fail, requireAppSecretWithPostgres, withCliDatabase } from "./cli";

requireAppSecretWithPostgres();

const path = process.argv[2];
if (!path) fail("Usage: npm run payments:import -- FILE");
const size = (await stat(path).catch(() => fail(`Cannot read ${path}.`))).size;
if (size > MAX_RETURN_FILE_BYTES) fail(`${path} is larger than ${MAX_RETURN_FILE_BYTES} bytes.`);
const text = await readFile(path, "latin1");

await withCliDatabase(async ({ db }) => {
  const report = await importPaymentReturn(db, {
    text,
    fileName: basename(path),
    source: "cli",
    audit: PLATFORM_AUDIT,
  });
  console.log(
    `Import ${report.id}: ${report.status}${report.rejectReason ? ` (${report.rejectReason})` : ""}`,
  );
  console.log(
    `  matched ${report.matchedCount} · already paid ${report.alreadyPaidCount} · unknown ${report.unknownCount} · amount mismatch ${report.mismatchCount} · settled R$ ${(report.settledCents / 100).toFixed(2)}`,
  );
  for (const line of report.lines) {
    if (line.outcome === "ignored") continue;
    const target = line.policyNumber ? ` policy ${line.policyNumber} #${line.installmentNumber}` : "";
    console.log(`  line ${line.sequence}: ${line.ourNumber} ${line.outcome}${target}`);
  }
  if (report.status === "Rejected") process.exitCode = 1;
});
