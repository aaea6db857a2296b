import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";

export type ReceivedWebhook = {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** performance.now() when the body was complete (the benchmark's "received"). */
  receivedAt: number;
};

export type Reply = { status: number; hold?: Promise<void> };

/**
 * A real HTTP server on a loopback port that records every request, for tests and the benchmark.
 * `reply` chooses the answer of each request (200 by default); `hold` delays it until resolved.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  reply: (request: ReceivedWebhook) => Reply = () => ({ status: 200 });
  private server?: Server;
  private waiters: (() => void)[] = [];

  async start(host = "127.0.0.1"): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", async () => {
        const request: ReceivedWebhook = {
          path: req.url ?? "/",
          headers: req.headers,
          body: Buffer.concat(chunks).toString("utf8"),
          receivedAt: performance.now(),
        };
        this.received.push(request);
        for (const wake of this.waiters.splice(0)) wake();
        const reply = this.reply(request);
        await reply.hold;
        res.writeHead(reply.status, { "content-type": "text/plain" }).end(reply.status < 300 ? "ok" : "no");
      });
    });
    this.server.keepAliveTimeout = 1000;
    await new Promise<void>((resolve) => this.server!.listen(0, host, resolve));
  }

  get port(): number {
    return (this.server!.address() as AddressInfo).port;
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  on(path: string): ReceivedWebhook[] {
    return this.received.filter((request) => request.path === path);
  }

  /** Waits until `count` requests reached `path` (or the deadline passes). */
  async waitFor(path: string, count = 1, timeoutMs = 20_000): Promise<ReceivedWebhook[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.on(path).length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${this.on(path).length} of ${count} webhook(s) reached ${path}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.on(path);
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
