import { EventEmitter } from "node:events";
import { asc, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuditEntryRow } from "@/db/queries/audit";
import { auditEntries, users } from "@/db/schema";
import { createApiKey, hashApiKey } from "@/lib/api-keys/key-store";
import { hashPassword } from "@/lib/auth/password";
import { authenticateUser } from "@/lib/auth/sign-in";
import { issueTestPolicy, TEST_CARDS, testCard } from "@/lib/checkout/testing";
import { addDays, businessDay, startOfBusinessDay } from "@/lib/dates";
import { SandboxPaymentGateway } from "@/lib/payments/sandbox";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { flushReadAuditsOnShutdown } from "@/lib/server/shutdown";
import { setUpDomainTestDatabase } from "@/lib/testing/domain-database";
import { keyHeader, peerHeader } from "@/lib/testing/fixtures";
import { insertTestPolicy } from "@/lib/testing/policy-fixtures";
import { callRoute } from "@/lib/testing/route";
import { recordRead, useReadAuditDatabaseForTesting } from "./read-queue";
import { verifyAuditChain } from "./verify";

/**
 * Each caller names who acted: the portal's actions and routes the signed-in user, the API the
 * key, from the request's client address; and nothing secret reaches the trail on the way.
 */

const PORTAL_ADDRESS = "198.51.100.50";
const API_ADDRESS = "192.0.2.60";
let requestHeaders = new Headers(peerHeader(PORTAL_ADDRESS));
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
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const { startSession } = await import("@/lib/auth/session");
const webhookActions = await import("@/app/(portal)/settings/webhooks/actions");
const keyActions = await import("@/app/(portal)/settings/keys/actions");
const policyActions = await import("@/app/(portal)/policies/[number]/actions");
const paymentActions = await import("@/app/(portal)/settings/payments/actions");
const policiesExport = await import("@/app/(portal)/policies/export/route");
const auditExport = await import("@/app/(portal)/settings/audit/export/route");
const previewRoute = await import("@/app/api/[version]/endorsement/quotation/route");
const issueRoute = await import("@/app/api/[version]/endorsement/issue/route");
const claimRoute = await import("@/app/api/[version]/claim/route");

const PASSWORD = "Senha-Chamadores-Audit-4417";
const WRONG_PASSWORD = "Errada-Chamadores-Audit-9021";
/** The CVV the test checkout sends with the approved card. */
const CARD_CVV = testCard().cvv;
const secrets: string[] = [PASSWORD, WRONG_PASSWORD, TEST_CARDS.approved];

const gateway = new SandboxPaymentGateway();
const context = setUpDomainTestDatabase({ gateway, registerNumbers: ["100000"] });
let brokerId: string;
let userId: string;
let apiKey: string;
let apiKeyId: string;

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_LOOPBACK = "1";
  const db = context.handle.db;
  brokerId = context.brokers["100000"].id;
  useReadAuditDatabaseForTesting(db);
  const [user] = await db
    .insert(users)
    .values({
      brokerId,
      email: "chamadores@teste.com.br",
      name: "Administradora",
      passwordHash: await hashPassword(PASSWORD),
      role: "admin",
    })
    .returning();
  userId = user!.id;
  const created = await createApiKey(db, { registerNumber: "100000", name: "Parceiro" });
  apiKey = created.key;
  apiKeyId = created.id;
  secrets.push(apiKey, hashApiKey(apiKey));
  // Signed in with the right password after a wrong one, as a person would.
  await authenticateUser(db, {
    email: "chamadores@teste.com.br",
    password: WRONG_PASSWORD,
    ip: PORTAL_ADDRESS,
  });
  const signedIn = await authenticateUser(db, {
    email: "chamadores@teste.com.br",
    password: PASSWORD,
    ip: PORTAL_ADDRESS,
  });
  expect(signedIn).toMatchObject({ ok: true });
  await startSession(userId, "Vitest");
});
afterAll(() => {
  useReadAuditDatabaseForTesting(undefined);
  delete process.env.WEBHOOK_ALLOW_LOOPBACK;
});
beforeEach(() => {
  useLimiterForTesting(createConfiguredLimiter({ enabled: false }));
  requestHeaders = new Headers(peerHeader(PORTAL_ADDRESS));
});

async function entries(): Promise<AuditEntryRow[]> {
  return context.handle.db.select().from(auditEntries).orderBy(asc(auditEntries.sequence));
}
async function last(): Promise<AuditEntryRow> {
  return (await entries()).at(-1)!;
}

const asUser = () => ({ actorKind: "user", actorId: userId, clientAddress: PORTAL_ADDRESS });
const asKey = () => ({ actorKind: "api-key", actorId: apiKeyId, clientAddress: API_ADDRESS });

function form(values: Record<string, string | string[] | File>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  }
  return data;
}

async function issuedPolicy(insuredName: string) {
  const start = startOfBusinessDay(addDays(businessDay(new Date()), -30));
  return insertTestPolicy(context.handle.db, brokerId, {
    insuredName,
    insuredIdentity: "52998224725",
    createdAt: start,
    vigencyStartedAt: start,
    installments: 2,
  });
}

const apiPost = (route: { POST: Parameters<typeof callRoute>[0] }, path: string, body: unknown) =>
  callRoute(route.POST, path, {
    params: { version: "v1" },
    headers: { ...keyHeader(apiKey), ...peerHeader(API_ADDRESS) },
    body,
  });

describe("who acted, as each caller names it", () => {
  it("a key made by a command or the seed is the platform's; its facts are kept, never the key", async () => {
    const created = (await entries()).find((entry) => entry.objectId === apiKeyId);
    expect(created).toMatchObject({
      brokerId,
      actorKind: "system",
      actorId: null,
      objectType: "api-key",
      objectId: apiKeyId,
      details: { name: "Parceiro", prefix: apiKey.slice(0, 17), scopes: ["read", "write"] },
    });
  });

  it("a webhook endpoint created, changed, rotated and deleted in the portal names the admin", async () => {
    const created = await webhookActions.createEndpointAction(
      { ok: false, error: "" } as never,
      form({ url: "http://127.0.0.1:9/hook", eventTypes: ["policy.canceled"] }),
    );
    if (!created?.ok || !created.data.created) throw new Error(JSON.stringify(created));
    const endpoint = created.data.created;
    secrets.push(endpoint.secret);
    expect(await last()).toMatchObject({
      ...asUser(),
      action: "webhook-endpoint.created",
      objectId: endpoint.id,
    });

    await webhookActions.updateEndpointAction(
      endpoint.id,
      { ok: false, error: "" } as never,
      form({ url: "http://127.0.0.1:9/other", eventTypes: ["policy.canceled"], enabled: "on" }),
    );
    expect(await last()).toMatchObject({ ...asUser(), action: "webhook-endpoint.changed" });

    const rotated = await webhookActions.rotateSecretAction(endpoint.id);
    if (!rotated.ok) throw new Error(JSON.stringify(rotated));
    secrets.push((rotated.data as { secret: string }).secret);
    expect(await last()).toMatchObject({
      ...asUser(),
      action: "webhook-endpoint.changed",
      details: { change: "signing-secret-rotated" },
    });

    // The action redirects to the list once the endpoint is gone.
    await expect(webhookActions.deleteEndpointAction(endpoint.id)).rejects.toThrow(/NEXT_REDIRECT/);
    expect(await last()).toMatchObject({
      ...asUser(),
      action: "webhook-endpoint.deleted",
      objectId: endpoint.id,
    });
  });

  it("an API key created and revoked in the portal names the admin, with its restrictions", async () => {
    const created = await keyActions.createApiKeyAction(
      { ok: false, error: "" } as never,
      form({ name: "Integração ERP", dailyQuota: "500", scopes: ["read"], allowCidrs: "203.0.113.0/24" }),
    );
    if (!created?.ok) throw new Error(JSON.stringify(created));
    const { key, prefix } = created.data;
    secrets.push(key, hashApiKey(key));
    expect(await last()).toMatchObject({
      ...asUser(),
      action: "api-key.created",
      details: {
        name: "Integração ERP",
        prefix,
        scopes: ["read"],
        allowCidrs: ["203.0.113.0/24"],
        expiresAt: null,
        dailyQuota: 500,
      },
    });

    expect(await keyActions.revokeApiKeyAction(prefix)).toMatchObject({ ok: true });
    expect(await last()).toMatchObject({
      ...asUser(),
      brokerId,
      action: "api-key.revoked",
      details: { name: "Integração ERP", prefix },
    });
    const count = (await entries()).length;
    expect(await keyActions.revokeApiKeyAction(prefix)).toMatchObject({ ok: false });
    expect(await entries()).toHaveLength(count);
  });

  it("an endorsement issued through the API names the key and the caller's address", async () => {
    const policy = await issuedPolicy("Maria Endossada");
    const previewed = await apiPost(previewRoute, "/api/v1/endorsement/quotation", {
      registerNumber: "100000",
      policyNumber: policy.policyNumber,
      type: "CANCELLATION",
      effectiveDate: businessDay(new Date()),
      reason: "Pedido do segurado",
    });
    expect(previewed.status).toBe(200);
    const issued = await apiPost(issueRoute, "/api/v1/endorsement/issue", {
      registerNumber: "100000",
      endorsementIdentifier: previewed.json.item.endorsementIdentifier,
    });
    expect(issued.status).toBe(200);
    expect(await last()).toMatchObject({
      ...asKey(),
      action: "policy.canceled",
      objectType: "policy",
      objectId: policy.policyNumber,
    });
  });

  it("an endorsement confirmed on the policy page names the user", async () => {
    const policy = await issuedPolicy("Maria Alterada");
    const preview = await policyActions.previewCancellationAction(policy.policyNumber, {
      effectiveDate: businessDay(new Date()),
      reason: "Pedido do segurado no portal",
    } as never);
    if (!preview.ok) throw new Error(JSON.stringify(preview));
    const issued = await policyActions.issueCancellationAction(
      policy.policyNumber,
      (preview.data as { endorsementIdentifier: string }).endorsementIdentifier,
    );
    expect(issued).toMatchObject({ ok: true });
    expect(await last()).toMatchObject({
      ...asUser(),
      action: "policy.canceled",
      objectId: policy.policyNumber,
    });
  });

  it("a claim noticed through the API names the key; from the portal, the user", async () => {
    const policy = await issuedPolicy("Maria Sinistrada");
    const occurredAt = addDays(businessDay(new Date()), -3);
    const claim = { description: "Paciente alega dano após procedimento.", claimantName: "João Pereira" };
    const answered = await apiPost(claimRoute, "/api/v1/claim", {
      registerNumber: "100000",
      policyNumber: policy.policyNumber,
      occurredAt,
      ...claim,
    });
    expect(answered.status).toBe(200);
    expect(await last()).toMatchObject({
      ...asKey(),
      action: "claim.noticed",
      objectId: answered.json.item.protocol,
    });

    const noticed = await policyActions.noticeClaimAction(policy.policyNumber, {
      occurredAt,
      ...claim,
    } as never);
    if (!noticed.ok) throw new Error(JSON.stringify(noticed));
    expect(await last()).toMatchObject({
      ...asUser(),
      action: "claim.noticed",
      objectId: (noticed.data as { protocol: string }).protocol,
    });
  });

  it("a claim refused by the API leaves no entry", async () => {
    const count = (await entries()).length;
    const refused = await apiPost(claimRoute, "/api/v1/claim", {
      registerNumber: "100000",
      policyNumber: "9999999999999",
      occurredAt: businessDay(new Date()),
      description: "Paciente alega dano após procedimento.",
      claimantName: "João Pereira",
    });
    expect(refused.status).toBe(404);
    expect(await entries()).toHaveLength(count);
  });
});

describe("exports and imports", () => {
  it("a policy CSV downloaded is recorded once sent, with its filters and row count, never the search typed", async () => {
    const response = await policiesExport.GET(
      new Request("http://localhost:3000/policies/export?search=Maria&status=Issued&page=3", {
        headers: requestHeaders,
      }),
    );
    expect(response.status).toBe(200);
    const before = (await entries()).length;
    const text = await response.text();
    const rows = text.trim().split("\r\n").length - 1;
    expect(rows).toBeGreaterThan(0);
    const all = await entries();
    expect(all).toHaveLength(before + 1);
    expect(all.at(-1)).toMatchObject({
      ...asUser(),
      action: "export.downloaded",
      objectType: "export",
      objectId: "policies-csv",
      details: { filters: { search: true, status: "Issued" }, rows, completed: true },
    });
    expect(JSON.stringify(all.at(-1)!.details)).not.toContain("Maria");
    expect(all.at(-1)!.details).not.toHaveProperty("filters.page");
  });

  it("an audit CSV abandoned midway is recorded as not completed", async () => {
    const response = await auditExport.GET(
      new Request("http://localhost:3000/settings/audit/export?action=claim.noticed", {
        headers: requestHeaders,
      }),
    );
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect(await last()).toMatchObject({
      ...asUser(),
      action: "export.downloaded",
      objectId: "audit-csv",
      details: { filters: { action: "claim.noticed" }, completed: false },
    });
  });

  it("a bank return file imported in the portal is recorded with its name and counts, even when refused", async () => {
    const file = new File(["não é um arquivo de retorno"], "retorno-0611.ret");
    const result = await paymentActions.importPaymentsAction(
      { ok: false, error: "" } as never,
      form({ file }),
    );
    expect(result?.ok).toBe(true);
    expect(await last()).toMatchObject({
      ...asUser(),
      brokerId,
      action: "payments.imported",
      objectType: "payment-import",
      details: { fileName: "retorno-0611.ret", source: "portal", status: "Rejected", matched: 0 },
    });
  });
});

describe("reads queued at shutdown", () => {
  it("are written when the process is asked to stop", async () => {
    const process = new EventEmitter();
    const exit = vi.fn();
    flushReadAuditsOnShutdown(process, exit);
    recordRead({
      brokerId,
      actor: { kind: "api-key", id: apiKeyId },
      action: "policy.read",
      object: { type: "policy", id: "SHUTDOWN-1" },
    });
    process.emit("SIGTERM");
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0));
    expect(await last()).toMatchObject({ action: "policy.read", objectId: "SHUTDOWN-1" });
  });
});

describe("the trail holds no secret", () => {
  it("after sign-ins, keys, webhook secrets and a card checkout, no entry holds any of them", async () => {
    // A card checkout and issuance through the real services, with the card's number and CVV.
    const policy = await issueTestPolicy(context.handle.db, context.brokers["100000"], gateway, {
      method: "CREDIT-CARD",
    });
    expect(policy.status).toBe("Issued");
    expect(secrets.length).toBeGreaterThanOrEqual(9);
    const result = await context.handle.db.execute(
      sql`select e::text as entry from audit_entries e order by sequence`,
    );
    // Each driver answers in its own shape: an array of rows, or an object holding them.
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      entry: string;
    }[];
    const text = rows.map((row) => row.entry).join("\n");
    expect(text).toContain("auth.sign-in");
    for (const secret of secrets) expect(text).not.toContain(secret);
    // The CVV is three digits: looked for as a value of its own, not inside hashes, ids or amounts.
    expect(text).not.toMatch(new RegExp(`(?<![0-9a-f])${CARD_CVV}(?![0-9a-f])`, "i"));
    expect(text).not.toMatch(/cvv|card_?number|passwordHash/i);
    expect(await verifyAuditChain(context.handle.db)).toMatchObject({ ok: true });
  });
});
