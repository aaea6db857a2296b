// npm run payments:remessa -- --date YYYY-MM-DD [--out FILE]
// Writes the CNAB 400 remessa of bank 341 of that São Paulo day (default today): every broker's
// boleto instructions created that day (01 entry, 02 write-off, 06 due-date change), in creation
// order, for the insurer's collection account (docs/checkout.md). Writing a day again gives the same
// bytes. Without --out the file goes to stdout.
import "./load-env";
import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { businessDay } from "@/lib/dates";
import { buildRemessa } from "@/lib/payments/remessa";
import { fail, requireAppSecretWithPostgres, withCliDatabase } from "./cli";

requireAppSecretWithPostgres();

const usage = "Usage: npm run payments:remessa -- [--date YYYY-MM-DD] [--out FILE]";
const { values } = parseArgs({ options: { date: { type: "string" }, out: { type: "string" } } });
const day = values.date ?? businessDay(new Date());
if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) fail(usage);

await withCliDatabase(async ({ db }) => {
  const remessa = await buildRemessa(db, { day });
  if (values.out) {
    await writeFile(values.out, remessa.text, "latin1");
    console.error(
      `Remessa of ${day} (${remessa.fileName}, ${remessa.instructionCount} instruction(s)) written to ${values.out}.`,
    );
  } else process.stdout.write(remessa.text);
});
