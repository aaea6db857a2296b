import { createHmac, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { env } from "./env";

const LOCAL_SECRET_FILE = ".data/app-secret";
let secret: string | undefined;

/**
 * APP_SECRET, or outside production a random secret kept in `.data/app-secret` so that the
 * app, the CLI and the tests of one checkout agree without configuration.
 */
function appSecret(): string {
  if (secret) return secret;
  const configured = env().APP_SECRET;
  if (configured) {
    secret = configured;
  } else if (env().NODE_ENV === "production" && env().DATABASE_URL) {
    throw new Error("APP_SECRET (at least 32 characters) is required in production with DATABASE_URL.");
  } else {
    if (!existsSync(LOCAL_SECRET_FILE)) {
      mkdirSync(dirname(LOCAL_SECRET_FILE), { recursive: true });
      writeFileSync(LOCAL_SECRET_FILE, randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
    }
    chmodSync(LOCAL_SECRET_FILE, 0o600);
    secret = readFileSync(LOCAL_SECRET_FILE, "utf8").trim();
  }
  return secret;
}

/** A key for one purpose (API-key hashing, sessions, document links), derived from the app secret. */
export function deriveSecret(purpose: string): Buffer {
  let key = derived.get(purpose);
  if (!key) {
    key = createHmac("sha256", appSecret()).update(`broker-portal:${purpose}`).digest();
    derived.set(purpose, key);
  }
  return key;
}

// Derived once per purpose: API-key hashing and link signing call this on every request.
const derived = new Map<string, Buffer>();
