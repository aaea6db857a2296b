import { expect, test } from "@playwright/test";
import { signIn } from "../support/auth";

test.describe("an issued quotation's page", () => {
  test("links to its policy, and says so when it has no price options instead of an empty comparison", async ({
    page,
  }) => {
    await signIn(page);
    // The demo's oldest quotations are issued policies whose prices were never quoted here (other
    // specs add newer issued quotations, with prices, at the top of the default order).
    await page.goto("/quotations?sort=createdat");
    const row = page
      .getByRole("row")
      .filter({ has: page.getByRole("link", { name: "Ver apólice" }) })
      .first();
    const policyHref = await row.getByRole("link", { name: "Ver apólice" }).getAttribute("href");
    await row.getByRole("link", { name: /^Abrir/ }).click();
    await expect(page).toHaveURL(/\/quotations\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("main").getByRole("link", { name: "Ver apólice" })).toHaveAttribute(
      "href",
      policyHref!,
    );
    await expect(page.getByText("Os preços desta cotação não estão guardados no portal.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Compare as opções" })).toHaveCount(0);
  });
});
