// No `server-only` marker: pure functions, tested directly.
import { Secret, TOTP } from "otpauth";

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps of clock drift accepted either way: a code one step old (or early) passes, two do not. */
export const TOTP_DRIFT_STEPS = 1;
export const TOTP_ISSUER = "Portal do Corretor";

const PARAMETERS = { algorithm: "SHA1", digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS } as const;

/** A new random secret (160 bits, as RFC 4226 recommends), base32. */
export function createTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/…` URI an authenticator app reads (from a QR code or pasted). */
export function totpUri(secret: string, accountName: string): string {
  return new TOTP({
    ...PARAMETERS,
    issuer: TOTP_ISSUER,
    label: accountName,
    secret: Secret.fromBase32(secret),
  }).toString();
}

/** The secret in groups of four characters, for typing it into an app by hand. */
export function groupSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}

/** The 30-second step `timestampMs` falls in. */
export function totpStep(timestampMs: number): number {
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: timestampMs });
}

/** The code of the step of `timestampMs` (tests and the enrolment's own checks). */
export function generateTotpCode(secret: string, timestampMs: number): string {
  return TOTP.generate({ ...PARAMETERS, secret: Secret.fromBase32(secret), timestamp: timestampMs });
}

/** Six digits, spaces allowed between them ("123 456"). */
export function normalizeTotpCode(input: string): string | undefined {
  const digits = input.replace(/\s+/g, "");
  return /^\d{6}$/.test(digits) ? digits : undefined;
}

/**
 * The step whose code `code` is, within one step of drift around `timestampMs`, or undefined.
 * Whether that step was already used is the caller's check (db/queries/second-factor.ts).
 */
export function matchTotpStep(secret: string, code: string, timestampMs: number): number | undefined {
  const token = normalizeTotpCode(code);
  if (!token) return undefined;
  const delta = TOTP.validate({
    ...PARAMETERS,
    token,
    secret: Secret.fromBase32(secret),
    timestamp: timestampMs,
    window: TOTP_DRIFT_STEPS,
  });
  return delta === null ? undefined : totpStep(timestampMs) + delta;
}
