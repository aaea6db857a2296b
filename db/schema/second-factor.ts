import { bigint, boolean, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./brokers";
import { createdAt, timestamptz } from "./columns";

/**
 * A user's second factors, one table per kind of factor beside each other (TOTP here; passkeys get
 * their own table of credentials next to it). A user "has a second factor" when any of them holds a
 * confirmed row (db/queries/second-factor.ts).
 */

/**
 * The user's TOTP authenticator (RFC 6238, 30 s, 6 digits). The secret is sealed with a key derived
 * from APP_SECRET (lib/auth/second-factor/secret-box.ts), never stored in the clear. A row without
 * `confirmedAt` is an enrolment begun and not yet confirmed with a code: it does not count.
 */
export const userTotp = pgTable("user_totp", {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretSealed: text().notNull(),
  confirmedAt: timestamptz(),
  /** The last 30-second step whose code was accepted: a code of that step or an older one is refused. */
  lastUsedStep: bigint({ mode: "number" }),
  createdAt: createdAt(),
});

/** Ten single-use recovery codes per user, argon2id-hashed like passwords; shown once, at creation. */
export const userRecoveryCodes = pgTable(
  "user_recovery_codes",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text().notNull(),
    usedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [index("user_recovery_codes_user_idx").on(t.userId)],
);

/**
 * The user's passkeys (WebAuthn credentials, user verification required): each counts as both
 * factors, so a passkey alone signs in. The public key is stored as the COSE bytes base64url-encoded;
 * the signature counter is checked to grow when the authenticator keeps one.
 */
export const userPasskeys = pgTable(
  "user_passkeys",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential id as the browser gives it (base64url); unique across users. */
    credentialId: text().notNull().unique(),
    publicKey: text().notNull(),
    counter: bigint({ mode: "number" }).notNull().default(0),
    /** The transports the authenticator named (usb, internal, hybrid...), for the next sign-in's hints. */
    transports: text().array().notNull().default([]),
    deviceType: text().notNull(),
    backedUp: boolean().notNull().default(false),
    /** A name the user gives it ("MacBook", "Chave USB"). */
    name: text().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz(),
    /**
     * The session it was registered from (no foreign key: the session row goes when it ends), so
     * that ending that session (password change, "end all sessions") can remove it too.
     */
    createdInSessionId: uuid(),
  },
  (t) => [index("user_passkeys_user_idx").on(t.userId)],
);
