// npm run bench:pages [-- --base-url http://localhost:3000] [--iterations 30]
// Time to first byte and to the last byte of the portal's pages on the production build with the
// demo data, signed in as the demo admin (target: first load of any page under 300 ms TTFB).
// Without --base-url it starts `next start` of the existing build (run `npm run build` first) on
// a fresh embedded database (.data/bench-pages), or on DATABASE_URL when that is set.
import { rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { AppServer } from "../../e2e/support/app-server";
import { CHROMIUM_LAUNCH_OPTIONS } from "../../e2e/support/chromium";

const { values: args } = parseArgs({
  options: {
    "base-url": { type: "string" },
    iterations: { type: "string", default: "30" },
    port: { type: "string", default: "3310" },
  },
});

const ITERATIONS = Number(args.iterations);
const TARGET_TTFB_MS = 300;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** Signs in through the form in Chromium, as a broker does, and returns the session's Cookie header. */
async function signInCookie(baseURL: string): Promise<string> {
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  try {
    const page = await browser.newPage({ baseURL });
    // Lands on /account, which is not timed: every timed page's first load is the bench's own.
    await page.goto("/sign-in?callbackUrl=/account");
    const form = page.getByRole("form", { name: "Entrar" });
    await form.getByLabel("E-mail").fill("admin@corretorademo.com.br");
    await form.getByLabel("Senha").fill("demo12345");
    await form.getByRole("button", { name: "Entrar" }).click();
    await page.waitForURL((url) => url.pathname === "/account");
    const cookies = await page.context().cookies();
    return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
  } finally {
    await browser.close();
  }
}

async function load(url: string, cookie: string): Promise<{ ttfb: number; total: number; status: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie, accept: "text/html" }, redirect: "manual" });
  const ttfb = performance.now() - started;
  await response.arrayBuffer();
  return { ttfb, total: performance.now() - started, status: response.status };
}

/** The pages a broker opens in a day, home first; the policy list's links name a policy and an insured. */
const STATIC_PAGES = [
  "/",
  "/policies",
  "/policies?sort=vigencyexpiredat&endingWithinDays=90",
  "/quotations",
  "/quotations?stage=expiring&sort=expiresat",
  "/renewals",
  "/quotations/new",
];

async function demoRecordPages(baseURL: string, cookie: string): Promise<string[]> {
  const html = await (await fetch(`${baseURL}/policies`, { headers: { cookie } })).text();
  const policy = /href="\/policies\/(\d{13})"/.exec(html)?.[1];
  const insured = /href="\/insureds\/([0-9A-Z]{11,14})"/.exec(html)?.[1];
  if (!policy || !insured) throw new Error("the policy list shows no policy: is the demo data there?");
  return [`/policies/${policy}`, `/insureds/${insured}`];
}

async function main() {
  let server: AppServer | undefined;
  let baseURL = args["base-url"];
  if (!baseURL) {
    const env: Record<string, string> = { WORKER: "inline" };
    if (!process.env.DATABASE_URL) {
      rmSync(".data/bench-pages", { recursive: true, force: true });
      env.PGLITE_DIR = ".data/bench-pages";
    }
    server = new AppServer(Number(args.port), env);
    await server.start();
    baseURL = server.baseURL;
  }
  try {
    const database = process.env.DATABASE_URL ? "PostgreSQL" : args["base-url"] ? "as served" : "PGlite";
    const cookie = await signInCookie(baseURL);
    console.log(
      `Portal pages on ${baseURL} (${database}): the first load of each page since the server started, ` +
        `then ${ITERATIONS} loads after one more warm-up, ms:`,
    );
    console.log(
      "page".padEnd(52),
      "first".padStart(7),
      "ttfb p50".padStart(9),
      "ttfb p99".padStart(9),
      "full p50".padStart(9),
      "",
    );
    let misses = 0;
    const timePage = async (path: string) => {
      const first = await load(`${baseURL}${path}`, cookie);
      if (first.status !== 200) throw new Error(`${path} answered ${first.status}`);
      await load(`${baseURL}${path}`, cookie);
      const ttfbs: number[] = [];
      const totals: number[] = [];
      for (let i = 0; i < ITERATIONS; i++) {
        const sample = await load(`${baseURL}${path}`, cookie);
        if (sample.status !== 200) throw new Error(`${path} answered ${sample.status}`);
        ttfbs.push(sample.ttfb);
        totals.push(sample.total);
      }
      ttfbs.sort((a, b) => a - b);
      totals.sort((a, b) => a - b);
      const verdict = first.ttfb < TARGET_TTFB_MS && percentile(ttfbs, 50) < TARGET_TTFB_MS ? "ok" : "MISS";
      if (verdict === "MISS") misses++;
      console.log(
        path.padEnd(52),
        first.ttfb.toFixed(1).padStart(7),
        percentile(ttfbs, 50).toFixed(1).padStart(9),
        percentile(ttfbs, 99).toFixed(1).padStart(9),
        percentile(totals, 50).toFixed(1).padStart(9),
        verdict,
      );
    };
    for (const path of STATIC_PAGES) await timePage(path);
    for (const path of await demoRecordPages(baseURL, cookie)) await timePage(path);
    console.log(`Target: first load and median TTFB under ${TARGET_TTFB_MS} ms; ${misses} page(s) over it.`);
  } finally {
    await server?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
