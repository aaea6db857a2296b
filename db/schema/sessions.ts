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
    /**
     * The last request seen on the session, written at most once a minute (lib/auth/session-policy.ts):
     * the idle timeout counts from here.
     */
    lastActivityAt: timestamptz().notNull().defaultNow(),
    /**
     * The last time the user proved who they are on this session (sign-in, or the password or a
     * factor asked again): changing factors, password or e-mail needs this within 5 minutes.
     */
    verifiedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index("user_sessions_user_idx").on(t.userId)],
);
