import type { Executor } from "@/db/index";
import { upsertModalities } from "@/db/queries/catalogue";
import { processSingleton } from "@/lib/process/registry";
import { CATALOGUE } from "./index";

/** Upserts one `modalities` row per catalogue definition (the seed and app start-up call it). */
export async function syncCatalogue(db: Executor): Promise<void> {
  await upsertModalities(
    db,
    CATALOGUE.map((m) => ({
      code: m.code,
      operationCode: m.operationCode,
      text: m.text,
      productCode: m.productCode,
      productText: m.productText,
      definition: m,
    })),
  );
}

const synced = processSingleton("catalogue-synced", () => new WeakSet<object>());

/**
 * Syncs the catalogue once per database client in this process: quotations reference `modalities`,
 * so the first quotation must not depend on start-up having run the sync.
 */
export async function ensureCatalogueSynced(db: Executor): Promise<void> {
  if (synced.has(db)) return;
  await syncCatalogue(db);
  synced.add(db);
}
