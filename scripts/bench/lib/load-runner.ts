// Load generators shared by the benchmarks: an open-loop runner (fixed arrival rate, latency
// measured from each request's scheduled instant, so slow responses cannot hide queueing) and a
// closed-loop burst (N connections back to back) for maximum throughput.
import { Agent, request } from "node:http";

export type BenchRequest = {
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
};

export type LoadResult = {
  /** Requests scheduled (open loop) or started (closed loop) in the measured window. */
  sent: number;
  /** Responses with a 2xx status. */
  ok: number;
  /**
   * Non-2xx responses, by status; network errors by their code (`ECONNREFUSED`, `ECONNRESET`…, or
   * `error` without one), `timeout` for timeouts.
   */
  failures: Record<string, number>;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** 2xx responses per second over the measured window. */
  throughput: number;
  durationMs: number;
};

/** `code`: the network error's code (ECONNREFUSED, ECONNRESET…), the failure's name in the results. */
type Outcome = { latencyMs: number; status: number | "error" | "timeout"; code?: string };

const agents = new Map<string, Agent>();
function agentFor(baseUrl: string): Agent {
  let agent = agents.get(baseUrl);
  if (!agent) {
    agent = new Agent({ keepAlive: true, maxSockets: 512 });
    agents.set(baseUrl, agent);
  }
  return agent;
}

/** Closes the keep-alive sockets of every runner (call before exiting). */
export function closeRunnerAgents(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/**
 * Sends one request and resolves when its body has been read (never rejects). A request that fails
 * with ECONNRESET on a reused keep-alive socket (the server closed it while idle, as Node's docs
 * describe) is sent again once; its latency still counts from the first attempt.
 */
export function sendRequest(baseUrl: string, spec: BenchRequest, timeoutMs = 10_000): Promise<Outcome> {
  const url = new URL(spec.path, baseUrl);
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (status: Outcome["status"], code?: string) => {
      if (settled) return;
      settled = true;
      resolve({ latencyMs: performance.now() - started, status, ...(code ? { code } : {}) });
    };
    const attempt = (retry: boolean) => {
      const req = request(
        url,
        {
          method: spec.method ?? "GET",
          headers: spec.headers,
          agent: agentFor(url.origin),
          timeout: timeoutMs,
        },
        (res) => {
          res.on("data", () => {});
          res.on("end", () => finish(res.statusCode ?? 0));
          res.on("error", () => finish("error"));
        },
      );
      req.on("timeout", () => {
        finish("timeout");
        req.destroy();
      });
      req.on("error", (error: NodeJS.ErrnoException) => {
        if (retry && req.reusedSocket && error.code === "ECONNRESET") attempt(false);
        else finish("error", error.code);
      });
      req.end(spec.body);
    };
    attempt(true);
  });
}

/** Nearest-rank percentile of ascending `sorted`, in ms. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function summarise(outcomes: Outcome[], sent: number, durationMs: number): LoadResult {
  const latencies = outcomes.map((o) => o.latencyMs).sort((a, b) => a - b);
  const failures: Record<string, number> = {};
  let ok = 0;
  for (const outcome of outcomes) {
    if (typeof outcome.status === "number" && outcome.status >= 200 && outcome.status < 300) ok++;
    else {
      const name = outcome.code ?? String(outcome.status);
      failures[name] = (failures[name] ?? 0) + 1;
    }
  }
  const lost = sent - outcomes.length;
  if (lost > 0) failures.unfinished = lost;
  return {
    sent,
    ok,
    failures,
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? Number.NaN,
    throughput: ok / (durationMs / 1000),
    durationMs,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type OpenLoopOptions = {
  baseUrl: string;
  /** Requests per second, spread evenly. */
  rate: number;
  durationMs: number;
  /** Run at the same rate this long first, results discarded. */
  warmupMs?: number;
  /** The i-th request of the run (i counts from 0, warm-up included). */
  next: (i: number) => BenchRequest;
  timeoutMs?: number;
};

/**
 * Open loop: request i is due at start + i/rate whatever the earlier ones are doing, and its
 * latency counts from that due instant (not from when the client got round to sending it), so
 * a stalled server shows up as latency instead of as fewer requests (coordinated omission).
 */
export async function runOpenLoop(options: OpenLoopOptions): Promise<LoadResult> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const interval = 1000 / options.rate;
  let i = 0;
  const phase = async (durationMs: number, record: boolean) => {
    const outcomes: Outcome[] = [];
    const pending: Promise<void>[] = [];
    const start = performance.now();
    const count = Math.round((durationMs / 1000) * options.rate);
    for (let k = 0; k < count; k++) {
      const due = start + k * interval;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      const lag = performance.now() - due;
      const spec = options.next(i++);
      pending.push(
        sendRequest(options.baseUrl, spec, timeoutMs).then((outcome) => {
          if (record) outcomes.push({ ...outcome, latencyMs: outcome.latencyMs + lag });
        }),
      );
    }
    // Responses still in flight at the end are awaited (bounded by the request timeout).
    await Promise.all(pending);
    return summarise(outcomes, count, durationMs);
  };
  if (options.warmupMs) await phase(options.warmupMs, false);
  return phase(options.durationMs, true);
}

export type ClosedLoopOptions = {
  baseUrl: string;
  /** Concurrent connections, each sending its next request as soon as the last one answered. */
  connections: number;
  durationMs: number;
  warmupMs?: number;
  next: (i: number) => BenchRequest;
  timeoutMs?: number;
};

/** Closed loop: maximum throughput at a fixed concurrency (latencies here include queueing). */
export async function runClosedLoop(options: ClosedLoopOptions): Promise<LoadResult> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  let i = 0;
  const phase = async (durationMs: number) => {
    const outcomes: Outcome[] = [];
    let sent = 0;
    const start = performance.now();
    const end = start + durationMs;
    const worker = async () => {
      while (performance.now() < end) {
        sent++;
        outcomes.push(await sendRequest(options.baseUrl, options.next(i++), timeoutMs));
      }
    };
    await Promise.all(Array.from({ length: options.connections }, worker));
    return summarise(outcomes, sent, performance.now() - start);
  };
  if (options.warmupMs) await phase(options.warmupMs);
  return phase(options.durationMs);
}

/** Polls `path` until the server answers anything (any status), or throws after `timeoutMs`. */
export async function waitForServer(baseUrl: string, path = "/", timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const outcome = await sendRequest(baseUrl, { path }, 2_000);
    if (typeof outcome.status === "number") return;
    await sleep(250);
  }
  throw new Error(`${baseUrl} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * Waits until `probe` answers within `quickMs` (a server still working off an earlier overload
 * would otherwise spill into the next scenario). Gives up after `timeoutMs`; returns whether it drained.
 */
export async function waitForIdle(
  baseUrl: string,
  probe: BenchRequest,
  { quickMs = 100, timeoutMs = 60_000 }: { quickMs?: number; timeoutMs?: number } = {},
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const outcome = await sendRequest(baseUrl, probe, Math.max(1_000, deadline - Date.now()));
    if (outcome.latencyMs < quickMs) return true;
    await sleep(500);
  }
  return false;
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : "-");

/** One-line summary: p50/p99/throughput and failures. */
export function formatResult(result: LoadResult): string {
  const failures = Object.entries(result.failures)
    .map(([status, n]) => `${status}×${n}`)
    .join(" ");
  return `p50 ${ms(result.p50)} ms  p99 ${ms(result.p99)} ms  ${result.throughput.toFixed(1)} req/s${failures ? `  failures ${failures}` : ""}`;
}
