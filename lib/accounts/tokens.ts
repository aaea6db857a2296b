import { createHash, randomBytes } from "node:crypto";

/**
 * A single-use token for a link (invitation, password reset, e-mail change): 32 random bytes,
 * base64url. Only its SHA-256 is stored, so a copy of the database opens no account.
 */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** A token as it may arrive in a URL: 43 base64url characters, nothing else. */
export function isLinkTokenShape(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value);
}
