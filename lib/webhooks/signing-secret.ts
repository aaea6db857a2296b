import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { deriveSecret } from "@/lib/secrets";

/** `whsec_` + base64 of 32 random bytes (Standard Webhooks asks for at least 24). */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

export const SIGNING_SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]{43}=$/;

const VERSION = "v1";

/** The key that seals signing secrets at rest, derived from APP_SECRET (never stored). */
function sealingKey(): Buffer {
  return deriveSecret("webhook-signing-secrets");
}

/**
 * Encrypts a signing secret for the endpoint `endpointId` (AES-256-GCM; the endpoint id is
 * authenticated data, so a ciphertext copied to another endpoint's row does not decrypt). Unlike an
 * API key the secret must be recoverable: every delivery signs with it. Changing APP_SECRET makes
 * stored secrets unreadable (rotate every endpoint's secret afterwards).
 */
export function sealSigningSecret(secret: string, endpointId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealingKey(), iv);
  cipher.setAAD(Buffer.from(endpointId));
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64url")}`;
}

/** The secret sealed by `sealSigningSecret` for the same endpoint; throws if it was tampered with. */
export function openSigningSecret(sealed: string, endpointId: string): string {
  const [version, payload] = sealed.split(".");
  if (version !== VERSION || !payload) throw new Error("unknown signing-secret format");
  const bytes = Buffer.from(payload, "base64url");
  const decipher = createDecipheriv("aes-256-gcm", sealingKey(), bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(endpointId));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
}

/**
 * The `webhook-signature` header (Standard Webhooks): `v1,<base64 HMAC-SHA256 of
 * "{id}.{timestamp}.{body}">` per secret, space-separated: the current secret, then during a
 * rotation's 24 h the previous one, so that a receiver still holding either accepts it.
 */
export function signatureHeader(secrets: string[], messageId: string, timestamp: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(messageId, timestamp, body)).join(" ");
}
