import { type ChildProcess, spawn } from "node:child_process";

/**
 * A second `next start` of the same build, for tests that need their own server process (its own
 * database URL, its stderr). Output is kept so a test can read what the server printed.
 */
export class AppServer {
  private process?: ChildProcess;
  output = "";

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
    /** Variables of this process's environment the server must not see. */
    private readonly unset: string[] = [],
  ) {}

  get baseURL(): string {
    return `http://localhost:${this.port}`;
  }

  async start(): Promise<void> {
    if (await this.answers()) throw new Error(`port ${this.port} is already in use`);
    const env: NodeJS.ProcessEnv = { ...process.env, PUBLIC_BASE_URL: this.baseURL, ...this.env };
    for (const name of this.unset) delete env[name];
    const child = spawn("npx", ["next", "start", "-p", String(this.port)], {
      // A production server needs its public origin (lib/server/production-config.ts).
      env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    this.process = child;
    child.stdout?.on("data", (chunk) => {
      this.output += String(chunk);
    });
    child.stderr?.on("data", (chunk) => {
      this.output += String(chunk);
    });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`next start exited:\n${this.output}`);
      if (await this.answers()) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`next start did not answer within 60 s:\n${this.output}`);
  }

  private async answers(): Promise<boolean> {
    try {
      return (await fetch(`${this.baseURL}/sign-in`)).status < 500;
    } catch {
      return false;
    }
  }

  async stop(): Promise<void> {
    const child = this.process;
    if (!child?.pid || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    process.kill(-child.pid, "SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (child.exitCode === null) process.kill(-child.pid, "SIGKILL");
  }
}
