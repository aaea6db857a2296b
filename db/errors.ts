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

/**
 * The digest a sanitised "database unreachable" error carries: Next keeps a digest it finds on an
 * error, so the portal's error boundaries can tell an outage from a bug and say so in pt-BR.
 */
export const DATABASE_UNAVAILABLE_DIGEST = "DATABASE-UNAVAILABLE";

const CONDITION_NAMES: Record<string, string> = {
  "23502": "not_null_violation",
  "23503": "foreign_key_violation",
  "23505": "unique_violation",
  "23514": "check_violation",
  "22001": "string_data_right_truncation",
  "22003": "numeric_value_out_of_range",
  "22007": "invalid_datetime_format",
  "22008": "datetime_field_overflow",
  "22021": "character_not_in_repertoire",
  "22P02": "invalid_text_representation",
  "22P05": "untranslatable_character",
  "40001": "serialization_failure",
  "40P01": "deadlock_detected",
  "57014": "query_canceled",
};

type DriverError = {
  code?: unknown;
  message?: unknown;
  constraint_name?: unknown;
  constraint?: unknown;
  table_name?: unknown;
  table?: unknown;
  column_name?: unknown;
  column?: unknown;
};

const text = (value: unknown) => (typeof value === "string" && value ? value : undefined);

/** A database error as it may be logged: SQLSTATE, constraint, table and column are kept. */
export type SanitizedDatabaseError = Error & {
  code?: string;
  constraint_name?: string;
  table_name?: string;
  column_name?: string;
  digest?: string;
};

/**
 * A copy of a failed query's error that holds no data: Drizzle's error message lists the query's
 * parameters, and the driver's `detail` ("Failing row contains (…)", "Key (email)=(…)") the row's
 * values, all of which Next would print to stderr. Kept: the SQLSTATE (so isUniqueViolation and
 * isDatabaseUnavailable still work), the constraint, table and column names, the statement text
 * (placeholders only, cut short), and for connection failures the driver's message (host and port).
 * An unreachable database also gets DATABASE_UNAVAILABLE_DIGEST.
 */
export function sanitizeDatabaseError(error: unknown, statement?: string): SanitizedDatabaseError {
  let source = error as DriverError | undefined;
  // DrizzleQueryError wraps the driver's error as `cause`.
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  if (cause && typeof cause === "object" && (error as { params?: unknown }).params !== undefined) {
    source = cause as DriverError;
  }
  const code = text(source?.code);
  const constraint = text(source?.constraint_name) ?? text(source?.constraint);
  const table = text(source?.table_name) ?? text(source?.table);
  const column = text(source?.column_name) ?? text(source?.column);
  const unavailable = isDatabaseUnavailable(source);
  const facts = [
    code && /^[0-9A-Z]{5}$/.test(code)
      ? `SQLSTATE ${code}${CONDITION_NAMES[code] ? ` ${CONDITION_NAMES[code]}` : ""}`
      : code,
    constraint ? `constraint ${constraint}` : undefined,
    table ? `table ${table}` : undefined,
    column ? `column ${column}` : undefined,
    unavailable ? text(source?.message) : undefined,
  ].filter(Boolean);
  const sql = statement?.replace(/\s+/g, " ").trim();
  const sanitized: SanitizedDatabaseError = new Error(
    `Database query failed${facts.length ? ` (${facts.join("; ")})` : ""}${
      sql ? `: ${sql.length > 160 ? `${sql.slice(0, 160)}…` : sql}` : ""
    }`,
  );
  sanitized.name = "DatabaseQueryError";
  if (code) sanitized.code = code;
  if (constraint) sanitized.constraint_name = constraint;
  if (table) sanitized.table_name = table;
  if (column) sanitized.column_name = column;
  if (unavailable) sanitized.digest = DATABASE_UNAVAILABLE_DIGEST;
  return sanitized;
}
