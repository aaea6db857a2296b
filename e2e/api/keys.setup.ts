import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { expect, type Page, test as setup } from "@playwright/test";
import { API_KEYS_FILE, type ApiKeys, KEY_SPECS, type KeyName } from "../support/api";
import { signIn, USERS } from "../support/auth";

const ADMINS = { "100000": USERS.admin, "200000": USERS.otherAdmin } as const;

/** Creates one key on the keys page and reads it from the one-time display. */
async function createKey(page: Page, name: string, dailyQuota: number): Promise<string> {
  const form = page.getByRole("form", { name: "Nova chave de API" });
  await form.getByLabel("Nome").fill(name);
  await form.getByLabel("Cota diária de chamadas").fill(String(dailyQuota));
  await form.getByRole("button", { name: "Criar chave" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Chave “${name}” criada.` })).toBeVisible();
  const key = await page.getByLabel("Chave criada").inputValue();
  expect(key).toMatch(/^bpk_live_[A-Za-z0-9_-]{40}$/);
  return key;
}

/**
 * The API contract's keys, made as a partner gets them: by each broker's admin on the portal's keys
 * page (the embedded database belongs to the running server, so the CLI cannot make them). Written
 * to test-results/ for the api project.
 */
setup("broker admins create the contract suite's API keys in the portal", async ({ browser }) => {
  // About twenty keys, each a Server Action and a re-render of the keys page with its usage charts:
  // more than the default minute on a loaded CI host.
  setup.setTimeout(300_000);
  const keys: Partial<ApiKeys> = {};
  const run = Date.now().toString(36);
  for (const [broker, email] of Object.entries(ADMINS)) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, email);
    await page.goto("/settings/keys");
    for (const [name, spec] of Object.entries(KEY_SPECS) as [KeyName, (typeof KEY_SPECS)[KeyName]][]) {
      if (spec.broker !== broker) continue;
      keys[name] = await createKey(page, `Contrato ${name} ${run}`, spec.dailyQuota);
    }
    await context.close();
  }
  expect(Object.keys(keys).sort()).toEqual(Object.keys(KEY_SPECS).sort());
  mkdirSync(dirname(API_KEYS_FILE), { recursive: true });
  writeFileSync(API_KEYS_FILE, JSON.stringify(keys, null, 2));
});
