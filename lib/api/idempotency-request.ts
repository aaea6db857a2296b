import { createHmac } from "node:crypto";
import { ApiError } from "@/lib/http/errors";
import { deriveSecret } from "@/lib/secrets";

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

/** 1 to 255 printable ASCII characters (space to tilde), as Stripe and Open Insurance take them. */
const VALID_KEY = /^[\x20-\x7e]{1,255}$/;

/** The call's Idempotency-Key, undefined without the header; a malformed one is a 400 naming it. */
export function idempotencyKeyOf(headers: Headers): string | undefined {
  if (!headers.has(IDEMPOTENCY_KEY_HEADER)) return undefined;
  const key = headers.get(IDEMPOTENCY_KEY_HEADER) ?? "";
  if (!VALID_KEY.test(key)) {
    throw new ApiError("INVALID-FORM-FIELD", {
      message: "Idempotency-Key must be 1 to 255 printable ASCII characters.",
      properties: [IDEMPOTENCY_KEY_HEADER],
    });
  }
  return key;
}

/** JSON with every object's keys sorted, so that the same body in another key order compares equal. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * What is kept of a request to recognise it again: an HMAC of its canonical JSON, keyed with a
 * secret derived from the app's. Never the body, nor a plain hash of it: a checkout body carries a
 * card number, and a plain hash of one is found by trying every number.
 */
export function requestFingerprint(body: unknown): string {
  return createHmac("sha256", deriveSecret("idempotency-request"))
    .update(body === undefined ? "" : canonicalJson(body))
    .digest("base64url");
}
