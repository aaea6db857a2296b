import { bigint, customType, timestamp } from "drizzle-orm/pg-core";

/** Money is stored as integer cents (bigint); JavaScript numbers are exact far beyond any premium. */
export const cents = (name?: string) =>
  name ? bigint(name, { mode: "number" }) : bigint({ mode: "number" });

export const timestamptz = (name?: string) =>
  name
    ? timestamp(name, { withTimezone: true, mode: "date" })
    : timestamp({ withTimezone: true, mode: "date" });

/**
 * Text compared and sorted byte-wise: the same order on PGlite and on any PostgreSQL locale,
 * and what the btree indexes behind the list's sorts are built on.
 */
export const textC = customType<{ data: string; driverData: string }>({
  dataType: () => 'text COLLATE "C"',
});

export const createdAt = () => timestamptz().notNull().defaultNow();
