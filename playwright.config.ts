import { defineConfig, devices } from "@playwright/test";

/**
 * Portal end-to-end tests against the production build: `next build`, then `next start -p 3100`
 * on a fresh embedded database (.data/e2e-pglite, wiped first; the app seeds it on first start).
 * With DATABASE_URL set (CI), the server uses that PostgreSQL database instead, which .ci/run
 * migrates and seeds beforehand. E2E_BASE_URL points the tests at a server you started yourself.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const external = process.env.E2E_BASE_URL;
const baseURL = external ?? `http://localhost:${PORT}`;

const build = process.env.E2E_SKIP_BUILD ? "true" : "flock /tmp/next-build.lock npx next build";
const wipe = process.env.DATABASE_URL ? "true" : "rm -rf .data/e2e-pglite";

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
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
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
          ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
        },
      },
});
