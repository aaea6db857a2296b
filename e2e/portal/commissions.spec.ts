import { expect, type Page, test } from "@playwright/test";
import { signIn } from "../support/auth";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { docShot } from "../support/screenshots";

/** YYYY-MM in São Paulo, `months` from this month (negative: before). */
function businessMonthFromNow(months: number): string {
  const [year, month] = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" })
    .format(new Date())
    .split("-")
    .map(Number) as [number, number];
  const date = new Date(Date.UTC(year, month - 1 + months, 1));
  return date.toISOString().slice(0, 7);
}

type Line = { policyNumber: string; cents: number; status: string; type: string };

const TOTALS = {
  pending: "commission-total-pending",
  available: "commission-total-available",
  paid: "commission-total-paid",
  clawedBack: "commission-total-clawed-back",
  net: "commission-total-net",
} as const;

async function totalsOnPage(page: Page): Promise<Record<keyof typeof TOTALS, number>> {
  const read = async (testId: string) => Number(await page.getByTestId(testId).getAttribute("data-cents"));
  return {
    pending: await read(TOTALS.pending),
    available: await read(TOTALS.available),
    paid: await read(TOTALS.paid),
    clawedBack: await read(TOTALS.clawedBack),
    net: await read(TOTALS.net),
  };
}

async function linesOnPage(page: Page): Promise<Line[]> {
  return page.locator("table tbody tr:has([data-testid='line-amount'])").evaluateAll((rows) =>
    rows.map((row) => ({
      policyNumber: (row.querySelector("[data-testid='line-policy']")?.textContent ?? "").trim(),
      cents: Number(row.querySelector("[data-testid='line-amount']")?.getAttribute("data-cents")),
      status: row.querySelector("[data-testid='line-status']")?.getAttribute("data-status") ?? "",
      type: row.querySelector("[data-testid='line-type']")?.getAttribute("data-type") ?? "",
    })),
  );
}

/** Every line of the month's statement, page by page (100 a page), with the count the page states. */
async function readWholeStatement(page: Page, month: string): Promise<{ lines: Line[]; count: number }> {
  const lines: Line[] = [];
  let count = 0;
  for (let n = 1; n <= 50; n++) {
    await page.goto(`/commissions?month=${month}&itemsPerPage=100&page=${n}`);
    await expect(page.getByTestId("commission-month")).toHaveAttribute("data-month", month);
    count = Number(await page.getByTestId("commission-total-items").getAttribute("data-count"));
    const pageLines = await linesOnPage(page);
    lines.push(...pageLines);
    if (pageLines.length < 100 || lines.length >= count) break;
  }
  return { lines, count };
}

const sum = (lines: Line[], keep: (line: Line) => boolean = () => true) =>
  lines.filter(keep).reduce((total, line) => total + line.cents, 0);

/** "1.234,56" / "-45,10" (the CSV's pt-BR decimal) in cents. */
function csvCents(value: string): number {
  const negative = value.startsWith("-");
  const [reais, centavos = "0"] = value.replace(/^-/, "").replace(/\./g, "").split(",");
  const cents = Number(reais) * 100 + Number(centavos.padEnd(2, "0"));
  return negative ? -cents : cents;
}

const CSV_STATUS: Record<string, string> = { Prevista: "PENDING", Disponível: "AVAILABLE", Paga: "PAID" };
const CSV_TYPE: Record<string, string> = { Comissão: "EARNED", Estorno: "CLAWBACK" };

test.describe("commission statement", () => {
  test.describe.configure({ timeout: 120_000 });

  test("the menu opens this month's statement; a bad month falls back to it", async ({ page }) => {
    await signIn(page);
    const nav = page.getByRole("navigation", { name: "Principal" });
    await nav.getByRole("link", { name: "Comissões", exact: true }).click();
    await expect(page).toHaveURL(/\/commissions$/);
    await expect(page.getByRole("heading", { level: 1, name: "Comissões" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Comissões", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const thisMonth = businessMonthFromNow(0);
    await expect(page.getByTestId("commission-month")).toHaveAttribute("data-month", thisMonth);
    await expect(page.getByTestId("commission-next-month")).toHaveCount(0);

    await page.goto("/commissions?month=2026-13&status=nada&page=abc");
    await expect(page.getByRole("heading", { level: 1, name: "Comissões" })).toBeVisible();
    await expect(page.getByTestId("commission-month")).toHaveAttribute("data-month", thisMonth);

    await page.getByTestId("commission-previous-month").click();
    await expect(page).toHaveURL(new RegExp(`month=${businessMonthFromNow(-1)}`));
    await expect(page.getByTestId("commission-month")).toHaveAttribute(
      "data-month",
      businessMonthFromNow(-1),
    );
  });

  test("last month: each total is the sum of its lines, and the CSV and the PDF say the same", async ({
    page,
  }) => {
    await signIn(page);
    const month = businessMonthFromNow(-1);
    const { lines, count } = await readWholeStatement(page, month);
    // The demo seeds a year of ledger entries: last month has some.
    expect(count).toBeGreaterThan(0);
    expect(lines).toHaveLength(count);

    await page.goto(`/commissions?month=${month}`);
    const totals = await totalsOnPage(page);
    expect(totals).toEqual({
      pending: sum(lines, (line) => line.status === "PENDING"),
      available: sum(lines, (line) => line.status === "AVAILABLE"),
      paid: sum(lines, (line) => line.status === "PAID"),
      clawedBack: sum(lines, (line) => line.type === "CLAWBACK"),
      net: sum(lines),
    });
    expect(totals.net).toBe(totals.pending + totals.available + totals.paid);
    await expectNoSeriousA11yViolations(page);
    await docShot(page, "commissions");

    // Each line links to its policy.
    const firstPolicy = page.getByTestId("line-policy").first();
    await expect(firstPolicy).toHaveAttribute("href", /^\/policies\/\d{13}$/);
    await expect(firstPolicy).toHaveText(/^\d{13}$/);

    // The CSV: every line of the month (not one page), in the page's order, Excel pt-BR.
    const exportLink = page.getByRole("link", { name: "Exportar CSV" });
    const exportHref = (await exportLink.getAttribute("href")) ?? "";
    expect(exportHref).toBe(`/commissions/export?month=${month}`);
    const csvResponse = await page.request.get(exportHref);
    expect(csvResponse.status()).toBe(200);
    expect(csvResponse.headers()["content-type"]).toContain("text/csv");
    const bytes = await csvResponse.body();
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = bytes
      .toString("utf8")
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(header).toBe("Data;Apólice;Parcela;Tipo;Base (R$);Taxa (%);Valor (R$);Situação");
    const csvLines: Line[] = rows.map((row) => {
      const fields = row.split(";");
      return {
        policyNumber: /\d+/.exec(fields[1] ?? "")?.[0] ?? "",
        cents: csvCents(fields[6] ?? ""),
        status: CSV_STATUS[fields[7] ?? ""] ?? `unknown ${fields[7]}`,
        type: CSV_TYPE[fields[3] ?? ""] ?? `unknown ${fields[3]}`,
      };
    });
    expect(csvLines).toEqual(lines);
    expect(sum(csvLines, (line) => line.status === "PENDING")).toBe(totals.pending);
    expect(sum(csvLines, (line) => line.status === "AVAILABLE")).toBe(totals.available);
    expect(sum(csvLines, (line) => line.status === "PAID")).toBe(totals.paid);
    expect(sum(csvLines, (line) => line.type === "CLAWBACK")).toBe(totals.clawedBack);
    expect(sum(csvLines)).toBe(totals.net);

    // The PDF of the same month.
    const pdfHref = (await page.getByRole("link", { name: "Baixar PDF" }).getAttribute("href")) ?? "";
    expect(pdfHref).toBe(`/commissions/pdf?month=${month}`);
    const pdf = await page.request.get(pdfHref);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toContain("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  });

  test("the status filter narrows the lines and the totals, and the exports follow it", async ({ page }) => {
    await signIn(page);
    const month = businessMonthFromNow(-1);
    await page.goto(`/commissions?month=${month}`);
    await page
      .getByRole("search", { name: "Filtros do extrato" })
      .getByLabel("Situação")
      .selectOption("PAID");
    await expect(page).toHaveURL(/[?&]status=PAID/);
    await expect(page).toHaveURL(new RegExp(`[?&]month=${month}`));
    await expect(page.getByTestId("commission-status-note")).toBeVisible();
    const statuses = await page
      .getByTestId("line-status")
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute("data-status")));
    expect(statuses.every((status) => status === "PAID")).toBe(true);
    const totals = await totalsOnPage(page);
    expect(totals.pending).toBe(0);
    expect(totals.available).toBe(0);
    expect(totals.net).toBe(totals.paid);
    await expect(page.getByRole("link", { name: "Exportar CSV" })).toHaveAttribute(
      "href",
      `/commissions/export?month=${month}&status=PAID`,
    );
    const csv = (await (await page.request.get(`/commissions/export?month=${month}&status=PAID`)).text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n")
      .slice(1);
    expect(csv.every((row) => row.endsWith(";Paga"))).toBe(true);
    expect(csv).toHaveLength(
      Number(await page.getByTestId("commission-total-items").getAttribute("data-count")),
    );
  });

  test("the last payouts are listed", async ({ page }) => {
    await signIn(page);
    await page.goto("/commissions");
    await expect(page.getByRole("heading", { level: 2, name: "Últimos repasses" })).toBeVisible();
    // A year of payouts is seeded; each row says its month (mm/aaaa), day and amount.
    const payouts = page.getByTestId("commission-payouts").locator("tbody tr");
    await expect(payouts.first()).toContainText(/\d{2}\/\d{4}/);
    await expect(payouts.first()).toContainText(/\d{2}\/\d{2}\/\d{4}/);
    await expect(payouts.first()).toContainText(/R\$/);
  });
});
