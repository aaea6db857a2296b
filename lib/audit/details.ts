import { BrandedError } from "@/lib/process/branded-error";

/**
 * Keys that must never appear in an entry's details, at any depth: the trail is read by admins and
 * exported to CSV, and it cannot be edited afterwards. Compared lower-cased, without `-` and `_`.
 */
const FORBIDDEN_KEYS = new Set([
  "password",
  "passwordhash",
  "secret",
  "signingsecret",
  "token",
  "apikey",
  "key",
  "plaintext",
  "cardnumber",
  "card",
  "pan",
  "cvv",
  "cvc",
  "securitycode",
  "recoverycode",
  "recoverycodes",
  "otp",
  "totp",
  "authorization",
  "cookie",
]);

export class AuditDetailsError extends BrandedError {
  static override readonly brand = "AuditDetailsError";

  constructor(path: string) {
    super(
      `audit details must not hold "${path}" (secrets, keys, card data and passwords are never recorded)`,
    );
  }
}

/**
 * The details as they will be stored: JSON values only (a Date becomes its ISO text), so that the
 * hash computed now is the hash recomputed from the stored jsonb. Throws AuditDetailsError on a
 * key naming a secret.
 */
export function normaliseDetails(details: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!details) return {};
  const copy = JSON.parse(JSON.stringify(details)) as Record<string, unknown>;
  assertNoSecretKeys(copy, "");
  return copy;
}

function assertNoSecretKeys(value: unknown, path: string): void {
  if (value === null || typeof value !== "object") return;
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      assertNoSecretKeys(item, `${path}[${index}]`);
    });
    return;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const here = path ? `${path}.${key}` : key;
    if (FORBIDDEN_KEYS.has(key.toLowerCase().replaceAll(/[-_]/g, ""))) throw new AuditDetailsError(here);
    assertNoSecretKeys(item, here);
  }
}
