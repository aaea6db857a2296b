import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { brokers, type UserRole, users } from "./brokers";
import { createdAt, timestamptz } from "./columns";

/**
 * Accounts (docs/accounts.md): invitations to join a broker, single-use tokens for a password
 * reset or an e-mail change, and the account e-mails sent (or kept in the outbox without SMTP).
 * Every token is stored as its SHA-256 only; the link that carries it is shown or sent once.
 */

/**
 * An invitation to a broker's portal, made by an admin (or by the operator's `brokers:create`,
 * `invitedBy` null). Pending while neither accepted nor revoked and before `expiresAt` (72 h);
 * re-sending replaces the token and the expiry.
 */
export const userInvitations = pgTable(
  "user_invitations",
  {
    id: uuid().primaryKey().defaultRandom(),
    brokerId: uuid()
      .notNull()
      .references(() => brokers.id),
    email: text().notNull(),
    role: text().$type<UserRole>().notNull(),
    tokenHash: text().notNull().unique(),
    invitedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamptz().notNull(),
    acceptedAt: timestamptz(),
    acceptedUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamptz(),
  },
  (t) => [
    index("user_invitations_broker_idx").on(t.brokerId, t.createdAt),
    index("user_invitations_email_idx").on(sql`lower(${t.email})`),
    check("user_invitations_role_check", sql`${t.role} in ('admin', 'member', 'finance')`),
  ],
);

export const ACCOUNT_TOKEN_KINDS = ["password-reset", "email-change"] as const;
export type AccountTokenKind = (typeof ACCOUNT_TOKEN_KINDS)[number];

/**
 * A single-use token of a user's: a password reset (30 min) or the confirmation of a new e-mail
 * (`newEmail`, sent to that address). Used once (`usedAt`); a newer token of the same kind
 * replaces the older ones.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text().$type<AccountTokenKind>().notNull(),
    tokenHash: text().notNull().unique(),
    newEmail: text(),
    createdAt: createdAt(),
    expiresAt: timestamptz().notNull(),
    usedAt: timestamptz(),
  },
  (t) => [
    index("account_tokens_user_idx").on(t.userId, t.kind),
    check("account_tokens_kind_check", sql`${t.kind} in ('password-reset', 'email-change')`),
  ],
);

export const ACCOUNT_EMAIL_KINDS = ["invitation", "password-reset", "email-change", "email-changed"] as const;
export type AccountEmailKind = (typeof ACCOUNT_EMAIL_KINDS)[number];

/**
 * An account e-mail: sent over SMTP (`channel` smtp; the body kept without its link) or, with no
 * SMTP_URL configured, kept whole for the portal's outbox (`channel` outbox).
 */
export const accountEmails = pgTable(
  "account_emails",
  {
    id: uuid().primaryKey().defaultRandom(),
    brokerId: uuid()
      .notNull()
      .references(() => brokers.id),
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    kind: text().$type<AccountEmailKind>().notNull(),
    channel: text().$type<"smtp" | "outbox">().notNull(),
    status: text().$type<"Sent" | "Failed">().notNull(),
    recipient: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    messageId: text(),
    error: text(),
    createdAt: createdAt(),
  },
  (t) => [index("account_emails_broker_created_idx").on(t.brokerId, t.createdAt)],
);
