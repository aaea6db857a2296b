// npm run db:seed: idempotent demo data (domain.md §10); prints the logins and any key it creates.
import { formatSeedReport, seedDemoData } from "@/db/seed";
import { withCliDatabase } from "./cli";

await withCliDatabase(async (handle) => {
  console.log(formatSeedReport(await seedDemoData(handle.db)));
});
