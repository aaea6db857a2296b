import { randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password";
import { signDocumentUrl } from "@/lib/documents/links";
import { log } from "@/lib/log";
import { SandboxPaymentGateway } from "@/lib/payments/sandbox";
import { setUpDomainTestDatabase } from "@/lib/testing/domain-database";
import { keyHeader, peerHeader } from "@/lib/testing/fixtures";
import { callRoute } from "@/lib/testing/route";
import { clearOfWindowEdge } from "@/lib/testing/window-edge";
import { createConfiguredLimiter, enforceWindow, useLimiterForTesting } from "./index";
import { ENDPOINT_RULES, WINDOW_RULES, type WindowLimit } from "./policies";

/** The write windows of WINDOW_RULES and `second-copy`, each where it is enforced (docs/limits.md). */

type SignedIn = {
  userId: string;
  brokerId: string;
  registerNumber: string;
  brokerName: string;
  role: "admin";
};
let current: SignedIn | undefined;
vi.mock("@/lib/auth/session", () => ({
  requireUser: async () => current,
  requireAdmin: async () => current,
  getCurrentUser: async () => current,
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("next/headers", () => ({ headers: async () => new Headers(peerHeader("198.51.100.80")) }));

const { POST: secondCopyRoute } = await import("@/app/api/v1/installment/second-copy/route");
const { GET: documentRoute } = await import("@/app/api/documents/[id]/route");
const { POST: pixWebhook } = await import("@/app/api/payments/pix/webhook/route");
const { GET: commissionPdf } = await import("@/app/(portal)/commissions/pdf/route");
const { GET: privacyExport } = await import("@/app/(portal)/settings/privacy/[id]/export/route");
const { previewEndorsementAction, previewCancellationAction } = await import(
  "@/app/(portal)/policies/[number]/actions"
);
const { registerRequestAction } = await import("@/app/(portal)/settings/privacy/actions");

const context = setUpDomainTestDatabase({
  gateway: new SandboxPaymentGateway(),
  registerNumbers: ["100000"],
});
let key: string;

beforeAll(async () => {
  const { createApiKey } = await import("@/lib/api-keys/key-store");
  key = (await createApiKey(context.handle.db, { registerNumber: "100000", name: "janelas" })).key;
});

beforeEach(async () => {
  // Every window here is a minute: a sliding window's count is weighted across its edge.
  await clearOfWindowEdge(60_000, 20_000);
  useLimiterForTesting(createConfiguredLimiter());
  const broker = context.brokers["100000"];
  const [user] = await context.handle.db
    .insert(users)
    .values({
      brokerId: broker.id,
      email: `janelas-${randomUUID()}@teste.com.br`,
      name: "Janelas",
      passwordHash: await hashPassword("Senha-Janelas-123"),
      role: "admin",
    })
    .returning();
  current = {
    userId: user!.id,
    brokerId: broker.id,
    registerNumber: broker.registerNumber,
    brokerName: broker.name,
    role: "admin",
  };
});

/** Spends what is left of a window for `identifier`, as other calls would have. */
async function spend(limit: WindowLimit, identifier: string, alreadyUsed: number) {
  for (let call = alreadyUsed; call < WINDOW_RULES[limit].limit; call++)
    await enforceWindow(limit, identifier);
}

/** The gateway's refusal: 429 `{ statusCode, message }` with Retry-After. */
function expectGateway429(response: { status: number; json: unknown; headers: Headers }) {
  expect(response.status).toBe(429);
  expect(response.json).toEqual({
    statusCode: 429,
    message: expect.stringMatching(/^Rate limit is exceeded\. Try again in \d+ seconds\.$/),
  });
  expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
}

const TOO_MANY = { ok: false, error: "Muitas tentativas. Tente novamente em 1 minuto.", fieldErrors: {} };

describe("the API's second copy (per key)", () => {
  it("answers 429 past the key's second-copy window", async () => {
    const call = () =>
      callRoute(secondCopyRoute, "/api/v1/installment/second-copy", {
        headers: keyHeader(key),
        body: { registerNumber: "100000", policyNumber: "1000000999999", installmentNumber: 1 },
      });
    for (let i = 0; i < ENDPOINT_RULES["second-copy"].limit; i++) expect((await call()).status).toBe(404);
    expectGateway429(await call());
  });
});

describe("signed document links (per client address)", () => {
  it("answers 429 past the address's window; another address is not affected", async () => {
    const link = new URL(signDocumentUrl(randomUUID(), "http://localhost:3000"));
    const id = link.pathname.split("/").pop()!;
    const fetchFrom = (address: string) =>
      callRoute(documentRoute, `${link.pathname}${link.search}`, {
        params: { id },
        headers: peerHeader(address),
      });
    expect((await fetchFrom("203.0.113.30")).status).toBe(404);
    await spend("document", "203.0.113.30", 1);
    expectGateway429(await fetchFrom("203.0.113.30"));
    expect((await fetchFrom("203.0.113.31")).status).toBe(404);
  });
});

describe("the Pix notice webhook (per client address)", () => {
  const forged = (address: string) =>
    callRoute(pixWebhook, "/api/payments/pix/webhook", {
      headers: {
        ...peerHeader(address),
        "x-pix-timestamp": "1",
        "x-pix-signature": `sha256=${"0".repeat(64)}`,
      },
      body: { pix: [] },
    });

  it("refuses forged notices, logs each as one line up to the log's own window, and throttles the address", async () => {
    const warn = vi.spyOn(log, "warn").mockImplementation(() => undefined);
    try {
      const statuses = [];
      for (let i = 0; i < WINDOW_RULES["pix-notice"].limit; i++)
        statuses.push((await forged("203.0.113.40")).status);
      expect(new Set(statuses)).toEqual(new Set([401]));
      const lines = warn.mock.calls.filter(([, message]) => message === "pix webhook: notice refused");
      expect(lines).toHaveLength(WINDOW_RULES["pix-notice-refusal-log"].limit);
      expect(lines[0]?.[0]).toMatchObject({ reason: "not-authentic", clientAddress: "203.0.113.40" });
      expect(lines.at(-1)?.[0]).toHaveProperty("unloggedUntil");
      expect(lines.slice(0, -1).every(([fields]) => !("unloggedUntil" in (fields as object)))).toBe(true);

      expectGateway429(await forged("203.0.113.40"));
      expect((await forged("203.0.113.41")).status).toBe(401);
      expect(warn.mock.calls.filter(([, message]) => message === "pix webhook: notice refused")).toHaveLength(
        WINDOW_RULES["pix-notice-refusal-log"].limit,
      );
    } finally {
      warn.mockRestore();
    }
  });
});

describe("portal PDFs (per user, one window)", () => {
  it("answers 429 past the user's window for the commission statement and the access export", async () => {
    const user = current!;
    const pdf = () => callRoute(commissionPdf, "/commissions/pdf?month=2026-01");
    const exported = () =>
      privacyExport(new Request(`http://localhost:3000/settings/privacy/${randomUUID()}/export?format=pdf`), {
        params: Promise.resolve({ id: randomUUID() }),
      });
    expect((await pdf()).status).toBe(200);
    expect((await exported()).status).toBe(404);
    await spend("portal-pdf", user.userId, 2);
    expectGateway429(await pdf());
    const refused = await exported();
    expectGateway429({ status: refused.status, headers: refused.headers, json: await refused.json() });
  });
});

describe("portal writes (per user): the pt-BR message", () => {
  const effectiveDate = new Date().toISOString().slice(0, 10);
  const form = {
    type: "PAYMENT",
    effectiveDate,
    dueDay: "10",
    ...Object.fromEntries(
      [
        "insuredName",
        "insuredEmail",
        "insuredCellphone",
        "zipCode",
        "street",
        "number",
        "complement",
        "neighborhood",
        "city",
        "state",
        "limit",
        "deductible",
      ].map((field) => [field, ""]),
    ),
  } as Parameters<typeof previewEndorsementAction>[1];

  it("refuses endorsement and cancellation previews past the user's window, after the form's checks", async () => {
    const user = current!;
    expect(await previewEndorsementAction("1000000999999", form)).toMatchObject({ ok: false });
    // A form that does not parse costs nothing.
    expect(await previewEndorsementAction("1000000999999", { ...form, type: "?" })).toMatchObject({
      fieldErrors: { type: expect.any(String) },
    });
    await spend("portal-endorsement-preview", user.userId, 1);
    expect(await previewEndorsementAction("1000000999999", form)).toEqual(TOO_MANY);
    expect(
      await previewCancellationAction("1000000999999", { reason: "Pedido do segurado", effectiveDate }),
    ).toEqual(TOO_MANY);
  });

  it("refuses privacy requests past the user's window", async () => {
    const user = current!;
    const request = () => {
      const data = new FormData();
      data.set("identity", "529.982.247-25");
      data.set("kind", "ACCESS");
      return registerRequestAction(null, data);
    };
    expect(await request()).toMatchObject({ ok: true });
    await spend("portal-privacy-request", user.userId, 1);
    expect(await request()).toEqual(TOO_MANY);
  });
});
