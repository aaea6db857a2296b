import { sql } from "drizzle-orm";
import type { Executor } from "../index";
import { modalities } from "../schema";

export type ModalityRow = typeof modalities.$inferInsert;

/** Inserts or refreshes one row per modality, keyed by modality code. */
export async function upsertModalities(db: Executor, rows: ModalityRow[]): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(modalities)
    .values(rows)
    .onConflictDoUpdate({
      target: modalities.code,
      set: {
        operationCode: sql`excluded.operation_code`,
        text: sql`excluded.text`,
        productCode: sql`excluded.product_code`,
        productText: sql`excluded.product_text`,
        definition: sql`excluded.definition`,
      },
    });
}

export async function listModalities(db: Executor) {
  return db.select().from(modalities).orderBy(modalities.code);
}
