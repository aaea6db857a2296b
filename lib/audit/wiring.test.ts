import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { type AuditEntryRow, listAuditEntries } from "@/db/queries/audit";
import { auditEntries, users } from "@/db/schema";
import { streamAuditCsv } from "@/lib/audit-export/csv";
import { hashPassword } from "@/lib/auth/password";
import { authenticateUser } from "@/lib/auth/sign-in";
import { noticeClaim } from "@/lib/claims/notice-claim";
import { cancelAtInsuredRequest } from "@/lib/endorsements/cancel";
import { getPolicyForBroker } from "@/lib/policies/get-policy";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { peerHeader } from "@/lib/testing/fixtures";
import { createPolicyTestDatabase, insertTestPolicy } from "@/lib/testing/policy-fixtures";
import {
  createWebhookEndpoint,
  deleteBrokerEndpoint,
  rotateEndpointSecret,
  updateBrokerEndpoint,
} from "@/lib/webhooks/endpoints";
import { loadAuditActors, loadAuditPage } from "./page";
import { auditFilters } from "./query";
import { flushReadAudits, useReadAuditDatabaseForTesting } from "./read-queue";
import { verifyAuditChain } from "./verify";

// The session as Next runs it: request headers and a cookie jar from next/headers.
let requestHeaders = new Headers(peerHeader("198.51.100.30"));
const jar = new Map<string, string>();
vi.mock("next/headers", () => ({
  headers: async () => requestHeaders,
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined),
    getAll: () => [...jar].map(([name, value]) => ({ name, value })),
    has: (name: string) => jar.has(name),
    set: (name: string | { name: string; value: string }, value?: string) => {
      if (typeof name === "string") jar.set(name, value ?? "");
      else jar.set(name.name, name.value);
    },
    delete: (name: string) => jar.delete(name),
  }),
}));

const { startSession, endSession, getCurrentUser } = await import("@/lib/auth/session");

const PASSWORD = "Senha-Secreta-Audit-981";
const WRONG_PASSWORD = "Errada-Secreta-Audit-337";
const CARD_NUMBER = "4111111111111111";
const secrets: string[] = [PASSWORD, WRONG_PASSWORD, CARD_NUMBER];

let handle: DatabaseHandle;
let brokerId: string;
let userId: string;
let apiKeyId: string;
let otherBrokerId: string;

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_LOOPBACK = "1";
  const created = await createPolicyTestDatabase();
  handle = created.handle;
  brokerId = created.a.broker.id;
  otherBrokerId = created.b.broker.id;
  secrets.push(created.a.key, created.b.key);
  useDatabaseForTesting(handle);
  useReadAuditDatabaseForTesting(handle.db);
  const [user] = await handle.db
    .insert(users)
    .values({
      brokerId,
      email: "audit@teste.com.br",
      name: "Auditora",
      passwordHash: await hashPassword(PASSWORD),
      role: "admin",
    })
    .returning();
  userId = user!.id;
  apiKeyId = "00000000-0000-4000-8000-0000000000aa";
});
afterAll(async () => {
  useReadAuditDatabaseForTesting(undefined);
  useDatabaseForTesting(undefined);
  delete process.env.WEBHOOK_ALLOW_LOOPBACK;
  await handle?.close();
});
beforeEach(() => useLimiterForTesting(createConfiguredLimiter()));

async function entries(): Promise<AuditEntryRow[]> {
  return handle.db.select().from(auditEntries).orderBy(asc(auditEntries.sequence));
}
async function last(): Promise<AuditEntryRow> {
  return (await entries()).at(-1)!;
}

describe("actions recorded where they happen", () => {
  it("sign-in failures: the user when the e-mail is known, nobody otherwise; never the e-mail or password", async () => {
    const ip = "203.0.113.40";
    await authenticateUser(handle.db, { email: "audit@teste.com.br", password: WRONG_PASSWORD, ip });
    expect(await last()).toMatchObject({
      brokerId,
      actorKind: "user",
      actorId: userId,
      clientAddress: ip,
      action: "auth.sign-in-failed",
      details: { reason: "wrong-password" },
    });
    await authenticateUser(handle.db, { email: "ninguem@teste.com.br", password: PASSWORD, ip });
    expect(await last()).toMatchObject({
      brokerId: null,
      actorKind: "anonymous",
      actorId: null,
      action: "auth.sign-in-failed",
      details: { reason: "unknown-email" },
    });
    expect(JSON.stringify(await entries())).not.toContain("ninguem@");
  });

  it("sign-in and sign-out, with the session, from the client address", async () => {
    requestHeaders = new Headers({ ...peerHeader("198.51.100.31"), "user-agent": "Vitest" });
    await startSession(userId, "Vitest");
    expect(await last()).toMatchObject({
      brokerId,
      actorKind: "user",
      actorId: userId,
      clientAddress: "198.51.100.31",
      action: "auth.sign-in",
      objectType: "user",
      objectId: userId,
      details: { userAgent: "Vitest" },
    });
    expect(await getCurrentUser()).toMatchObject({ userId });
    await endSession();
    expect(await last()).toMatchObject({
      actorId: userId,
      action: "auth.sign-out",
      clientAddress: "198.51.100.31",
    });
  });

  it("webhook endpoint created, changed (and its secret rotated), deleted: never the secret", async () => {
    const actor = { actor: { kind: "user" as const, id: userId }, clientAddress: "198.51.100.32" };
    const created = await createWebhookEndpoint(
      handle.db,
      { brokerId, userId },
      { url: "http://127.0.0.1:9/hook", eventTypes: ["policy.canceled"] },
      actor,
    );
    if (!created.ok) throw new Error(JSON.stringify(created));
    secrets.push(created.secret);
    expect(await last()).toMatchObject({
      actorId: userId,
      clientAddress: "198.51.100.32",
      action: "webhook-endpoint.created",
      objectType: "webhook-endpoint",
      objectId: created.id,
      details: { url: "http://127.0.0.1:9/hook", eventTypes: ["policy.canceled"] },
    });
    await updateBrokerEndpoint(
      handle.db,
      brokerId,
      created.id,
      { url: "http://127.0.0.1:9/other", eventTypes: ["policy.canceled"], enabled: false },
      new Date(),
      actor,
    );
    expect(await last()).toMatchObject({ action: "webhook-endpoint.changed", details: { enabled: false } });
    const rotated = await rotateEndpointSecret(handle.db, brokerId, created.id, new Date(), actor);
    secrets.push(rotated!.secret);
    expect(await last()).toMatchObject({
      action: "webhook-endpoint.changed",
      details: { change: "signing-secret-rotated" },
    });
    expect(await deleteBrokerEndpoint(handle.db, brokerId, created.id, actor)).toBe(true);
    expect(await last()).toMatchObject({ action: "webhook-endpoint.deleted", objectId: created.id });
  });

  it("claim noticed and policy canceled, in their transactions", async () => {
    const now = new Date();
    const policy = await insertTestPolicy(handle.db, brokerId, {
      insuredName: "Maria Auditada",
      insuredIdentity: "52998224725",
      createdAt: new Date(now.getTime() - 10 * 86_400_000),
      vigencyStartedAt: new Date(now.getTime() - 10 * 86_400_000),
    });
    const api = { actor: { kind: "api-key" as const, id: apiKeyId }, clientAddress: "192.0.2.9" };
    const claim = await noticeClaim(
      handle.db,
      brokerId,
      {
        policyNumber: policy.policyNumber,
        occurredAt: { kind: "instant", instant: new Date(now.getTime() - 86_400_000) },
        description: "Dano",
        claimantName: "Terceiro",
      },
      now,
      api,
    );
    expect(await last()).toMatchObject({
      actorKind: "api-key",
      actorId: apiKeyId,
      action: "claim.noticed",
      objectType: "claim",
      objectId: claim.protocol,
      details: { policyNumber: policy.policyNumber },
    });
    const outcome = await cancelAtInsuredRequest(handle.db, brokerId, policy.policyNumber, {
      reason: "Pedido do segurado",
    });
    expect(outcome.ok).toBe(true);
    expect(await last()).toMatchObject({
      action: "policy.canceled",
      objectType: "policy",
      objectId: policy.policyNumber,
    });
  });

  it("a change that fails leaves no entry", async () => {
    const before = (await entries()).length;
    await expect(
      noticeClaim(handle.db, brokerId, {
        policyNumber: "9999999999999",
        occurredAt: { kind: "instant", instant: new Date() },
        description: "x",
        claimantName: "y",
      }),
    ).rejects.toThrow();
    expect(await entries()).toHaveLength(before);
  });

  it("the API policy lookup is recorded as a read, off the answer's path", async () => {
    const policy = await insertTestPolicy(handle.db, brokerId, {
      insuredName: "João Lido",
      insuredIdentity: "11144477735",
      createdAt: new Date(),
      vigencyStartedAt: new Date(),
    });
    const reader = { actor: { kind: "api-key" as const, id: apiKeyId }, clientAddress: "192.0.2.10" };
    const count = (await entries()).length;
    expect(
      await getPolicyForBroker(handle.db, brokerId, policy.policyNumber, undefined, reader),
    ).toBeDefined();
    expect(await getPolicyForBroker(handle.db, brokerId, "1234567890123", undefined, reader)).toBeUndefined();
    expect(await entries()).toHaveLength(count);
    await flushReadAudits();
    const rows = await entries();
    expect(rows).toHaveLength(count + 1);
    expect(rows.at(-1)).toMatchObject({
      actorKind: "api-key",
      action: "policy.read",
      objectId: policy.policyNumber,
    });
    expect(
      await listAuditEntries(handle.db, brokerId, { action: "policy.read" }, { limit: 10 }),
    ).toHaveLength(1);
  });

  it("the whole chain verifies, and no entry holds a password, key, secret or card number", async () => {
    expect(await verifyAuditChain(handle.db)).toMatchObject({ ok: true });
    const text = JSON.stringify(await entries());
    expect(secrets.length).toBeGreaterThanOrEqual(7);
    for (const secret of secrets) expect(text).not.toContain(secret);
    const rows = await handle.db.select().from(auditEntries).where(eq(auditEntries.brokerId, brokerId));
    expect(rows.length).toBeGreaterThan(5);
  });

  it("the audit page filters by actor, action, object and days, pages, and shows one broker only", async () => {
    const all = await loadAuditPage(handle.db, brokerId, {});
    expect(all.rows.length).toBeGreaterThan(5);
    expect(all.rows.map((row) => row.sequence)).toEqual(
      [...all.rows.map((row) => row.sequence)].sort((a, b) => b - a),
    );
    expect(
      all.rows.some((row) => row.action === "Entrada no portal" && row.actor.startsWith("Auditora")),
    ).toBe(true);
    // The other broker's page shows only its own entry: the creation of its key.
    expect((await loadAuditPage(handle.db, otherBrokerId, {})).rows.map((row) => row.action)).toEqual([
      "Chave de API criada",
    ]);

    const failed = await loadAuditPage(handle.db, brokerId, { action: "auth.sign-in-failed" });
    expect(failed.rows).toHaveLength(1);
    const byActor = await loadAuditPage(handle.db, brokerId, { actor: userId });
    expect(byActor.rows.length).toBeGreaterThanOrEqual(5);
    expect((await loadAuditPage(handle.db, brokerId, { objectType: "claim" })).rows).toHaveLength(1);
    expect((await loadAuditPage(handle.db, brokerId, { from: "2099-01-01" })).rows).toEqual([]);
    expect((await loadAuditPage(handle.db, brokerId, { to: "2000-01-01" })).rows).toEqual([]);

    const first = all.rows[0]!.sequence;
    const below = await loadAuditPage(handle.db, brokerId, { before: first });
    expect(below.rows[0]!.sequence).toBeLessThan(first);
  });

  it("the CSV holds every entry the filters select, with the header", async () => {
    const names = await loadAuditActors(handle.db, brokerId);
    const stream = await streamAuditCsv(handle.db, brokerId, auditFilters({ actor: userId }), names);
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toBe(
      "Sequência;Data e hora;Ação;Código da ação;Autor;Tipo de autor;Endereço;Objeto;Identificador;Detalhes;Hash",
    );
    const expected = await loadAuditPage(handle.db, brokerId, { actor: userId });
    expect(lines).toHaveLength(expected.rows.length + 1);
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});
