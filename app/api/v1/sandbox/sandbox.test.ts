import { and, asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as unknownRoute from "@/app/api/[version]/[...rest]/route";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import {
  checkouts,
  events,
  installmentCharges,
  paymentImports,
  policies,
  policyInstallments,
} from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { clearApiKeyCache, createApiKey } from "@/lib/api-keys/key-store";
import { addDays, businessDay, startOfBusinessDay } from "@/lib/dates";
import { seedIssuedPolicy } from "@/lib/documents/testing-fixtures";
import { resetEnvForTesting } from "@/lib/env";
import { usePaymentGatewayForTesting } from "@/lib/payments/gateway";
import { SandboxPaymentGateway } from "@/lib/payments/sandbox";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { sandboxEnabled } from "@/lib/sandbox/setting";
import { createBrokerWithKey, keyHeader } from "@/lib/testing/fixtures";
import { callRoute } from "@/lib/testing/route";
import * as overdueRoute from "./installment/overdue/route";
import * as payRoute from "./installment/pay/route";
import * as expireRoute from "./policy/expire/route";

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const PAY = "/api/v1/sandbox/installment/pay";
const OVERDUE = "/api/v1/sandbox/installment/overdue";
const EXPIRE = "/api/v1/sandbox/policy/expire";

let handle: DatabaseHandle;
let otherKey: string;

type Seeded = Awaited<ReturnType<typeof seedIssuedPolicy>> & { key: string };

/** A policy as issuance leaves it (installment 1 Paid, 2-4 Pending, due March..June 2026), with a key. */
async function seedPolicy(paymentMethod: "TICKET" | "CREDIT-CARD" = "TICKET", cardLast4 = "1111") {
  const seeded = await seedIssuedPolicy(handle.db, { paymentMethod });
  const { key } = await createApiKey(handle.db, {
    registerNumber: seeded.broker.registerNumber,
    name: "sandbox test",
  });
  if (paymentMethod === "CREDIT-CARD") {
    const [checkout] = await handle.db
      .insert(checkouts)
      .values({
        brokerId: seeded.broker.id,
        quotationId: seeded.quotation.id,
        proposalId: seeded.proposal.id,
        paymentMethod: "CREDIT-CARD",
        status: "Issued",
        cardToken: `tok_sandbox_${cardLast4}_abcdefghij`,
        cardBrand: "VISA",
        cardLast4,
        cardExpiryMonth: 12,
        cardExpiryYear: 2030,
      })
      .returning();
    await handle.db
      .update(policies)
      .set({ checkoutId: checkout!.id })
      .where(eq(policies.id, seeded.policy.id));
  }
  return { ...seeded, key } as Seeded;
}

const body = (seeded: Seeded, installmentNumber?: number, overrides: Record<string, unknown> = {}) => ({
  registerNumber: seeded.broker.registerNumber,
  policyNumber: seeded.policy.policyNumber,
  ...(installmentNumber === undefined ? {} : { installmentNumber }),
  ...overrides,
});

const post = (route: typeof payRoute, path: string, json: Record<string, unknown>, key: string | undefined) =>
  callRoute(route.POST, path, { headers: key ? keyHeader(key) : {}, body: json });

const pay = (seeded: Seeded, n: number) => post(payRoute, PAY, body(seeded, n), seeded.key);
const overdue = (seeded: Seeded, n: number) => post(overdueRoute, OVERDUE, body(seeded, n), seeded.key);
const expire = (seeded: Seeded) => post(expireRoute, EXPIRE, body(seeded), seeded.key);

async function installmentsOf(seeded: Seeded) {
  return handle.db
    .select()
    .from(policyInstallments)
    .where(eq(policyInstallments.policyId, seeded.policy.id))
    .orderBy(asc(policyInstallments.installmentNumber));
}

async function eventsOf(seeded: Seeded, type: string) {
  return handle.db
    .select()
    .from(events)
    .where(and(eq(events.quotationId, seeded.quotation.id), eq(events.type, type)))
    .orderBy(asc(events.sequence));
}

const apiError = (status: number, code: string, properties?: string[]) => ({
  status,
  json: {
    success: false,
    executed: expect.stringMatching(ISO),
    errors: [{ code, message: expect.any(String), ...(properties ? { properties } : {}) }],
  },
});

function statusesOf(json: { policy: { installments: { status: string }[] } }) {
  return json.policy.installments.map((installment) => installment.status);
}

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseForTesting(handle);
  clearApiKeyCache();
  otherKey = (await createBrokerWithKey(handle.db, "200000")).key;
});

beforeEach(() => {
  useLimiterForTesting(createConfiguredLimiter({ enabled: false }));
  usePaymentGatewayForTesting(new SandboxPaymentGateway());
});

afterEach(() => {
  delete process.env.SANDBOX;
  resetEnvForTesting();
});

afterAll(async () => {
  useDatabaseForTesting(undefined);
  useLimiterForTesting(undefined);
  usePaymentGatewayForTesting(undefined);
  await handle.close();
});

describe("POST /api/v1/sandbox/installment/pay", () => {
  it("pays a boleto through a sandbox bank return, imported as the broker's, with installment.paid", async () => {
    const seeded = await seedPolicy();
    const response = await pay(seeded, 2);
    expect(response.status, response.text).toBe(200);
    expect(response.json).toMatchObject({ success: true, executed: expect.stringMatching(ISO) });
    expect(response.json.policy.policyNumber).toBe(seeded.policy.policyNumber);
    expect(statusesOf(response.json)).toEqual(["Paid", "Paid", "Pending", "Pending"]);
    const today = businessDay(new Date());
    expect(response.json.policy.installments[1].paidAt).toBe(startOfBusinessDay(today).toISOString());

    const [paid] = await eventsOf(seeded, "installment.paid");
    expect(paid?.data).toMatchObject({
      registerNumber: seeded.broker.registerNumber,
      policyNumber: seeded.policy.policyNumber,
      installmentNumber: 2,
      status: "Paid",
    });
    const [imported] = await handle.db
      .select()
      .from(paymentImports)
      .where(eq(paymentImports.brokerId, seeded.broker.id));
    expect(imported).toMatchObject({ source: "sandbox", status: "Applied", matchedCount: 1 });
    expect(imported?.settledCents).toBe((await installmentsOf(seeded))[1]!.premiumTotalCents);
  });

  it("pays an Overdue boleto late; refuses a paid, an unknown and a canceled installment", async () => {
    const seeded = await seedPolicy();
    expect((await overdue(seeded, 3)).status).toBe(200);
    const late = await pay(seeded, 3);
    expect(late.status, late.text).toBe(200);
    expect(statusesOf(late.json)).toEqual(["Paid", "Pending", "Paid", "Pending"]);

    expect(await pay(seeded, 1)).toMatchObject(
      apiError(400, "INSTALLMENT-ALREADY-PAID", ["installmentNumber"]),
    );
    expect(await pay(seeded, 3)).toMatchObject(
      apiError(400, "INSTALLMENT-ALREADY-PAID", ["installmentNumber"]),
    );
    expect(await pay(seeded, 9)).toMatchObject(apiError(400, "INSTALLMENT-NOT-FOUND", ["installmentNumber"]));
    expect(await post(payRoute, PAY, body(seeded, 0), seeded.key)).toMatchObject(
      apiError(400, "INVALID-FORM-FIELD", ["installmentNumber"]),
    );

    await handle.db
      .update(policyInstallments)
      .set({ status: "Canceled" })
      .where(
        and(eq(policyInstallments.policyId, seeded.policy.id), eq(policyInstallments.installmentNumber, 4)),
      );
    expect(await pay(seeded, 4)).toMatchObject(
      apiError(400, "INSTALLMENT-NOT-PAYABLE", ["installmentNumber"]),
    );
    expect(await overdue(seeded, 4)).toMatchObject(
      apiError(400, "INSTALLMENT-NOT-PAYABLE", ["installmentNumber"]),
    );
    await handle.db.update(policies).set({ status: "Canceled" }).where(eq(policies.id, seeded.policy.id));
    expect(await pay(seeded, 2)).toMatchObject(apiError(400, "POLICY-NOT-ACTIVE", ["policyNumber"]));
    expect((await eventsOf(seeded, "installment.paid")).length).toBe(1);
  });

  it("charges a card installment with the stored token; the test cards keep their meaning", async () => {
    const approved = await seedPolicy("CREDIT-CARD", "1111");
    const paid = await pay(approved, 2);
    expect(paid.status, paid.text).toBe(200);
    expect(statusesOf(paid.json)).toEqual(["Paid", "Paid", "Pending", "Pending"]);
    const charges = await handle.db
      .select()
      .from(installmentCharges)
      .where(eq(installmentCharges.installmentId, (await installmentsOf(approved))[1]!.id));
    expect(charges).toMatchObject([{ attempt: 1, status: "Approved" }]);
    expect((await eventsOf(approved, "installment.paid")).length).toBe(1);

    const declining = await seedPolicy("CREDIT-CARD", "0069");
    const declined = await pay(declining, 2);
    expect(declined.status, declined.text).toBe(200);
    expect(statusesOf(declined.json)).toEqual(["Paid", "Overdue", "Pending", "Pending"]);
    expect((await eventsOf(declining, "installment.overdue")).map((event) => event.data)).toMatchObject([
      { installmentNumber: 2, status: "Overdue" },
    ]);
    // Declined again (attempt 2): still Overdue, no second event.
    expect(statusesOf((await pay(declining, 2)).json)).toEqual(["Paid", "Overdue", "Pending", "Pending"]);
    expect((await eventsOf(declining, "installment.overdue")).length).toBe(1);

    const down = await seedPolicy("CREDIT-CARD", "0051");
    expect(await pay(down, 2)).toMatchObject(apiError(503, "PAYMENT-GATEWAY-UNAVAILABLE"));
    expect((await installmentsOf(down))[1]!.status).toBe("Pending");
  });
});

describe("POST /api/v1/sandbox/installment/overdue", () => {
  it("moves one installment due in the past through the daily overdue job, and nothing else", async () => {
    const seeded = await seedPolicy();
    const bystander = await seedPolicy();
    const response = await overdue(seeded, 2);
    expect(response.status, response.text).toBe(200);
    expect(statusesOf(response.json)).toEqual(["Paid", "Overdue", "Pending", "Pending"]);
    expect((await eventsOf(seeded, "installment.overdue")).map((event) => event.data)).toMatchObject([
      { installmentNumber: 2, status: "Overdue", policyNumber: seeded.policy.policyNumber },
    ]);
    expect((await installmentsOf(bystander)).map((row) => row.status)).toEqual([
      "Paid",
      "Pending",
      "Pending",
      "Pending",
    ]);
    expect(await overdue(seeded, 2)).toMatchObject(
      apiError(400, "INSTALLMENT-ALREADY-OVERDUE", ["installmentNumber"]),
    );
    expect(await overdue(seeded, 1)).toMatchObject(
      apiError(400, "INSTALLMENT-ALREADY-PAID", ["installmentNumber"]),
    );
    expect(await overdue(seeded, 5)).toMatchObject(
      apiError(400, "INSTALLMENT-NOT-FOUND", ["installmentNumber"]),
    );
  });

  it("makes an installment due in the future Overdue as the day after its due date would, keeping the date", async () => {
    const seeded = await seedPolicy();
    const ahead = startOfBusinessDay(addDays(businessDay(new Date()), 40));
    await handle.db
      .update(policyInstallments)
      .set({ dueDate: ahead })
      .where(
        and(eq(policyInstallments.policyId, seeded.policy.id), eq(policyInstallments.installmentNumber, 4)),
      );
    const response = await overdue(seeded, 4);
    expect(response.status, response.text).toBe(200);
    expect(statusesOf(response.json)).toEqual(["Paid", "Pending", "Pending", "Overdue"]);
    expect(response.json.policy.installments[3].dueDate).toBe(ahead.toISOString());
  });
});

describe("POST /api/v1/sandbox/policy/expire", () => {
  it("expires an Issued policy whose vigency is still running, with policy.expired, and only it", async () => {
    const seeded = await seedPolicy();
    const bystander = await seedPolicy();
    const response = await expire(seeded);
    expect(response.status, response.text).toBe(200);
    expect(response.json.policy).toMatchObject({
      status: "Expired",
      vigencyExpiredAt: seeded.policy.vigencyExpiredAt.toISOString(),
    });
    expect(statusesOf(response.json)).toEqual(["Paid", "Pending", "Pending", "Pending"]);
    expect((await eventsOf(seeded, "policy.expired")).map((event) => event.data)).toMatchObject([
      { policyNumber: seeded.policy.policyNumber, status: "Expired" },
    ]);
    const [other] = await handle.db.select().from(policies).where(eq(policies.id, bystander.policy.id));
    expect(other?.status).toBe("Issued");

    expect(await expire(seeded)).toMatchObject(apiError(400, "POLICY-NOT-ACTIVE", ["policyNumber"]));
    // An expired policy's boleto can still be paid (the bank does not know the policy ended).
    expect(statusesOf((await pay(seeded, 2)).json)).toEqual(["Paid", "Paid", "Pending", "Pending"]);
    await handle.db.update(policies).set({ status: "Canceled" }).where(eq(policies.id, bystander.policy.id));
    expect(await expire(bystander)).toMatchObject(apiError(400, "POLICY-NOT-ACTIVE", ["policyNumber"]));
  });
});

describe("the key's broker", () => {
  it("another broker's policy is POLICY-NOT-FOUND; another registerNumber is INCORRECT-OR-NONEXISTENT", async () => {
    const seeded = await seedPolicy();
    const asOther = { registerNumber: "200000" };
    for (const [route, path, n] of [
      [payRoute, PAY, 2],
      [overdueRoute, OVERDUE, 2],
      [expireRoute, EXPIRE, undefined],
    ] as const) {
      expect(await post(route, path, body(seeded, n, asOther), otherKey)).toMatchObject(
        apiError(404, "POLICY-NOT-FOUND", ["policyNumber"]),
      );
      const refused = await post(route, path, body(seeded, n), otherKey);
      expect(refused.status).toBe(400);
      expect(refused.json.errors.map((error: { code: string }) => error.code)).toEqual([
        "INCORRECT-OR-NONEXISTENT",
        "TOKEN-ERROR",
      ]);
      expect(await post(route, path, body(seeded, n, { policyNumber: "12345" }), seeded.key)).toMatchObject(
        apiError(404, "POLICY-NOT-FOUND", ["policyNumber"]),
      );
      expect((await post(route, path, body(seeded, n), undefined)).status).toBe(401);
    }
    expect((await installmentsOf(seeded)).map((row) => row.status)).toEqual([
      "Paid",
      "Pending",
      "Pending",
      "Pending",
    ]);
    const [row] = await handle.db.select().from(policies).where(eq(policies.id, seeded.policy.id));
    expect(row?.status).toBe("Issued");
  });
});

describe("SANDBOX=off", () => {
  it("every sandbox route answers exactly as an unknown /api address, before the key is read", async () => {
    const seeded = await seedPolicy();
    process.env.SANDBOX = "off";
    resetEnvForTesting();
    const unknown = await callRoute(unknownRoute.POST, "/api/v1/sandbox/nothing", {
      params: { version: "v1", rest: ["sandbox", "nothing"] },
      body: {},
    });
    expect(unknown.status).toBe(404);
    for (const [route, path, n] of [
      [payRoute, PAY, 2],
      [overdueRoute, OVERDUE, 2],
      [expireRoute, EXPIRE, undefined],
    ] as const) {
      for (const key of [seeded.key, undefined]) {
        const answer = await post(route, path, body(seeded, n), key);
        expect(answer.status).toBe(404);
        expect({ ...answer.json, executed: "" }).toEqual({ ...unknown.json, executed: "" });
        expect(answer.json.errors[0].code).toBe("ROUTE-NOT-FOUND");
      }
      const get = await callRoute(route.GET, path, {});
      expect(get.status).toBe(404);
    }
    expect((await installmentsOf(seeded)).map((row) => row.status)).toEqual([
      "Paid",
      "Pending",
      "Pending",
      "Pending",
    ]);
  });

  it("defaults: on outside production, off in production unless SANDBOX=on", () => {
    expect(sandboxEnabled({ NODE_ENV: "development", SANDBOX: undefined })).toBe(true);
    expect(sandboxEnabled({ NODE_ENV: "test", SANDBOX: undefined })).toBe(true);
    expect(sandboxEnabled({ NODE_ENV: "production", SANDBOX: undefined })).toBe(false);
    expect(sandboxEnabled({ NODE_ENV: "production", SANDBOX: "on" })).toBe(true);
    expect(sandboxEnabled({ NODE_ENV: "development", SANDBOX: "off" })).toBe(false);
  });
});
