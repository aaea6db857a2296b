import { createHmac, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { env } from "./env";
import { processSingleton } from "./process/registry";

const LOCAL_SECRET_FILE = ".data/app-secret";

type SecretsState = { secret?: string; derived: Map<string, Buffer> };
// Per process, not per bundle: the secret is read (or made) once, each purpose key derived once.
const state = processSingleton("secrets", (): SecretsState => ({ derived: new Map() }));

/**
 * APP_SECRET, or outside production a random secret kept in `.data/app-secret` so that the
 * app, the CLI and the tests of one checkout agree without configuration.
 */
function appSecret(): string {
  if (state.secret) return state.secret;
  const configured = env().APP_SECRET;
  if (configured) {
    state.secret = configured;
  } else if (env().NODE_ENV === "production" && env().DATABASE_URL) {
    throw new Error("APP_SECRET (at least 32 characters) is required in production with DATABASE_URL.");
  } else {
    if (!existsSync(LOCAL_SECRET_FILE)) {
      mkdirSync(dirname(LOCAL_SECRET_FILE), { recursive: true });
      writeFileSync(LOCAL_SECRET_FILE, randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
    }
    chmodSync(LOCAL_SECRET_FILE, 0o600);
    state.secret = readFileSync(LOCAL_SECRET_FILE, "utf8").trim();
  }
  return state.secret;
}

/** A key for one purpose (API-key hashing, sessions, document links), derived from the app secret. */
export function deriveSecret(purpose: string): Buffer {
  let key = state.derived.get(purpose);
  if (!key) {
    key = createHmac("sha256", appSecret()).update(`broker-portal:${purpose}`).digest();
    state.derived.set(purpose, key);
  }
  return key;
}
