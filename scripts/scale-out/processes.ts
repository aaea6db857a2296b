import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, mkdirSync } from "node:fs";
import { join } from "node:path";

/** A child process in its own process group (npm → sh → tsx → node: a kill must reach them all). */
export type Managed = { name: string; child: ChildProcess; logFile: string; output: () => string };

const running = new Set<Managed>();

export function startProcess(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  logDir: string,
): Managed {
  mkdirSync(logDir, { recursive: true });
  const logFile = join(logDir, `${name}.log`);
  const log = createWriteStream(logFile, { flags: "a" });
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let tail = "";
  const collect = (chunk: Buffer) => {
    log.write(chunk);
    tail = (tail + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const managed: Managed = { name, child, logFile, output: () => tail };
  running.add(managed);
  child.once("exit", () => {
    running.delete(managed);
    log.end();
  });
  return managed;
}

export function isRunning(managed: Managed): boolean {
  return managed.child.exitCode === null && managed.child.signalCode === null;
}

/** Sends `signal` to the whole process group and waits for the group leader to exit. */
export async function stopProcess(managed: Managed, signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
  if (!isRunning(managed)) return;
  const exited = new Promise((resolve) => managed.child.once("exit", resolve));
  try {
    process.kill(-managed.child.pid!, signal);
  } catch {
    return;
  }
  await exited;
}

/** SIGKILLs every process this run started (their groups), synchronously: safe in an exit handler. */
export function killAllSync(): void {
  for (const managed of running) {
    try {
      process.kill(-managed.child.pid!, "SIGKILL");
    } catch {}
  }
}

export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((managed) => stopProcess(managed)));
}

/** Waits until the process prints `pattern`; fails (with its output) if it exits or times out. */
export async function waitForOutput(managed: Managed, pattern: RegExp, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(managed.output())) {
    if (!isRunning(managed)) throw new Error(`${managed.name} exited:\n${managed.output()}`);
    if (Date.now() > deadline) throw new Error(`${managed.name}: no ${pattern} within ${timeoutMs} ms`);
    await sleep(100);
  }
}

export async function waitForHttp(managed: Managed, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!isRunning(managed)) throw new Error(`${managed.name} exited:\n${managed.output()}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline)
      throw new Error(`${managed.name}: ${url} not answering within ${timeoutMs} ms`);
    await sleep(200);
  }
}

/** Runs a command to its end; its output, or an error with the output when it fails. */
export async function runCommand(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  logDir: string,
): Promise<string> {
  const managed = startProcess(name, command, args, env, logDir);
  // "close", not "exit": the output has been read to its end.
  const code = await new Promise<number | null>((resolve) => managed.child.once("close", resolve));
  if (code !== 0) throw new Error(`${name} failed (exit ${code}):\n${managed.output()}`);
  return managed.output();
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
