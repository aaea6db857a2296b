import { type Browser, expect, type Page, test } from "@playwright/test";
import postgres from "postgres";
import { AppServer } from "../support/app-server";
import { signIn } from "../support/auth";
import { DatabaseRelay } from "../support/database-relay";
import { fillBrokerQuotation } from "../support/quotations";
import { docShot } from "../support/screenshots";

/**
 * Database failures on the production build, seen by a broker: a second `next start` of the same
 * build talks to PostgreSQL through a relay this file cuts and restores (the shared server stays
 * up), and its output is read for personal data.
 */
const DATABASE_URL = process.env.DATABASE_URL;
const PORT = Number(process.env.E2E_OUTAGE_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1);

test.describe("database failures on the built server", () => {
  test.skip(!DATABASE_URL, "needs PostgreSQL (DATABASE_URL): the relay sits between the app and the server");
  test.describe.configure({ timeout: 120_000 });

  const relay = new DatabaseRelay({
    host: DATABASE_URL ? new URL(DATABASE_URL).hostname : "127.0.0.1",
    port: DATABASE_URL ? Number(new URL(DATABASE_URL).port || 5432) : 5432,
  });
  let server: AppServer;

  test.beforeAll(async () => {
    await relay.open();
    server = new AppServer(PORT, { DATABASE_URL: relay.urlFor(DATABASE_URL!), WORKER: "off" });
    await server.start();
  });

  test.afterAll(async () => {
    await server?.stop();
    await relay.cut();
  });

  async function signedIn(browser: Browser): Promise<Page> {
    const context = await browser.newContext({ baseURL: server.baseURL });
    const page = await context.newPage();
    await signIn(page);
    return page;
  }

  test("a failed Server Action prints no CPF, e-mail, phone or address", async ({ browser }) => {
    const admin = postgres(DATABASE_URL!, { max: 1, onnotice: () => {} });
    // A constraint that refuses one insured name: the quotation insert (all the insured's data as
    // parameters) fails in the database, as a NUL byte or any other bad value would.
    await admin.unsafe(
      "alter table quotations add constraint e2e_pii_probe check (insured_name <> 'Falha Proposital E2E') not valid",
    );
    try {
      const page = await signedIn(browser);
      const printedBefore = server.output.length;
      const form = await fillBrokerQuotation(page, "Falha Proposital E2E");
      await form.getByRole("button", { name: "Calcular cotação" }).click();
      await expect(page.getByRole("heading", { name: "Algo deu errado" })).toBeVisible();
      await expect.poll(() => server.output.slice(printedBefore)).toContain("e2e_pii_probe");
      const printed = server.output.slice(printedBefore);
      for (const personal of [
        "52998224725",
        "529.982.247-25",
        "segurado@example.com",
        "11987654321",
        "98765-4321",
        "Avenida Paulista",
        "01310100",
        "Bela Vista",
      ]) {
        expect(printed, personal).not.toContain(personal);
      }
      await page.context().close();
    } finally {
      await admin.unsafe("alter table quotations drop constraint if exists e2e_pii_probe");
      await admin.end();
    }
  });

  test("while the database is unreachable the portal answers a pt-BR 503, and recovers", async ({
    browser,
  }) => {
    const page = await signedIn(browser);
    const consoleErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    const quotationStatus = "/quotations/00000000-0000-4000-8000-000000000000/checkout/status";
    await relay.cut();
    try {
      // The first request may still find the database "up" (the check is cached for a few seconds)
      // and fail while rendering: the error boundary then says the same words, and the status is
      // 503 too (the front door answers a failed render during an outage so). Every later one gets
      // the 503 page from the proxy.
      const first = await page.goto("/policies");
      expect(first!.status()).toBe(503);
      await expect(page.getByRole("heading", { level: 1, name: "Serviço indisponível" })).toBeVisible();
      await expect(page.getByText("Serviço indisponível, tente em instantes.")).toBeVisible();
      await expect
        .poll(async () =>
          (await page.request.get("/policies", { headers: { accept: "text/html" } })).status(),
        )
        .toBe(503);

      const response = await page.goto("/policies");
      expect(response!.status()).toBe(503);
      expect(response!.headers()["retry-after"]).toBe("5");
      expect(response!.headers()["content-type"]).toContain("text/html");
      await expect(page.getByRole("heading", { level: 1, name: "Serviço indisponível" })).toBeVisible();
      await expect(page.getByText("Serviço indisponível, tente em instantes.")).toBeVisible();
      await docShot(page, "service-unavailable");

      const signInPage = await page.request.get("/sign-in", { headers: { accept: "text/html" } });
      expect(signInPage.status()).toBe(503);
      const csv = await page.request.get("/policies/export");
      expect(csv.status()).toBe(503);
      expect(csv.headers()["retry-after"]).toBe("5");
      const status = await page.request.get(quotationStatus);
      expect(status.status()).toBe(503);
      expect(await status.json()).toEqual({ error: "Serviço indisponível, tente em instantes." });
      // The API says the same in its own shapes, each 503 with Retry-After.
      const lookup = await page.request.get("/api/v1/policy/100000/1000000000001", {
        headers: { "Ocp-Apim-Subscription-Key": `bpk_live_${"x".repeat(40)}` },
      });
      expect(lookup.status()).toBe(503);
      expect(lookup.headers()["retry-after"]).toBe("5");
      expect((await lookup.json()).errors[0].code).toBe("SERVICE-UNAVAILABLE");
      const health = await page.request.get("/api/health");
      expect(health.status()).toBe(503);
      expect(health.headers()["retry-after"]).toBe("5");
      expect(consoleErrors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
    } finally {
      await relay.open();
    }
    // Back within 2 s of the database accepting connections again.
    await expect
      .poll(
        async () => (await page.request.get("/policies", { headers: { accept: "text/html" } })).status(),
        { timeout: 2_000, intervals: [100] },
      )
      .toBe(200);
    await page.goto("/policies");
    await expect(page.getByRole("heading", { level: 1, name: "Apólices" })).toBeVisible();
    await page.context().close();
  });
});
