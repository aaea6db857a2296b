// The production app for the HTTP benchmarks: `next build` when the sources are newer than the
// build (under /tmp/next-build.lock, one build at a time on the machine), then `next start` (or
// another server, as bench:policies' baseline) on a free port with the benchmark's database, rate
// limits and worker off.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { waitForServer } from "./load-runner";
import { freePort, runToCompletion, type Started, startProcess } from "./processes";

/** What `next build` compiles (tests excluded): a newer file makes the build stale. */
const BUILD_INPUTS = [
  "app",
  "lib",
  "db",
  "components",
  "next.config.ts",
  "instrumentation.ts",
  "package.json",
  "tsconfig.json",
];

function newestSourceMtime(root: string): number {
  let newest = 0;
  for (const input of BUILD_INPUTS) {
    const path = join(root, input);
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    if (stat.isFile()) {
      newest = Math.max(newest, stat.mtimeMs);
      continue;
    }
    for (const entry of readdirSync(path, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || /\.test\.tsx?$/.test(entry.name)) continue;
      newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

/**
 * Builds unless `.next` is newer than every source (`force`: always; `skip`: never when a build
 * exists), saying what it does through `log`.
 */
export async function ensureBuild(options: {
  root: string;
  logDir: string;
  log: (message: string) => void;
  force?: boolean;
  skip?: boolean;
}): Promise<void> {
  const { root, log } = options;
  const buildId = join(root, ".next/BUILD_ID");
  if (options.skip && existsSync(buildId)) return log("Using the existing .next build (--skip-build).");
  const stale = !existsSync(buildId) || statSync(buildId).mtimeMs < newestSourceMtime(root);
  if (!stale && !options.force) return log("The .next build is up to date.");
  log("Building (next build, under /tmp/next-build.lock)…");
  const started = performance.now();
  await runToCompletion("flock", ["/tmp/next-build.lock", join(root, "node_modules/.bin/next"), "build"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    logFile: `${options.logDir}/next-build.log`,
    timeoutMs: 15 * 60_000,
  });
  log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

export type App = { started: Started; baseUrl: string };

export type ServerOptions = {
  root: string;
  logDir: string;
  /** The app's database: a PostgreSQL URL, or the directory of an embedded PGlite. */
  database: { DATABASE_URL: string } | { PGLITE_DIR: string };
  appSecret: string;
  /** A path the server answers (any status) once it is up. */
  probePath: string;
  /** BENCH_FLOOR=on: the build's fixed-JSON route (app/api/bench-floor) answers. */
  floor?: boolean;
  /** The log file's name in `logDir` (default `next-start.log`). */
  logName?: string;
  /** The server's name in the error when it exits before answering (default "The app"). */
  label?: string;
};

/**
 * `next start` on 127.0.0.1 with the benchmark's database, RATE_LIMITS=off (the endpoints' own
 * windows would refuse a load test) and WORKER=off; resolves once `probePath` answers.
 */
export function startApp(options: ServerOptions): Promise<App> {
  const next = join(options.root, "node_modules/.bin/next");
  return startServer(options, (port) => [next, ["start", "-p", String(port), "-H", "127.0.0.1"]]);
}

/**
 * `command` (given the port) on a free port with the app's environment (see `startApp`); resolves
 * once `probePath` answers, rejects if it exits first.
 */
export async function startServer(
  options: ServerOptions,
  command: (port: number) => [string, string[]],
): Promise<App> {
  const port = await freePort();
  const [file, args] = command(port);
  const started = startProcess(file, args, {
    cwd: options.root,
    env: {
      ...process.env,
      ...options.database,
      NODE_ENV: "production",
      APP_SECRET: options.appSecret,
      RATE_LIMITS: "off",
      WORKER: "off",
      BENCH_FLOOR: options.floor ? "on" : "off",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    } as NodeJS.ProcessEnv,
    logFile: `${options.logDir}/${options.logName ?? "next-start.log"}`,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await Promise.race([
    waitForServer(baseUrl, options.probePath, 90_000),
    started.exited.then((code) => {
      throw new Error(
        `${options.label ?? "The app"} exited (${code}) before answering; see ${started.logFile}`,
      );
    }),
  ]);
  return { started, baseUrl };
}
