// What the in-process benchmarks share: a scratch database of their own and the worker, inline or
// as `npm run worker` in a child process (as deployed).
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { type DatabaseHandle, openMemoryPglite, openPostgres } from "@/db/index";
import { migrateDatabase } from "@/db/migrate";
import { startWorker, stopWorker } from "@/lib/worker";

/**
 * A migrated database for one run: in-memory PGlite, or a new PostgreSQL database named
 * `{prefix}_{random}` on DATABASE_URL's server (the app's pool size), dropped again on close.
 */
export async function openScratchDatabase(
  kind: "pglite" | "postgres",
  prefix: string,
): Promise<DatabaseHandle & { url?: string }> {
  if (kind === "pglite") {
    const handle = await openMemoryPglite();
    await migrateDatabase(handle);
    return handle;
  }
  const url = process.env.DATABASE_URL!;
  const name = `${prefix}_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = openPostgres(target.toString(), { max: 10 });
  await migrateDatabase(handle);
  return {
    ...handle,
    url: target.toString(),
    close: async () => {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export type WorkerControl = { start(): Promise<void>; stop(): Promise<void>; label: string };

export const inlineWorker: WorkerControl = {
  start: startWorker,
  stop: () => stopWorker(),
  label: "worker inline",
};

/** scripts/worker.ts in a child process on the scratch database (WORKER=off + npm run worker). */
export function processWorker(url: string): WorkerControl {
  let child: ChildProcess | undefined;
  return {
    label: "worker in a separate process (npm run worker)",
    start: () =>
      new Promise((resolve, reject) => {
        child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
          env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "warn" },
          stdio: ["ignore", "pipe", "inherit"],
        });
        child.stdout!.on("data", (chunk: Buffer) => {
          if (chunk.toString().includes("worker running")) resolve();
        });
        child.once("exit", (code) => reject(new Error(`worker exited with ${code}`)));
      }),
    stop: () =>
      new Promise((resolve) => {
        if (!child || child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGINT");
      }),
  };
}
