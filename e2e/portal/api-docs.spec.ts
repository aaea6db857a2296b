import { expect, type Page, test } from "@playwright/test";
import { signIn, USERS } from "../support/auth";
import { expectNoSeriousA11yViolations } from "../support/axe";

/** Collects CSP violations: the console's report and the securitypolicyviolation event. */
async function watchCsp(page: Page) {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text()))
      violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

/** Refuses every request that leaves this machine, and remembers what was tried. */
async function goOffline(page: Page) {
  const outside: string[] = [];
  await page.route("**/*", (route) => {
    const { hostname } = new URL(route.request().url());
    if (hostname === "localhost" || hostname === "127.0.0.1") return route.continue();
    outside.push(route.request().url());
    return route.abort("internetdisconnected");
  });
  return outside;
}

test.describe("API reference", () => {
  test("the endpoints stay rendered when the viewer starts before the page has hydrated", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    // The app's own scripts arrive late, so Swagger UI (a deferred script) runs before hydration.
    await page.route("**/_next/static/chunks/**", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto("/docs");
    await expect(page.locator(".opblock").filter({ hasText: "/v1/metrics" })).toBeVisible();
    await page.waitForTimeout(2500);
    await expect(page.locator(".opblock").filter({ hasText: "/v1/metrics" })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("/docs renders the OpenAPI document offline, without a session and with no CSP violation", async ({
    page,
  }) => {
    const violations = await watchCsp(page);
    const outside = await goOffline(page);
    await page.goto("/docs");
    await expect(page.getByRole("heading", { level: 1, name: "Broker portal API reference" })).toBeVisible();

    const metrics = page.locator(".opblock").filter({ hasText: "/v1/metrics" });
    await expect(metrics).toBeVisible();
    await metrics.locator(".opblock-summary").click();
    await expect(metrics.getByText("from", { exact: true }).first()).toBeVisible();
    await expect(
      page.locator(".opblock").filter({ hasText: "/v1/policy/{registerNumber}/all" }),
    ).toBeVisible();

    const errors = page.getByTestId("error-codes");
    const expected: [string, string][] = [
      ["INVALID-FORM-FIELD", "400"],
      ["POLICY-NOT-FOUND", "404"],
      ["SERVICE-UNAVAILABLE", "503"],
      ["429 (gateway)", "429"],
    ];
    for (const [code, status] of expected) {
      await expect(errors.getByRole("row").filter({ hasText: code }).first()).toContainText(status);
    }
    await expect(page.locator("#webhooks")).toContainText("checkout.issued");
    await expect(page.locator("#webhooks")).toContainText("webhook-signature");
    await expect(page.locator("#getting-started")).toContainText("quotation/contracting");
    await expect(page.locator("#limits")).toContainText("GET /api/v1/metrics");

    expect(outside).toEqual([]);
    expect(violations).toEqual([]);
  });

  test("the keys page charts the last 30 days of a key, with the numbers in a table", async ({
    page,
    request,
  }) => {
    const violations = await watchCsp(page);
    await signIn(page, USERS.admin);
    await page.goto("/settings/keys");
    const name = `Uso ${Date.now()}`;
    const form = page.getByRole("form", { name: "Nova chave de API" });
    await form.getByLabel("Nome").fill(name);
    await form.getByRole("button", { name: "Criar chave" }).click();
    const key = await page.getByLabel("Chave criada").inputValue();
    const headers = { "Ocp-Apim-Subscription-Key": key };
    for (let call = 0; call < 3; call++) {
      expect((await request.get("/api/v1/policy/100000/all?itemsPerPage=1", { headers })).status()).toBe(200);
    }
    expect((await request.get("/api/v1/policy/100000/0000000000000", { headers })).status()).toBe(404);
    const report = await request.get("/api/v1/metrics", { headers });
    expect(report.status()).toBe(200);

    await page.reload();
    const figure = page.getByRole("figure").filter({ hasText: name });
    await expect(figure.locator(".recharts-wrapper")).toBeVisible();
    await expect(figure.locator(".recharts-bar-rectangle").first()).toBeVisible();
    await expect(figure).toHaveAccessibleName(/5 chamadas .* 4 com sucesso, 1 com erro, 0 bloqueadas/);
    await figure.getByText("Ver os números por dia").click();
    const rows = figure.getByRole("table").getByRole("row");
    await expect(rows).toHaveCount(31);
    await expect(rows.last()).toContainText("5");
    await expectNoSeriousA11yViolations(page);
    expect(violations).toEqual([]);
  });
});
