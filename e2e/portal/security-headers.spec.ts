import { expect, type Page, test } from "@playwright/test";
import { signIn } from "../support/auth";

/** Collects CSP violations: the browser's console report and the securitypolicyviolation event. */
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

const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];

test.describe("security headers", () => {
  test("pages carry a strict per-request CSP and the other headers", async ({ page }) => {
    const first = await page.goto("/sign-in");
    const headers = first!.headers();
    const csp = headers["content-security-policy"] ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("same-origin");
    expect(headers["x-frame-options"]).toBe("DENY");
    // The suite runs `next start` (production): HSTS is on.
    expect(headers["strict-transport-security"]).toMatch(/^max-age=\d+/);

    // Next puts this response's nonce on every script it renders, and it changes per request.
    const nonce = nonceOf(csp);
    const scripts = await page
      .locator("script")
      .evaluateAll((nodes) => nodes.map((node) => (node as HTMLScriptElement).nonce));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((value) => value === nonce)).toBe(true);
    const second = await page.request.get("/sign-in");
    expect(nonceOf(second.headers()["content-security-policy"] ?? "")).not.toBe(nonce);
  });

  test("the portal works under the policy with no violation reported", async ({ page }) => {
    const violations = await watchCsp(page);
    await page.goto("/sign-in");
    // Client-side validation runs: the scripts were allowed.
    const form = page.getByRole("form", { name: "Entrar" });
    await form.getByRole("button", { name: "Entrar" }).click();
    await expect(form.getByText("Informe o e-mail.")).toBeVisible();
    await signIn(page);
    await page.goto("/policies");
    await expect(page.locator("table tbody tr").first()).toBeVisible();
    const number = ((await page.locator("table tbody tr td a").first().textContent()) ?? "").trim();
    for (const path of [
      "/policies?sort=insuredname",
      `/policies/${number}`,
      "/quotations",
      "/quotations/new?modality=MEDICAL-CIVIL-LIABILITY",
      "/settings/keys",
      "/settings/users",
      "/account",
      "/nao-existe",
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
    // A client-side navigation and a Radix dialog (portal, focus trap) under the policy.
    await page.goto("/settings/keys");
    await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Usuários" }).click();
    await expect(page).toHaveURL(/\/settings\/users$/);
    await page.getByRole("button", { name: /Encerrar sessões de Ana Administradora/ }).click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await page.getByRole("button", { name: "Cancelar" }).click();
    expect(violations).toEqual([]);
  });

  test("API answers and document downloads keep working, with nosniff and no page policy", async ({
    page,
  }) => {
    const health = await page.request.get("/api/health");
    expect(health.headers()["content-type"]).toContain("application/json");
    expect(health.headers()["x-content-type-options"]).toBe("nosniff");
    expect(health.headers()["content-security-policy"]).toBeUndefined();
    expect(await health.json()).toMatchObject({ status: "ok" });

    await signIn(page);
    await page.goto("/policies");
    const number = ((await page.locator("table tbody tr td a").first().textContent()) ?? "").trim();
    await page.goto(`/policies/${number}`);
    const pdf = await page.request.get(
      (await page.getByRole("link", { name: "Baixar apólice (PDF)" }).getAttribute("href"))!,
    );
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toContain("application/pdf");
    expect(pdf.headers()["x-content-type-options"]).toBe("nosniff");
  });
});
