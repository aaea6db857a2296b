// npm run db:seed: idempotent demo data; prints the logins and any key it creates.
import "./load-env";
import { formatSeedReport, seedDemoData } from "@/lib/demo/seed";
import { requireAppSecretWithPostgres, withCliDatabase } from "./cli";

requireAppSecretWithPostgres();
await withCliDatabase(async (handle) => {
  console.log(formatSeedReport(await seedDemoData(handle.db)));
});
