import { createHash } from "node:crypto";

const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * A 32-character `[A-Za-z0-9]` txid (a cobv's is 26-35) derived from `seed`: the same seed gives the
 * same txid, so that a job retried after registering a charge registers the same one again
 * (`PUT /cobv/{txid}` is idempotent) instead of a second charge.
 */
export function pixTxid(seed: string): string {
  const digest = createHash("sha256").update(`pix-txid:${seed}`).digest();
  let txid = "";
  for (let i = 0; i < 32; i++) txid += ALPHANUMERIC[digest[i]! % ALPHANUMERIC.length];
  return txid;
}

export const TXID_PATTERN = /^[A-Za-z0-9]{26,35}$/;
