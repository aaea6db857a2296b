// The benchmarks' guard: they drop and recreate their database, so it must be one of their own on a
// loopback PostgreSQL (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432).

/** Names a benchmark must never take: the server's own database and the ones the tests and people use. */
const RESERVED = ["postgres", "test", "root"];
const LOOPBACK = ["127.0.0.1", "localhost", "[::1]"];

export type BenchDatabase = {
  /** The benchmark's database. */
  name: string;
  /** Its URL on the benchmark's server. */
  url: string;
  /** The URL of another database on the same server (`postgres` for the admin connection). */
  urlOf(name: string): string;
};

/**
 * Checks `name` (`--database`: a plain lower-case identifier, not a reserved one) and BENCH_PG_URL
 * (loopback only), throwing before anything is written; answers the database's URLs.
 */
export function benchDatabase(name: string): BenchDatabase {
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || RESERVED.includes(name)) {
    throw new Error(`--database ${name}: pick a benchmark database of your own`);
  }
  const server = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432";
  if (!LOOPBACK.includes(new URL(server).hostname)) {
    throw new Error("BENCH_PG_URL must point at a loopback PostgreSQL");
  }
  const urlOf = (database: string) => {
    const url = new URL(server);
    url.pathname = `/${database}`;
    return url.toString();
  };
  return { name, url: urlOf(name), urlOf };
}
