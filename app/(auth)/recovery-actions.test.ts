import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { insertUserSession } from "@/db/queries/sessions";
import { accountEmails, brokers, users } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { PASSWORD_RESET_RULES } from "@/lib/accounts/password-reset";
import { FORGOT_PASSWORD_ANSWER } from "@/lib/accounts/password-reset-schema";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { peerHeader } from "@/lib/testing/fixtures";
import { clearOfWindowEdge } from "@/lib/testing/window-edge";

// The lock-out windows are fixed: no test runs across their edge (lib/testing/window-edge.ts).
beforeEach(() => clearOfWindowEdge());

/** What `after()` was handed: run by the test once the action has answered. */
const deferred = vi.hoisted(() => [] as (() => Promise<void>)[]);
vi.mock("next/server", () => ({ after: (task: () => Promise<void>) => deferred.push(task) }));
const requestHeaders = vi.hoisted(() => ({ current: new Headers() }));
vi.mock("next/headers", () => ({ headers: async () => requestHeaders.current }));
vi.mock("next/navigation", () => ({
  redirect: (to: string) => {
    throw new Error(`redirect ${to}`);
  },
}));
vi.mock("@/lib/auth/session", () => ({ getCurrentUser: async () => undefined }));

const { forgotPasswordAction, resetPasswordAction } = await import("./recovery-actions");

let handle: DatabaseHandle;
let brokerId: string;

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

function from(address: string) {
  requestHeaders.current = new Headers({ ...peerHeader(address), host: "portal.teste" });
}

async function runDeferred() {
  for (const task of deferred.splice(0)) await task();
}

async function lastLinkTo(email: string): Promise<string | undefined> {
  const rows = await handle.db
    .select({ body: accountEmails.body })
    .from(accountEmails)
    .where(and(eq(accountEmails.recipient, email), eq(accountEmails.kind, "password-reset")));
  return /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(rows.at(-1)?.body ?? "")?.[1];
}

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseForTesting(handle);
  const [broker] = await handle.db
    .insert(brokers)
    .values({ registerNumber: "900802", name: "Corretora Esqueci" })
    .returning();
  brokerId = broker!.id;
  await handle.db.insert(users).values({
    brokerId,
    email: "conhecida@esqueci.com.br",
    name: "Conhecida",
    passwordHash: await hashPassword("senha-antiga-1"),
  });
});
afterAll(async () => {
  useDatabaseForTesting(undefined);
  await handle.close();
});
beforeEach(() => {
  useLimiterForTesting(createConfiguredLimiter());
  deferred.length = 0;
  from("198.51.100.20");
});

describe("Esqueci minha senha", () => {
  it("answers the same for a known and an unknown e-mail, before any look-up or e-mail", async () => {
    const known = await forgotPasswordAction(null, form({ email: "Conhecida@Esqueci.com.br" }));
    const unknown = await forgotPasswordAction(null, form({ email: "ninguem@esqueci.com.br" }));
    expect(known).toEqual({ ok: true, data: undefined });
    expect(unknown).toEqual(known);
    // Nothing looked up or sent yet: it all waits for after the answer.
    expect(deferred).toHaveLength(2);
    expect(await handle.db.select().from(accountEmails)).toHaveLength(0);
    await runDeferred();
    const sent = await handle.db.select().from(accountEmails);
    expect(sent.map((row) => row.recipient)).toEqual(["conhecida@esqueci.com.br"]);
    expect(FORGOT_PASSWORD_ANSWER).toMatch(/^Se o e-mail estiver cadastrado, enviaremos um link/);
  });

  it("refuses a malformed e-mail with a field error", async () => {
    expect(await forgotPasswordAction(null, form({ email: "não é e-mail" }))).toMatchObject({
      ok: false,
      fieldErrors: { email: "Informe um e-mail válido." },
    });
    expect(await forgotPasswordAction(null, "x" as unknown as FormData)).toMatchObject({ ok: false });
  });

  it("says 'Muitas tentativas' past the per-address window; the per-e-mail window changes no answer", async () => {
    const sentTo = async () =>
      (
        await handle.db
          .select()
          .from(accountEmails)
          .where(eq(accountEmails.recipient, "conhecida@esqueci.com.br"))
      ).length;
    const before = await sentTo();
    for (let i = 0; i < 10; i++) {
      from(`203.0.113.${i + 1}`);
      expect(await forgotPasswordAction(null, form({ email: "conhecida@esqueci.com.br" }))).toEqual({
        ok: true,
        data: undefined,
      });
    }
    await runDeferred();
    // Ten answers alike from ten addresses, but only the e-mail's window of links went out.
    expect((await sentTo()) - before).toBe(PASSWORD_RESET_RULES.perEmail.limit);

    from("203.0.113.200");
    for (let i = 0; i < PASSWORD_RESET_RULES.perAddress.limit; i++)
      await forgotPasswordAction(null, form({ email: `x${i}@esqueci.com.br` }));
    const refused = await forgotPasswordAction(null, form({ email: "conhecida@esqueci.com.br" }));
    expect(refused).toMatchObject({ ok: false, error: expect.stringMatching(/^Muitas tentativas/) });
  });
});

describe("the reset page's form", () => {
  it("sets the password through the link and goes to sign-in; a used or malformed link goes to ask again", async () => {
    await forgotPasswordAction(null, form({ email: "conhecida@esqueci.com.br" }));
    await runDeferred();
    const token = await lastLinkTo("conhecida@esqueci.com.br");
    const [user] = await handle.db.select().from(users).where(eq(users.email, "conhecida@esqueci.com.br"));
    await insertUserSession(handle.db, { userId: user!.id, expiresAt: new Date(Date.now() + 3_600_000) });

    expect(
      await resetPasswordAction(
        null,
        form({ token: token!, newPassword: "curta", confirmPassword: "curta" }),
      ),
    ).toMatchObject({ ok: false, fieldErrors: { newPassword: "Use ao menos 8 caracteres." } });
    expect(
      await resetPasswordAction(
        null,
        form({ token: token!, newPassword: "nova-senha-123", confirmPassword: "outra-senha-1" }),
      ),
    ).toMatchObject({ ok: false, fieldErrors: { confirmPassword: "As senhas não conferem." } });
    await expect(
      resetPasswordAction(
        null,
        form({ token: token!, newPassword: "nova-senha-123", confirmPassword: "nova-senha-123" }),
      ),
    ).rejects.toThrow("redirect /sign-in?passwordReset=1");
    const [changed] = await handle.db.select().from(users).where(eq(users.id, user!.id));
    expect(await verifyPassword(changed!.passwordHash, "nova-senha-123")).toBe(true);
    await expect(
      resetPasswordAction(
        null,
        form({ token: token!, newPassword: "nova-senha-456", confirmPassword: "nova-senha-456" }),
      ),
    ).rejects.toThrow("redirect /forgot-password?link=invalid");
    await expect(
      resetPasswordAction(
        null,
        form({ token: "../x", newPassword: "nova-senha-456", confirmPassword: "nova-senha-456" }),
      ),
    ).rejects.toThrow("redirect /forgot-password?link=invalid");
  });
});
