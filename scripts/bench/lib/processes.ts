// Child processes of the benchmarks: started in their own process group, logged to a file, and
// stopped (group and all) on exit, on Ctrl+C and on SIGTERM.
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname } from "node:path";

const children = new Map<ChildProcess, Started>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

let hooked = false;
function hookExit(): void {
  if (hooked) return;
  hooked = true;
  process.on("exit", () => {
    for (const child of children.keys()) killGroup(child, "SIGKILL");
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopping the servers…`);
      void stopAll().finally(() => process.exit(130));
    });
  }
}

export type Started = { child: ChildProcess; logFile: string; exited: Promise<number | null> };

/** Starts `command` detached (own process group) with stdout/stderr appended to `logFile`. */
export function startProcess(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; logFile: string },
): Started {
  hookExit();
  mkdirSync(dirname(options.logFile), { recursive: true });
  const fd = openSync(options.logFile, "a");
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ["ignore", fd, fd],
  });
  closeSync(fd);
  const exited = new Promise<number | null>((resolve) => {
    child.on("exit", (code) => {
      children.delete(child);
      resolve(code);
    });
    child.on("error", () => {
      children.delete(child);
      resolve(-1);
    });
  });
  const started = { child, logFile: options.logFile, exited };
  children.set(child, started);
  return started;
}

/** SIGTERM to the process group, SIGKILL after `graceMs`. */
export async function stopProcess(started: Started, graceMs = 5_000): Promise<void> {
  killGroup(started.child, "SIGTERM");
  const timer = setTimeout(() => killGroup(started.child, "SIGKILL"), graceMs);
  await started.exited;
  clearTimeout(timer);
}

export async function stopAll(): Promise<void> {
  await Promise.all([...children.values()].map((started) => stopProcess(started)));
}

/** Runs a command to completion (bounded by `timeoutMs`), throwing with the log's tail on failure. */
export async function runToCompletion(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; logFile: string; timeoutMs: number },
): Promise<void> {
  const started = startProcess(command, args, options);
  const timer = setTimeout(() => killGroup(started.child, "SIGKILL"), options.timeoutMs);
  const code = await started.exited;
  clearTimeout(timer);
  if (code !== 0) {
    const tail = readFileSync(options.logFile, "utf8").split("\n").slice(-30).join("\n");
    throw new Error(`${command} ${args.join(" ")} failed (exit ${code}):\n${tail}`);
  }
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
