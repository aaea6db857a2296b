import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { accountEmails, brokers, type UserRole, userInvitations, users } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { hashPassword } from "@/lib/auth/password";
import { useNoticeMailerForTesting } from "@/lib/notices/mailer";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { peerHeader } from "@/lib/testing/fixtures";

// The Server Actions as Next runs them: the real session (a row, its id sealed in a cookie jar).
const jar = vi.hoisted(() => new Map<string, string>());
const requestHeaders = new Headers({
  ...peerHeader("198.51.100.60"),
  host: "portal.teste",
  "user-agent": "vitest",
});
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
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const { startSession } = await import("@/lib/auth/session");
const {
  changeUserRoleAction,
  deactivateUserAction,
  inviteUserAction,
  resendInvitationAction,
  revokeInvitationAction,
} = await import("./actions");
const { importPaymentsAction } = await import("../payments/actions");

let handle: DatabaseHandle;
let brokerId: string;
let otherBrokerId: string;
const people: Record<string, { userId: string; email: string }> = {};

async function addUser(key: string, broker: string, role: UserRole) {
  const email = `${key}@acoes.test`;
  const [row] = await handle.db
    .insert(users)
    .values({
      brokerId: broker,
      email,
      name: `Pessoa ${key}`,
      passwordHash: await hashPassword("segredo123"),
      role,
    })
    .returning();
  people[key] = { userId: row!.id, email };
}

async function as(key: string) {
  jar.clear();
  await startSession(people[key]!.userId, "vitest");
}

/** What an action answered, or the redirect it threw. */
async function outcome<T>(call: () => Promise<T>): Promise<T | { redirected: string }> {
  try {
    return await call();
  } catch (error) {
    const message = (error as Error).message;
    if (message.startsWith("redirect ")) return { redirected: message.slice("redirect ".length) };
    throw error;
  }
}

beforeAll(async () => {
  useNoticeMailerForTesting(undefined);
  handle = await createTestDatabase();
  useDatabaseForTesting(handle);
  const [broker, other] = await handle.db
    .insert(brokers)
    .values([
      { registerNumber: "950001", name: "Corretora Ações" },
      { registerNumber: "950002", name: "Outra Corretora" },
    ])
    .returning();
  brokerId = broker!.id;
  otherBrokerId = other!.id;
  await addUser("admin", brokerId, "admin");
  await addUser("membro", brokerId, "member");
  await addUser("financeiro", brokerId, "finance");
  await addUser("outro-admin", otherBrokerId, "admin");
  await addUser("outro-membro", otherBrokerId, "member");
});
afterAll(async () => {
  useDatabaseForTesting(undefined);
  await handle.close();
});
beforeEach(() => useLimiterForTesting(createConfiguredLimiter()));

describe("who may do what (finance included)", () => {
  it("finance imports payments but manages no users; a member does neither; an admin both", async () => {
    const noFile = new FormData();
    await as("financeiro");
    expect(await outcome(() => importPaymentsAction(null, noFile))).toMatchObject({
      ok: false,
      error: "Escolha o arquivo de retorno (.ret).",
    });
    expect(await outcome(() => inviteUserAction({ email: "x@acoes.test", role: "member" }))).toEqual({
      redirected: "/forbidden",
    });
    expect(await outcome(() => deactivateUserAction(people.membro!.userId))).toEqual({
      redirected: "/forbidden",
    });

    await as("membro");
    expect(await outcome(() => importPaymentsAction(null, noFile))).toEqual({ redirected: "/forbidden" });
    expect(await outcome(() => changeUserRoleAction(people.membro!.userId, { role: "admin" }))).toEqual({
      redirected: "/forbidden",
    });

    await as("admin");
    expect(await outcome(() => importPaymentsAction(null, noFile))).toMatchObject({ ok: false });
  });

  it("without a session, to sign-in", async () => {
    jar.clear();
    expect(await outcome(() => inviteUserAction({ email: "x@acoes.test", role: "member" }))).toEqual({
      redirected: "/sign-in",
    });
  });
});

describe("invitations from the users page", () => {
  it("answers field errors: a bad e-mail, an unknown role, an e-mail of a user (of another broker too)", async () => {
    await as("admin");
    expect(await inviteUserAction({ email: "não é e-mail", role: "member" })).toMatchObject({
      ok: false,
      fieldErrors: { email: "Informe um e-mail válido." },
    });
    expect(await inviteUserAction({ email: "novo@acoes.test", role: "root" as never })).toMatchObject({
      ok: false,
      fieldErrors: { role: "Escolha o perfil." },
    });
    expect(await inviteUserAction(null as never)).toMatchObject({ ok: false });
    expect(await inviteUserAction({ email: "OUTRO-MEMBRO@acoes.test", role: "member" })).toMatchObject({
      ok: false,
      fieldErrors: { email: "Este e-mail já pertence a um usuário do portal." },
    });
  });

  it("invites (the link on the request's origin, in the outbox), re-sends and revokes only its broker's", async () => {
    await as("admin");
    expect(await inviteUserAction({ email: " Nova.Pessoa@Acoes.test ", role: "finance" })).toEqual({
      ok: true,
      data: { email: "nova.pessoa@acoes.test", sent: true, channel: "outbox" },
    });
    const [mail] = await handle.db
      .select()
      .from(accountEmails)
      .where(eq(accountEmails.recipient, "nova.pessoa@acoes.test"));
    expect(mail!.body).toMatch(/http:\/\/portal\.teste\/invite\/[A-Za-z0-9_-]{43}/);
    expect(await inviteUserAction({ email: "nova.pessoa@acoes.test", role: "member" })).toMatchObject({
      ok: false,
      fieldErrors: { email: expect.stringContaining("convite pendente") },
    });
    const [invitation] = await handle.db
      .select()
      .from(userInvitations)
      .where(eq(userInvitations.email, "nova.pessoa@acoes.test"));

    await as("outro-admin");
    expect(await resendInvitationAction(invitation!.id)).toMatchObject({ ok: false });
    expect(await revokeInvitationAction(invitation!.id)).toMatchObject({ ok: false });
    expect(await revokeInvitationAction("não-é-id")).toMatchObject({ ok: false });

    await as("admin");
    expect(await resendInvitationAction(invitation!.id)).toMatchObject({
      ok: true,
      data: { message: expect.stringContaining("o link anterior deixou de valer") },
    });
    expect(await revokeInvitationAction(invitation!.id)).toMatchObject({ ok: true });
  });
});

describe("roles and deactivation from the users page", () => {
  it("an admin cannot touch another broker's users (ids from the form are checked)", async () => {
    await as("outro-admin");
    expect(await changeUserRoleAction(people.membro!.userId, { role: "admin" })).toEqual({
      ok: false,
      error: "Usuário não encontrado.",
      fieldErrors: {},
    });
    expect(await deactivateUserAction(people.membro!.userId)).toMatchObject({ ok: false });
    expect(await changeUserRoleAction("' or 1=1 --", { role: "admin" })).toMatchObject({ ok: false });
    expect(await changeUserRoleAction(people.membro!.userId, { role: "superuser" })).toMatchObject({
      ok: false,
      fieldErrors: { role: "Escolha o perfil." },
    });
    const [row] = await handle.db.select().from(users).where(eq(users.id, people.membro!.userId));
    expect(row).toMatchObject({ role: "member", active: true });
  });

  it("the last admin keeps the role (a field error); deactivation ends the user's session", async () => {
    await as("outro-admin");
    expect(await changeUserRoleAction(people["outro-admin"]!.userId, { role: "member" })).toMatchObject({
      ok: false,
      fieldErrors: { role: expect.stringContaining("ao menos um administrador ativo") },
    });
    expect(await deactivateUserAction(people["outro-admin"]!.userId)).toMatchObject({ ok: false });

    await as("admin");
    expect(await changeUserRoleAction(people.membro!.userId, { role: "finance" })).toEqual({
      ok: true,
      data: { name: "Pessoa membro", role: "finance" },
    });
    expect(await deactivateUserAction(people.membro!.userId)).toMatchObject({ ok: true });
    await as("membro");
    expect(await outcome(() => importPaymentsAction(null, new FormData()))).toEqual({
      redirected: "/sign-in",
    });
  });

  it("an admin who makes themselves finance (another admin remains) is sent home", async () => {
    await addUser("segundo-admin", brokerId, "admin");
    await as("segundo-admin");
    expect(
      await outcome(() => changeUserRoleAction(people["segundo-admin"]!.userId, { role: "finance" })),
    ).toEqual({
      redirected: "/",
    });
  });
});
