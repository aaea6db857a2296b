import { expect, type Page, test } from "@playwright/test";
import { clearOfWindowEdge } from "../../lib/testing/window-edge";
import { acceptInvitation, freshPage, invitationLinkFromOutbox, invite } from "../support/accounts";
import { DEMO_PASSWORD, signIn, USERS } from "../support/auth";

/**
 * The sign-in lock-out against a burst, from the outside (lib/auth/sign-in-throttle.ts): 1,000
 * sign-in Server Action calls for one account sent at once over HTTP, the right password last.
 * At most the limit (5 from one address) may be checked; every other answer is the lock-out's
 * (or, with Redis, "could not be checked now" when Redis answers too late under the burst: a
 * lock-out never counts in-process), the right password included, and the audit trail holds at
 * most 5 refused sign-ins of that user. Runs on both limiters.
 * The account is a fresh invitee of broker 100000, so no other spec's user is locked.
 */
const BURST = 1_000;
const LIMIT_PER_ADDRESS = 5;

type CapturedCall = { headers: Record<string, string>; body: Buffer };

/** The sign-in form's Server Action call for these credentials, captured and not sent. */
async function captureSignInCall(page: Page, email: string, password: string): Promise<CapturedCall> {
  let captured: CapturedCall | undefined;
  await page.route("**/sign-in**", async (route) => {
    const request = route.request();
    if (request.method() !== "POST" || !request.headers()["next-action"]) return route.continue();
    captured = { headers: await request.allHeaders(), body: request.postDataBuffer() ?? Buffer.alloc(0) };
    await route.abort();
  });
  await page.goto("/sign-in");
  const form = page.getByRole("form", { name: "Entrar" });
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Senha").fill(password);
  await form.getByRole("button", { name: "Entrar" }).click();
  await expect.poll(() => captured !== undefined).toBe(true);
  await page.unroute("**/sign-in**");
  return captured!;
}

type Outcome = "signed-in" | "refused" | "locked" | "unverifiable" | "other";

async function replay(baseURL: string, call: CapturedCall): Promise<Outcome> {
  const headers = Object.fromEntries(
    Object.entries(call.headers).filter(([name]) => !name.startsWith(":") && name !== "content-length"),
  );
  const answer = await fetch(new URL("/sign-in", baseURL), {
    method: "POST",
    headers,
    body: new Uint8Array(call.body),
    redirect: "manual",
  });
  const text = await answer.text();
  if (
    answer.headers.get("x-action-redirect")?.startsWith("/") ||
    /bp_session=/.test(answer.headers.get("set-cookie") ?? "")
  )
    return "signed-in";
  if (text.includes("Muitas tentativas")) return "locked";
  if (text.includes("Não foi possível conferir a tentativa")) return "unverifiable";
  if (text.includes("E-mail ou senha incorretos")) return "refused";
  return "other";
}

test("1,000 simultaneous sign-ins of one account: at most 5 checked, the right password locked out too", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const email = `rajada-${stamp}@corretorademo.com.br`;
  const name = `Rita Rajada ${stamp}`;
  const password = "senha-da-rajada-1";

  await signIn(page, USERS.admin, DEMO_PASSWORD);
  await invite(page, email, "Membro");
  const path = await invitationLinkFromOutbox(page, email);
  const invitee = await freshPage(browser);
  await acceptInvitation(invitee.page, path, name, password);
  await invitee.context.close();

  const visitor = await freshPage(browser);
  const wrong = await captureSignInCall(visitor.page, email, "senha-errada-123");
  const right = await captureSignInCall(visitor.page, email, password);
  await visitor.context.close();

  // The burst inside one lock-out window: across its edge the next window would check 5 more.
  await clearOfWindowEdge();
  const calls = [...Array.from({ length: BURST - 1 }, () => wrong), right];
  const outcomes = await Promise.all(calls.map((call) => replay(baseURL!, call)));
  const count = (outcome: Outcome) => outcomes.filter((each) => each === outcome).length;

  console.log(
    `lock-out burst: ${BURST} calls, ${count("refused")} refused, ${count("signed-in")} signed in, ${count("locked")} locked out, ${count("unverifiable")} not checked (store late)`,
  );
  expect(count("other"), "every answer is the form's").toBe(0);
  const checked = count("refused") + count("signed-in");
  expect(checked).toBeGreaterThan(0);
  expect(checked).toBeLessThanOrEqual(LIMIT_PER_ADDRESS);
  expect(count("locked") + count("unverifiable")).toBe(BURST - checked);
  expect(count("locked")).toBeGreaterThan(0);
  // The right password came last: unless it was among the first five checked, it was not let in.
  if (outcomes.at(-1) === "signed-in") expect(count("refused")).toBeLessThan(LIMIT_PER_ADDRESS);
  else expect(["locked", "unverifiable"]).toContain(outcomes.at(-1));

  // The trail agrees: at most five refused sign-ins of that user.
  await page.goto("/settings/audit?action=auth.sign-in-failed");
  const rows = page
    .getByRole("table", { name: "Registros de auditoria" })
    .getByRole("row")
    .filter({ hasText: name });
  expect(await rows.count()).toBe(count("refused"));
});
