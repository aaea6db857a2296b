import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./brokers";
import { createdAt, timestamptz } from "./columns";

/**
 * Portal sessions. The sealed cookie carries only the row's id; every request looks the row up, so
 * deleting it (sign-out, password change, "end all sessions") ends the session at once.
 */
export const userSessions = pgTable(
  "user_sessions",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamptz().notNull(),
    /** The browser that signed in (shortened), so that a user can recognise their sessions. */
    userAgent: text(),
  },
  (t) => [index("user_sessions_user_idx").on(t.userId)],
);
