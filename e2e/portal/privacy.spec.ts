import { expect, type Page, test } from "@playwright/test";
import { signIn, USERS } from "../support/auth";
import { expectNoSeriousA11yViolations } from "../support/axe";

/** The CPF the e2e flows quote and issue for: left to them (policies are added for it while this runs). */
const E2E_CPF = "52998224725";

/** An insured of broker 100000 from the policy list (the last of the first page: the insured spec reads the first). */
async function someInsured(page: Page): Promise<{ identity: string; name: string }> {
  await page.goto("/policies");
  const links = page.locator(`table tbody tr a[href^="/insureds/"]`);
  await expect(links.first()).toBeVisible();
  for (const link of (await links.all()).reverse()) {
    const identity = (await link.getAttribute("href"))!.split("/").pop()!;
    if (identity !== E2E_CPF) return { identity, name: ((await link.textContent()) ?? "").trim() };
  }
  throw new Error("no insured on the first page");
}

async function download(page: Page, link: string): Promise<{ name: string; body: Buffer }> {
  const started = page.waitForEvent("download");
  await page.getByRole("link", { name: link, exact: true }).first().click();
  const file = await started;
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  return { name: file.suggestedFilename(), body: Buffer.concat(chunks) };
}

test.describe("data-subject requests (LGPD)", () => {
  test("an admin registers an access request and downloads everything held on the person, JSON and PDF", async ({
    page,
  }) => {
    await signIn(page, USERS.admin);
    const person = await someInsured(page);
    await page
      .getByRole("navigation", { name: "Principal" })
      .getByRole("link", { name: "Privacidade" })
      .click();
    await expect(page).toHaveURL(/\/settings\/privacy$/);
    await expectNoSeriousA11yViolations(page);

    const form = page.getByRole("form", { name: "Nova solicitação do titular" });
    // A wrong check digit is refused next to the field.
    await form.getByLabel("CPF ou CNPJ do titular").fill("529.982.247-24");
    await form.getByRole("button", { name: "Registrar solicitação" }).click();
    await expect(form.getByLabel("CPF ou CNPJ do titular")).toHaveAttribute("aria-invalid", "true");

    await form.getByLabel("CPF ou CNPJ do titular").fill(person.identity);
    await form.getByRole("radio", { name: "Acesso aos dados" }).check();
    await form.getByRole("button", { name: "Registrar solicitação" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Solicitação registrada." })).toBeVisible();

    const json = await download(page, "JSON");
    expect(json.name).toMatch(/\.json$/);
    const data = JSON.parse(json.body.toString("utf8"));
    const text = JSON.stringify(data);
    expect(text).toContain(person.identity);
    expect(text).toContain(person.name);
    // Nothing of the e2e flows' insured, whose policies sit on the same broker.
    expect(text).not.toContain(E2E_CPF);

    const pdf = await download(page, "PDF");
    expect(pdf.name).toMatch(/\.pdf$/);
    expect(pdf.body.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    // The request is answered: done, with what was exported, and the deadline kept on the list.
    await page.reload();
    const row = page.getByRole("row").filter({ hasText: "Acesso aos dados" }).first();
    await expect(row).toContainText("Concluída");
    await expect(row).toContainText("Apólices");
    await page.screenshot({ path: "test-results/screenshots/privacy.png", fullPage: true });
  });

  test("a member cannot open the privacy page", async ({ page }) => {
    await signIn(page, USERS.member);
    await page.goto("/settings/privacy");
    await expect(page).toHaveURL(/\/forbidden$/);
    await expect(
      page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Privacidade" }),
    ).toHaveCount(0);
  });
});
