import type { PGlite, Transaction as PgliteTransaction } from "@electric-sql/pglite";
import type PgBoss from "pg-boss";
import type { Sql } from "postgres";
import type { DatabaseHandle, Executor } from "@/db/index";

type PgliteClient = PGlite | PgliteTransaction;
type Client = PgliteClient | Sql;

/**
 * Parameters the way node-postgres sends them (pg-boss is written against it): every value as text,
 * arrays as array literals, objects as JSON. Both PGlite and postgres.js then let the server cast.
 */
function toWireValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return value;
  if (Array.isArray(value)) return arrayLiteral(value);
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function arrayLiteral(values: unknown[]): string {
  const items = values.map((item) => {
    if (item === null || item === undefined) return "NULL";
    if (Array.isArray(item)) return arrayLiteral(item);
    const text = String(toWireValue(item));
    return `"${text.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
  });
  return `{${items.join(",")}}`;
}

function isPostgresJs(client: Client): client is Sql {
  return typeof (client as Sql).unsafe === "function";
}

/**
 * pg-boss's `db` option over one of our clients. Without parameters pg-boss may send several
 * statements at once (its schema and maintenance scripts), which need the simple protocol.
 */
export function sqlExecutorOver(client: Client): PgBoss.Db {
  if (isPostgresJs(client)) {
    return {
      async executeSql(text, values) {
        if (!values?.length) {
          const result = await client.unsafe(text).simple();
          return { rows: Array.isArray(result) ? [...result] : [] };
        }
        const rows = await client.unsafe(text, values.map(toWireValue) as never[]);
        return { rows: [...rows] };
      },
    };
  }
  const pglite = client as PgliteClient;
  return {
    async executeSql(text, values) {
      if (!values?.length) {
        try {
          const results = await pglite.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        } catch (error) {
          // A failed BEGIN…COMMIT script would leave PGlite's only session in an aborted transaction.
          if (/\bBEGIN\b/i.test(text)) await pglite.exec("ROLLBACK").catch(() => {});
          throw error;
        }
      }
      const result = await pglite.query(text, values.map(toWireValue));
      return { rows: result.rows as Record<string, unknown>[] };
    },
  };
}

/** The driver client behind a Drizzle database or open transaction (the transaction's own connection). */
export function clientOf(executor: Executor): Client {
  return (executor as unknown as { session: { client: Client } }).session.client;
}

/** pg-boss's `db` option bound to an open application transaction: the job commits or rolls back with it. */
export function sqlExecutorForTransaction(executor: Executor): PgBoss.Db {
  return sqlExecutorOver(clientOf(executor));
}

/** postgres://… of the database a postgres.js client is connected to (pg-boss opens its own pool). */
export function connectionStringOf(handle: DatabaseHandle): string | undefined {
  if (handle.kind !== "postgres") return undefined;
  const options = (clientOf(handle.db) as Sql).options as unknown as {
    host: string[];
    port: number[];
    database: string;
    user: string;
    pass?: string | null;
  };
  const url = new URL("postgres://localhost");
  url.hostname = options.host[0] ?? "127.0.0.1";
  url.port = String(options.port[0] ?? 5432);
  url.pathname = `/${options.database}`;
  url.username = options.user;
  if (typeof options.pass === "string") url.password = options.pass;
  return url.toString();
}
