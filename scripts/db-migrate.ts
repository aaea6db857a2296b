// npm run db:migrate: applies db/migrations to DATABASE_URL (or the embedded database) and syncs the catalogue.
import "./load-env";
import { migrateDatabase } from "@/db/migrate";
import { syncCatalogue } from "@/lib/catalogue/sync";
import { withCliDatabase } from "./cli";

await withCliDatabase(async (handle) => {
  await migrateDatabase(handle);
  await syncCatalogue(handle.db);
  console.log(`Migrations applied (${handle.kind}).`);
});
