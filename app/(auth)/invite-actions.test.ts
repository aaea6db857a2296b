import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { accountEmails, brokers, userSessions, users } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { inviteUser } from "@/lib/accounts/invitations";
import { openPendingStep, PENDING_STEP_COOKIE } from "@/lib/auth/second-factor/pending-step";
import { useNoticeMailerForTesting } from "@/lib/notices/mailer";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { peerHeader } from "@/lib/testing/fixtures";

const jar = vi.hoisted(() => new Map<string, string>());
const requestHeaders = new Headers({ ...peerHeader("198.51.100.70"), "user-agent": "vitest" });
vi.mock("next/headers", () => ({
  headers: async () => requestHeaders,
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined),
    getAll: () => [...jar].map(([name, value]) => ({ name, value })),
    has: (name: string) => jar.has(name),
    set: (name: string, value: string, options?: { maxAge?: number }) => {
      if (value === "" || options?.maxAge === 0) jar.delete(name);
      else jar.set(name, value);
    },
    delete: (name: string) => jar.delete(name),
  }),
}));
vi.mock("next/navigation", () => ({
  redirect: (url: string) => {
    throw new Error(`redirect ${url}`);
  },
}));

const { acceptInvitationAction } = await import("./invite-actions");
const { getCurrentUser, SESSION_COOKIE } = await import("@/lib/auth/session");

let handle: DatabaseHandle;
let brokerId: string;
let strictBrokerId: string;
let seq = 0;

beforeAll(async () => {
  useNoticeMailerForTesting(undefined);
  handle = await createTestDatabase();
  useDatabaseForTesting(handle);
  const [broker, strict] = await handle.db
    .insert(brokers)
    .values([
      { registerNumber: "960001", name: "Corretora Aceite" },
      { registerNumber: "960002", name: "Corretora 2FA", requireSecondFactor: true },
    ])
    .returning();
  brokerId = broker!.id;
  strictBrokerId = strict!.id;
});
afterAll(async () => {
  useDatabaseForTesting(undefined);
  await handle.close();
});
beforeEach(() => {
  useLimiterForTesting(createConfiguredLimiter());
  jar.clear();
});

/** A fresh invitation's token, read from the e-mail in the outbox. */
async function invitation(broker = brokerId, role: "member" | "finance" = "member") {
  const email = `aceite-${++seq}@convite.test`;
  const result = await inviteUser(handle.db, {
    brokerId: broker,
    email,
    role,
    invitedBy: null,
    origin: "http://portal.teste",
    audit: { actor: { kind: "system" } },
  });
  if (!result.ok) throw new Error(result.reason);
  const [mail] = await handle.db.select().from(accountEmails).where(eq(accountEmails.recipient, email));
  return { email, token: /\/invite\/([A-Za-z0-9_-]{43})/.exec(mail!.body)![1]! };
}

async function accept(
  token: string,
  input = { name: "Nova Pessoa", password: "senha-boa-1", confirmPassword: "senha-boa-1" },
) {
  try {
    return await acceptInvitationAction(token, input);
  } catch (error) {
    return { redirected: (error as Error).message.replace(/^redirect /, "") };
  }
}

describe("accepting an invitation", () => {
  it("creates the user, starts a session and opens the home; the link then says it was used", async () => {
    const { email, token } = await invitation(brokerId, "finance");
    expect(await accept(token)).toEqual({ redirected: "/" });
    expect(jar.has(SESSION_COOKIE)).toBe(true);
    expect(await getCurrentUser()).toMatchObject({ email, role: "finance", name: "Nova Pessoa", brokerId });

    jar.clear();
    expect(await accept(token)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Convite já usado\./),
    });
    expect(jar.has(SESSION_COOKIE)).toBe(false);
  });

  it("where the broker requires a second factor: no session, the sign-in's enrolment step instead", async () => {
    const { email, token } = await invitation(strictBrokerId);
    expect(await accept(token)).toEqual({ redirected: "/sign-in/second-factor" });
    expect(jar.has(SESSION_COOKIE)).toBe(false);
    const step = await openPendingStep(jar.get(PENDING_STEP_COOKIE)!);
    const [user] = await handle.db.select().from(users).where(eq(users.email, email));
    expect(step).toMatchObject({ userId: user!.id, email, stage: "enrol" });
    expect(await handle.db.select().from(userSessions).where(eq(userSessions.userId, user!.id))).toEqual([]);
  });

  it("answers field errors: a name with a line break, a short password, passwords that differ", async () => {
    const { token } = await invitation();
    expect(
      await accept(token, {
        name: "Nova\r\nBcc: x@y",
        password: "senha-boa-1",
        confirmPassword: "senha-boa-1",
      }),
    ).toMatchObject({ ok: false, fieldErrors: { name: expect.stringContaining("quebras de linha") } });
    expect(
      await accept(token, { name: "Nova Pessoa", password: "curta", confirmPassword: "curta" }),
    ).toMatchObject({
      ok: false,
      fieldErrors: { password: "Use ao menos 8 caracteres." },
    });
    expect(
      await accept(token, { name: "Nova Pessoa", password: "senha-boa-1", confirmPassword: "senha-boa-2" }),
    ).toMatchObject({ ok: false, fieldErrors: { confirmPassword: "As senhas não conferem." } });
    expect(await acceptInvitationAction(token, null as never)).toMatchObject({ ok: false });
    // Nothing of the above used the link.
    expect(await accept(token)).toEqual({ redirected: "/" });
  });

  it("an unknown link says so", async () => {
    expect(await accept("A".repeat(43))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Convite inválido\./),
    });
    expect(await acceptInvitationAction(42 as never, null as never)).toMatchObject({ ok: false });
  });
});
