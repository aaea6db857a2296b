import { expect, test } from "@playwright/test";
import { signIn } from "../support/auth";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { normalizeName, PoliciesPage } from "../support/policies";

test.describe("policy table", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
    await page.goto("/policies");
    await expect(new PoliciesPage(page).rows()).toHaveCount(10);
  });

  test("sorts by one and by several columns through the URL", async ({ page }) => {
    const policies = new PoliciesPage(page);
    await expect(policies.rows()).toHaveCount(10);

    await policies.table.getByRole("button", { name: /^Segurado:/ }).click();
    await expect(page).toHaveURL(/[?&]sort=insuredname(&|$)/);
    await expect(policies.table.getByRole("columnheader", { name: /Segurado/ })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    await expect(policies.table.getByRole("columnheader", { name: /Status/ })).toHaveAttribute(
      "aria-sort",
      "none",
    );
    const names = (await policies.column(1)).map(normalizeName);
    expect(names).toEqual([...names].sort());

    await policies.table.getByRole("button", { name: /^Segurado:/ }).click();
    await expect(page).toHaveURL(/[?&]sort=-insuredname(&|$)/);
    const descending = (await policies.column(1)).map(normalizeName);
    expect(descending).toEqual([...descending].sort().reverse());

    // Shift+click adds a second column: status first, then the insured name inside each status.
    await page.goto("/policies?sort=status");
    await policies.table.getByRole("button", { name: /^Segurado:/ }).click({ modifiers: ["Shift"] });
    await expect(page).toHaveURL(/[?&]sort=status%2Cinsuredname(&|$)/);
    await page.getByLabel("Por página").selectOption("100");
    await expect(page).toHaveURL(/itemsPerPage=100/);
    await expect(policies.rows()).toHaveCount(100);
    const statuses = await policies.column(6);
    const pairs = (await policies.column(1)).map((name, i) => [statuses[i]!, normalizeName(name)] as const);
    for (let i = 1; i < pairs.length; i++) {
      const [prevStatus, prevName] = pairs[i - 1]!;
      const [status, name] = pairs[i]!;
      if (prevStatus === status) expect(prevName <= name, `${prevName} <= ${name}`).toBe(true);
    }
  });

  test("filters by status, product and search, resets to page 1, and survives a reload", async ({ page }) => {
    const policies = new PoliciesPage(page);
    await page.goto("/policies?page=3");
    await expect(policies.summary()).toContainText("Página 3");

    await policies.filters.getByLabel("Status").selectOption({ label: "Cancelada" });
    await expect(page).toHaveURL(/status=Canceled/);
    await expect(page).not.toHaveURL(/page=3/);
    await expect(policies.summary()).toContainText("Página 1 de");
    const statuses = await policies.column(6);
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(["Cancelada"]));

    await policies.filters.getByLabel("Status").selectOption({ label: "Todos" });
    await expect(page).not.toHaveURL(/status=/);
    await policies.filters.getByLabel("Produto").selectOption({ label: "RC Administradores e Diretores" });
    await expect(page).toHaveURL(/product=DIRECTORS-OFFICERS-CIVIL-LIABILITY/);
    await expect(policies.rows().first()).toContainText("RC Administradores e Diretores");
    expect(new Set(await policies.column(3))).toEqual(new Set(["RC Administradores e Diretores"]));

    // Search by part of a name on this page: typed text is debounced into the URL.
    const firstName = (await policies.column(1))[0]!;
    const fragment = firstName.split(" ")[0]!;
    await policies.filters.getByLabel("Buscar").fill(fragment);
    await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(fragment)}`));
    await expect(policies.rows().first()).toContainText(fragment);
    for (const name of await policies.column(1)) {
      expect(normalizeName(name)).toContain(normalizeName(fragment));
    }

    const url = page.url();
    const before = await policies.column(0);
    await page.reload();
    await expect(page).toHaveURL(url);
    await expect(policies.filters.getByLabel("Buscar")).toHaveValue(fragment);
    await expect(policies.filters.getByLabel("Produto")).toHaveValue("DIRECTORS-OFFICERS-CIVIL-LIABILITY");
    expect(await policies.column(0)).toEqual(before);
  });

  test("searches by CPF/CNPJ digits", async ({ page }) => {
    const policies = new PoliciesPage(page);
    const identity = (await policies.column(2))[0]!;
    const digits = identity.replace(/\D/g, "").slice(0, 8);
    await policies.filters.getByLabel("Buscar").fill(identity.slice(0, 10));
    await expect(page).toHaveURL(/search=/);
    await expect(policies.rows().first()).toContainText(identity);
    for (const value of await policies.column(2))
      expect(value.replace(/\D/g, "")).toMatch(new RegExp(`^${digits}`));
  });

  test("pages forward, keeps the page on reload and goes back with the browser", async ({ page }) => {
    const policies = new PoliciesPage(page);
    // The rows stream in after the summary: read them once all ten policy numbers are there.
    const readPage = async () => {
      await expect
        .poll(async () => (await policies.column(0)).filter((n) => /^\d{13}$/.test(n)).length)
        .toBe(10);
      return policies.column(0);
    };
    const firstPage = await readPage();
    await page.getByRole("button", { name: "Próxima" }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(policies.summary()).toContainText("11–20 de");
    await expect.poll(() => policies.column(0)).not.toEqual(firstPage);
    const secondPage = await readPage();
    expect(secondPage.filter((n) => firstPage.includes(n))).toEqual([]);

    await page.reload();
    await expect(policies.summary()).toContainText("11–20 de");
    await expect.poll(() => policies.column(0)).toEqual(secondPage);

    await page.goBack();
    await expect(page).not.toHaveURL(/page=2/);
    await expect(policies.summary()).toContainText("1–10 de");
    await expect.poll(() => policies.column(0)).toEqual(firstPage);
  });

  test("shows an empty state when nothing matches", async ({ page }) => {
    await page.goto("/policies?search=zzzznenhumsegurado");
    await expect(page.getByText("Nenhuma apólice encontrada com esses filtros.")).toBeVisible();
    await page.getByRole("table").getByRole("button", { name: "Limpar filtros" }).click();
    await expect(page).toHaveURL(/\/policies$/);
    await expect(new PoliciesPage(page).rows()).toHaveCount(10);
  });

  test("a hand-edited bad URL falls back to defaults", async ({ page }) => {
    await page.goto("/policies?page=abc&sort=bogus&status=Nope&itemsPerPage=9999");
    await expect(new PoliciesPage(page).rows()).toHaveCount(10);
    await expect(new PoliciesPage(page).summary()).toContainText("1–10 de");
  });

  test("exports exactly the filtered and sorted list, all pages, as CSV", async ({ page }) => {
    const policies = new PoliciesPage(page);
    await page.goto("/policies?status=Expired&sort=insuredname");
    await expect(policies.rows().first()).toBeVisible();
    const total = Number(
      ((await policies.summary().textContent()) ?? "").match(/de ([\d.]+)/)![1]!.replace(/\./g, ""),
    );
    expect(total).toBeGreaterThan(10);
    const firstPage = await policies.column(0);

    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("link", { name: "Exportar CSV" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^apolices-100000-\d{4}-\d{2}-\d{2}\.csv$/);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const lines = text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Apólice;Número completo;Segurado;CPF/CNPJ;Produto;Modalidade;Início da vigência;Fim da vigência;Status;Emitida em;Parcelas;Prêmio total (R$)",
    );
    const rows = lines.slice(1).map((line) => line.split(";"));
    expect(rows).toHaveLength(total);
    // Policy numbers are written as text formulas (="…") so spreadsheets keep every digit.
    expect(rows.slice(0, 10).map((row) => row[0])).toEqual(firstPage.map((n) => `"=""${n}"""`));
    expect(new Set(rows.map((row) => row[8]))).toEqual(new Set(["Expirada"]));
    const names = rows.map((row) => normalizeName(row[2]!.replace(/^"|"$/g, "")));
    expect(names).toEqual([...names].sort());
    for (const row of rows) expect(row[6]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });

  test("the export needs a session", async ({ browser }) => {
    const context = await browser.newContext();
    const response = await context.request.get("/policies/export");
    expect(response.status()).toBe(401);
    await context.close();
  });

  test("opens a policy and has no serious accessibility violations", async ({ page }) => {
    await expectNoSeriousA11yViolations(page);
    const policies = new PoliciesPage(page);
    const number = (await policies.column(0))[0]!;
    await policies.table.getByRole("link", { name: number }).click();
    await expect(page).toHaveURL(new RegExp(`/policies/${number}$`));
    await expect(page.getByRole("heading", { level: 1, name: `Apólice ${number}` })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Parcelas" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Prêmio" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
