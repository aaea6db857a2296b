import { createHmac, timingSafeEqual } from "node:crypto";
import { processSingleton } from "@/lib/process/registry";
import { deriveSecret } from "@/lib/secrets";

/** Links stay valid for 7 days: long enough for a partner to hand them on, short enough to expire. */
export const DOCUMENT_LINK_TTL_SECONDS = 7 * 24 * 3600;

function signature(documentId: string, expires: number): string {
  return createHmac("sha256", deriveSecret("document-link"))
    .update(`${documentId}.${expires}`)
    .digest("base64url");
}

// Signatures handed out, by document and expiry: every read of a policy signs its links, and within
// the hour they are the same. Verification never reads this (it recomputes).
const SIGNED_CAPACITY = 10_000;
const signed = processSingleton("document-link-signatures", () => new Map<string, string>());

function cachedSignature(documentId: string, expires: number): string {
  const key = `${documentId}.${expires}`;
  let value = signed.get(key);
  if (value === undefined) {
    value = signature(documentId, expires);
    if (signed.size >= SIGNED_CAPACITY) signed.clear();
    signed.set(key, value);
  }
  return value;
}

/**
 * `{origin}/api/documents/{id}?expires=…&signature=…`: works without the key header until it expires.
 * `expires` is rounded up to the hour so that repeated reads of one policy give the same link.
 */
export function signDocumentUrl(
  documentId: string,
  origin: string,
  ttlSeconds = DOCUMENT_LINK_TTL_SECONDS,
): string {
  const expires = Math.ceil((Date.now() / 1000 + ttlSeconds) / 3600) * 3600;
  return `${origin}/api/documents/${documentId}?expires=${expires}&signature=${cachedSignature(documentId, expires)}`;
}

/** True when the link's signature matches and it has not expired. */
export function verifyDocumentSignature(
  documentId: string,
  expires: string | null,
  given: string | null,
): boolean {
  const expiresAt = Number(expires);
  if (!given || !Number.isInteger(expiresAt) || expiresAt * 1000 < Date.now()) return false;
  const expected = Buffer.from(signature(documentId, expiresAt));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
