// npm run jobs:run-daily -- [--date YYYY-MM-DD]: runs every daily job (lib/worker/daily.ts) once as of
// that São Paulo day (default today), as the worker's 06:00 schedule would. The demo's way to let a
// due date pass: installments due before that day become Overdue, card installments due that day
// (or declined in the 3 days before) are charged.
import "./load-env";
import { parseArgs } from "node:util";
import { runDailyJobs } from "@/lib/worker/daily";
import { fail, requireAppSecretWithPostgres, withCliDatabase } from "./cli";

requireAppSecretWithPostgres();

const { values } = parseArgs({ options: { date: { type: "string" } } });
if (values.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.date)) {
  fail("Usage: npm run jobs:run-daily -- [--date YYYY-MM-DD]");
}
if (values.date && Number.isNaN(Date.parse(`${values.date}T00:00:00Z`))) fail(`Invalid date ${values.date}.`);

await withCliDatabase(async ({ db }) => {
  const report = await runDailyJobs(db, { day: values.date });
  console.log(`Daily jobs as of ${report.day}:`);
  for (const job of report.jobs) console.log(`  ${job.name}: ${JSON.stringify(job.result)} (${job.ms} ms)`);
});
