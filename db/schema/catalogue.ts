import { jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * One row per modality (the unit a partner quotes: operationCode <-> modalityCode). The questions,
 * rating tables and payment rules live in `definition`, so a new product is a new row, not new code.
 */
export const modalities = pgTable("modalities", {
  code: text().primaryKey(),
  operationCode: text().notNull().unique(),
  text: text().notNull(),
  productCode: text().notNull(),
  productText: text().notNull(),
  definition: jsonb().notNull(),
  createdAt: createdAt(),
});
