import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";

const DIR = "docs/screenshots";

/** Saves a full-page screenshot for the docs (docs/screenshots/NAME.png). */
export async function docShot(page: Page, name: string) {
  mkdirSync(DIR, { recursive: true });
  await page.screenshot({ path: `${DIR}/${name}.png`, fullPage: true });
  // The capture resizes Chromium's viewport and back; with a text field focused, the next focus
  // change then scrolls the page between mouse down and up, and the click lands beside its target.
  // Blurring and refocusing the field settles that without moving the page.
  await page.evaluate(() => {
    const focused = document.activeElement;
    if (focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement) {
      focused.blur();
      focused.focus();
    }
  });
}

/** The page as it is now, at 1280 and at 375 px (docs/screenshots/NAME-1280.png, NAME-375.png). */
export async function docShotsAtBothWidths(page: Page, name: string) {
  const original = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 900 });
  await docShot(page, `${name}-1280`);
  await page.setViewportSize({ width: 375, height: 812 });
  await docShot(page, `${name}-375`);
  if (original) await page.setViewportSize(original);
}
