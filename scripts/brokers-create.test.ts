import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { asc, eq } from "drizzle-orm";
import postgres from "postgres";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPglite, openPostgres } from "@/db/index";
import { migrateDatabase } from "@/db/migrate";
import { accountEmails, auditEntries, brokers, userInvitations, users } from "@/db/schema";
import { hashLinkToken } from "@/lib/accounts/tokens";

/**
 * `npm run brokers:create` as the operator runs it (a child process), on the embedded database or,
 * with DATABASE_URL, on a PostgreSQL database of its own.
 */
const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), "brokers-create-"));
const adminUrl = process.env.DATABASE_URL;
const env: NodeJS.ProcessEnv = {
  ...process.env,
  LOG_LEVEL: "silent",
  PUBLIC_BASE_URL: "https://portal.seguradora.test",
  // The CLI writes audit entries keyed with the app's secret: on PostgreSQL it must be given one.
  APP_SECRET: process.env.APP_SECRET ?? "brokers-create-test-secret-0123456789abcdef",
};
delete env.SMTP_URL;
let dropDatabase = async () => {};

beforeAll(async () => {
  if (!adminUrl) {
    env.PGLITE_DIR = join(dir, "pglite");
    delete env.DATABASE_URL;
    return;
  }
  const name = `test_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  const handle = openPostgres(env.DATABASE_URL, { max: 1 });
  await migrateDatabase(handle);
  await handle.close();
  dropDatabase = async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}, 120_000);

afterAll(async () => {
  await dropDatabase();
  rmSync(dir, { recursive: true, force: true });
});

type Outcome = { code: number; stdout: string; stderr: string };

async function brokersCreate(args: string[], extraEnv: Record<string, string> = {}): Promise<Outcome> {
  try {
    const { stdout, stderr } = await run("npx", ["tsx", "scripts/brokers-create.ts", ...args], {
      env: { ...env, ...extraEnv },
      cwd: process.cwd(),
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The test's database, opened while no CLI runs (PGlite is single-process). */
async function withDb<T>(task: (db: DatabaseHandle["db"]) => Promise<T>): Promise<T> {
  const handle = env.DATABASE_URL
    ? openPostgres(env.DATABASE_URL, { max: 1 })
    : await openPglite(env.PGLITE_DIR!);
  try {
    if (handle.kind === "pglite") await migrateDatabase(handle);
    return await task(handle.db);
  } finally {
    await handle.close();
  }
}

const LINK = /^https:\/\/portal\.seguradora\.test\/invite\/([A-Za-z0-9_-]{43})$/m;

describe("npm run brokers:create", { timeout: 300_000 }, () => {
  it("creates the broker and its admin's invitation in one go, audited; without SMTP prints the link", async () => {
    const created = await brokersCreate([
      "--register-number",
      "202030000000123",
      "--name",
      "Corretora Nova Ltda.",
      "--cnpj",
      "11.222.333/0001-81",
      "--admin-email",
      "Chefe@CorretoraNova.com.br",
    ]);
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    expect(created.stdout).toContain("Broker 202030000000123 (Corretora Nova Ltda.) created.");
    const token = LINK.exec(created.stdout)?.[1];
    expect(token).toBeDefined();

    await withDb(async (db) => {
      const [broker] = await db.select().from(brokers).where(eq(brokers.registerNumber, "202030000000123"));
      expect(broker).toMatchObject({
        name: "Corretora Nova Ltda.",
        cnpj: "11222333000181",
        requireSecondFactor: false,
      });
      const invitations = await db
        .select()
        .from(userInvitations)
        .where(eq(userInvitations.brokerId, broker!.id));
      expect(invitations).toEqual([
        expect.objectContaining({
          email: "chefe@corretoranova.com.br",
          role: "admin",
          invitedBy: null,
          tokenHash: hashLinkToken(token!),
        }),
      ]);
      const entries = await db
        .select()
        .from(auditEntries)
        .where(eq(auditEntries.brokerId, broker!.id))
        .orderBy(asc(auditEntries.sequence));
      expect(entries.map((entry) => [entry.action, entry.actorKind])).toEqual([
        ["broker.created", "system"],
        ["invitation.sent", "system"],
      ]);
      const [mail] = await db.select().from(accountEmails).where(eq(accountEmails.brokerId, broker!.id));
      expect(mail).toMatchObject({
        kind: "invitation",
        channel: "outbox",
        recipient: "chefe@corretoranova.com.br",
      });
      expect(mail!.body).toContain(`https://portal.seguradora.test/invite/${token}`);
    });
  });

  it("warns when the CNPJ is missing, and refuses a register number taken, a bad CNPJ, a bad e-mail, an e-mail of a user", async () => {
    const plain = await brokersCreate([
      "--register-number",
      "123456",
      "--name",
      "Corretora X",
      "--admin-email",
      "a@x.com.br",
    ]);
    expect(plain.code).toBe(0);
    expect(plain.stderr).toContain("Warning: no --cnpj given");

    const taken = await brokersCreate([
      "--register-number",
      "123456",
      "--name",
      "Outra Corretora",
      "--admin-email",
      "outra@x.com.br",
    ]);
    expect(taken).toMatchObject({ code: 1 });
    expect(taken.stderr).toContain("A broker with register number 123456 already exists.");

    for (const [args, message] of [
      [["--cnpj", "11.222.333/0001-00"], "--cnpj is not a valid CNPJ"],
      [["--admin-email", "nao-e-email"], "--admin-email must be an e-mail address."],
      [
        ["--register-number", "12.345-6"],
        "--register-number must be the SUSEP register number: 6 to 15 digits",
      ],
      [["--register-number", "12345"], "--register-number must be the SUSEP register number"],
    ] as const) {
      const base: Record<string, string> = {
        "--register-number": "654321",
        "--name": "Corretora Recusada",
        "--admin-email": "recusada@x.com.br",
      };
      for (let i = 0; i < args.length; i += 2) base[args[i]!] = args[i + 1]!;
      const refused = await brokersCreate(Object.entries(base).flat());
      expect(refused.code, args.join(" ")).toBe(1);
      expect(refused.stderr).toContain(message);
    }
    expect((await brokersCreate(["--register-number", "654321"])).stderr).toContain(
      "Usage: npm run brokers:create",
    );

    await withDb(async (db) => {
      const [broker] = await db.select().from(brokers).where(eq(brokers.registerNumber, "123456"));
      await db
        .insert(users)
        .values({ brokerId: broker!.id, email: "usuario@x.com.br", name: "Usuária", passwordHash: "x" });
    });
    const used = await brokersCreate([
      "--register-number",
      "654321",
      "--name",
      "Corretora Recusada",
      "--admin-email",
      "USUARIO@x.com.br",
    ]);
    expect(used.code).toBe(1);
    expect(used.stderr).toContain("already belongs to a portal user");

    await withDb(async (db) => {
      expect(await db.select().from(brokers).where(eq(brokers.registerNumber, "654321"))).toEqual([]);
      const [broker] = await db.select().from(brokers).where(eq(brokers.registerNumber, "123456"));
      expect(broker).toMatchObject({ name: "Corretora X", cnpj: null });
    });
  });

  it("with SMTP_URL sends the invitation and keeps no link in the database", async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push(Buffer.concat(chunks).toString("utf8"));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    try {
      const port = (smtp.server.address() as AddressInfo).port;
      const created = await brokersCreate(
        [
          "--register-number",
          "777777",
          "--name",
          "Corretora SMTP",
          "--cnpj",
          "11222333000181",
          "--admin-email",
          "smtp@x.com.br",
        ],
        { SMTP_URL: `smtp://127.0.0.1:${port}` },
      );
      expect(created.code).toBe(0);
      expect(created.stdout).toContain("Invitation for smtp@x.com.br (admin) sent by e-mail");
      expect(created.stdout).not.toMatch(LINK);
      expect(received).toHaveLength(1);
      const unfolded = received[0]!.replace(/=\r\n/g, "");
      expect(unfolded).toMatch(/https:\/\/portal\.seguradora\.test\/invite\/[A-Za-z0-9_-]{43}/);
      await withDb(async (db) => {
        const [broker] = await db.select().from(brokers).where(eq(brokers.registerNumber, "777777"));
        const [mail] = await db.select().from(accountEmails).where(eq(accountEmails.brokerId, broker!.id));
        expect(mail).toMatchObject({ channel: "smtp", status: "Sent" });
        expect(mail!.body).toContain("[link omitido]");
        expect(mail!.body).not.toContain("/invite/");
      });
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
