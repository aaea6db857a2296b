import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";

const DIR = "docs/screenshots";

/** Saves a full-page screenshot for the docs (docs/screenshots/NAME.png). */
export async function docShot(page: Page, name: string) {
  mkdirSync(DIR, { recursive: true });
  await page.screenshot({ path: `${DIR}/${name}.png`, fullPage: true });
}
