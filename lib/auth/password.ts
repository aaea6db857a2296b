// No `server-only` marker: the seed and CLI (tsx, outside Next) import this module too.
import { hash, verify } from "@node-rs/argon2";

/** argon2id (the library's Algorithm.Argon2id = 2), OWASP-recommended cost: 19 MiB, 2 passes. */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** A PHC-format argon2id hash (`$argon2id$v=19$m=19456,t=2,p=1$…`) of `plain`. */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

/** True when `plain` matches `passwordHash`; false (never a throw) for a malformed hash. */
export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(passwordHash, plain);
  } catch {
    return false;
  }
}
