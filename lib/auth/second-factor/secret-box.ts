import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { deriveSecret } from "@/lib/secrets";

const VERSION = "v1";

/** The key that seals TOTP secrets at rest, derived from APP_SECRET (never stored). */
function sealingKey(): Buffer {
  return deriveSecret("totp-secrets");
}

/**
 * Encrypts a user's TOTP secret (AES-256-GCM; the user id is authenticated data, so a ciphertext
 * copied to another user's row does not open). Changing APP_SECRET makes stored secrets unreadable:
 * their users then sign in with a recovery code and enrol again.
 */
export function sealTotpSecret(secret: string, userId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealingKey(), iv);
  cipher.setAAD(Buffer.from(userId));
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64url")}`;
}

/** The secret sealed by `sealTotpSecret` for the same user, or undefined if it does not open. */
export function openTotpSecret(sealed: string, userId: string): string | undefined {
  const [version, payload] = sealed.split(".");
  if (version !== VERSION || !payload) return undefined;
  try {
    const bytes = Buffer.from(payload, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", sealingKey(), bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(userId));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}
