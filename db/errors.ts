import { BrandedError } from "@/lib/process/branded-error";

/** A second process tried to open the embedded database directory. */
export class DatabaseLockedError extends BrandedError {
  static override readonly brand = "DatabaseLockedError";

  constructor(dir: string) {
    super(
      `The embedded database at ${dir} is already open in another process (is the portal running?). ` +
        "PGlite allows one process at a time: stop that process first, or set DATABASE_URL to use PostgreSQL.",
    );
  }
}

const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
]);

/** True when an error means the database cannot be reached (answered 503, not 500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
    if (current instanceof DatabaseLockedError) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** True for a unique-constraint violation (SQLSTATE 23505), optionally of one named constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const { code } = current as { code?: unknown };
    if (code === "23505") {
      if (!constraint) return true;
      const c = current as { constraint_name?: string; constraint?: string; message?: string };
      return (c.constraint_name ?? c.constraint ?? c.message ?? "").includes(constraint);
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
