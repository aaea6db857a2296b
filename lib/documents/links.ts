import { createHmac, timingSafeEqual } from "node:crypto";
import { processSingleton } from "@/lib/process/registry";
import { deriveSecret } from "@/lib/secrets";

/** Links stay valid for 7 days: long enough for a partner to hand them on, short enough to expire. */
export const DOCUMENT_LINK_TTL_SECONDS = 7 * 24 * 3600;

/**
 * What a signed link opens: each purpose has its own derived key, so a signature made for one (a
 * document) never opens another (the insured's payment page) even for the same id.
 */
export type SignedLinkPurpose = "document-link" | "insured-page";

function signature(
  documentId: string,
  expires: number,
  purpose: SignedLinkPurpose = "document-link",
): string {
  return createHmac("sha256", deriveSecret(purpose)).update(`${documentId}.${expires}`).digest("base64url");
}

/** The signature of `subject` for `purpose`, valid until `expires` (Unix seconds). */
export function signLinkSubject(purpose: SignedLinkPurpose, subject: string, expires: number): string {
  return purpose === "document-link"
    ? cachedSignature(subject, expires)
    : signature(subject, expires, purpose);
}

/** True when `given` is the signature of `subject` for `purpose` and `expires` has not passed. */
export function verifyLinkSubject(
  purpose: SignedLinkPurpose,
  subject: string,
  expires: string | number | null,
  given: string | null,
): boolean {
  const expiresAt = Number(expires);
  if (!given || expires === null || !Number.isInteger(expiresAt) || expiresAt * 1000 < Date.now())
    return false;
  const expected = Buffer.from(signature(subject, expiresAt, purpose));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
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
  return verifyLinkSubject("document-link", documentId, expires, given);
}
