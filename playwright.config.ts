import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS } from "./e2e/support/chromium";

/**
 * End-to-end tests against the production build: `next build`, then one `next start -p 3100` on a
 * fresh embedded database (.data/e2e-pglite, wiped first; the app seeds it on first start). With
 * DATABASE_URL set (CI), the server uses that PostgreSQL database instead, which .ci/run migrates
 * and seeds beforehand; REDIS_URL in the environment reaches the server too (Playwright passes its
 * own environment on). E2E_BASE_URL points the tests at a server you started yourself.
 *
 * Projects, in this order on the same server process: `portal` (the browser flows), `api-setup`
 * (broker admins make the API keys on the keys page), `api` (the partner API contract over real
 * HTTP, e2e/api/*.spec.ts), `api-last` (the per-address limit of keyless calls). The API runs after
 * pages have loaded the server's modules, as in production, where a module shared by pages and
 * route handlers is bundled more than once. `--project=api` runs them all.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const external = process.env.E2E_BASE_URL;
const baseURL = external ?? `http://localhost:${PORT}`;

const build = process.env.E2E_SKIP_BUILD ? "true" : "flock /tmp/next-build.lock npx next build";
const wipe = process.env.DATABASE_URL ? "true" : "rm -rf .data/e2e-pglite";
const chrome = { ...devices["Desktop Chrome"], channel: undefined };

export default defineConfig({
  testDir: "./e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    baseURL,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  projects: [
    { name: "portal", testDir: "./e2e/portal", use: chrome },
    {
      name: "api-setup",
      testDir: "./e2e/api",
      testMatch: /\.setup\.ts$/,
      dependencies: ["portal"],
      teardown: "api-last",
      use: chrome,
    },
    {
      name: "api",
      testDir: "./e2e/api",
      testMatch: /\.spec\.ts$/,
      testIgnore: /\.last\.spec\.ts$/,
      dependencies: ["api-setup"],
    },
    // A teardown runs after its project's dependents have finished, whatever their results: the
    // per-address limit on keyless calls, which leaves them refused for a minute, goes last.
    { name: "api-last", testDir: "./e2e/api", testMatch: /\.last\.spec\.ts$/ },
  ],
  webServer: external
    ? undefined
    : {
        command: `${wipe} && ${build} && npx next start -p ${PORT}`,
        url: `${baseURL}/sign-in`,
        timeout: 600_000,
        reuseExistingServer: false,
        stdout: "pipe",
        stderr: "pipe",
        env: {
          PGLITE_DIR: ".data/e2e-pglite",
          // Required by `next start` (lib/server/production-config.ts): the origin of document links.
          PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL ?? baseURL,
          WORKER: "inline",
          // e2e/portal/webhooks.spec.ts points an endpoint at a loopback server it starts.
          WEBHOOK_ALLOW_LOOPBACK: "1",
          // e2e/api/sandbox.spec.ts drives policies through the sandbox endpoints (off by default under next start).
          SANDBOX: "on",
          // e2e/portal/password-reset.spec.ts waits out the fresh proof of the user (5 minutes by default).
          REAUTH_WINDOW_SECONDS: process.env.REAUTH_WINDOW_SECONDS ?? "60",
          ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
        },
      },
});
