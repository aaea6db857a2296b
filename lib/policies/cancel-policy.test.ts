import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { policies, policyInstallments } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { createBrokerWithKey } from "@/lib/testing/fixtures";
import { ensureTestModalities, insertTestPolicy } from "@/lib/testing/policy-fixtures";
import { cancelPolicy } from "./cancel-policy";
import { getPolicyForBroker } from "./get-policy";

let handle: DatabaseHandle;
let brokerA: string;
let brokerB: string;
const at = new Date("2026-11-21T12:00:00.000Z");

const policyInput = (status: "Issued" | "Expired" = "Issued") => ({
  insuredName: "Márcia Lima",
  insuredIdentity: "52998224725",
  status,
  createdAt: new Date("2026-06-01T12:00:00.000Z"),
  vigencyStartedAt: new Date("2026-06-10T03:00:00.000Z"),
  installments: 3,
});

beforeAll(async () => {
  handle = await createTestDatabase();
  await ensureTestModalities(handle.db);
  brokerA = (await createBrokerWithKey(handle.db, "100000")).broker.id;
  brokerB = (await createBrokerWithKey(handle.db, "200000")).broker.id;
});

afterAll(() => handle.close());

describe("cancelPolicy (portal admin action)", () => {
  it("cancels an Issued policy with its reason and its unpaid installments, keeping paid ones", async () => {
    const policy = await insertTestPolicy(handle.db, brokerA, policyInput());
    await handle.db
      .update(policyInstallments)
      .set({ status: "Paid" })
      .where(and(eq(policyInstallments.policyId, policy.id), eq(policyInstallments.installmentNumber, 1)));
    const result = await cancelPolicy(
      handle.db,
      brokerA,
      policy.policyNumber,
      { reason: "Pedido do segurado" },
      at,
    );
    expect(result).toEqual({ ok: true });
    const [row] = await handle.db.select().from(policies).where(eq(policies.id, policy.id));
    expect(row).toMatchObject({ status: "Canceled", cancelReason: "Pedido do segurado", canceledAt: at });
    const wire = await getPolicyForBroker(handle.db, brokerA, policy.policyNumber);
    expect(wire?.statusText).toBe("Cancelada");
    expect(wire?.installments.map((i) => i.status)).toEqual(["Paid", "Canceled", "Canceled"]);
  });

  it("refuses another broker's policy, a policy that is not Issued, and a missing reason", async () => {
    const policy = await insertTestPolicy(handle.db, brokerA, policyInput());
    expect(
      await cancelPolicy(handle.db, brokerB, policy.policyNumber, { reason: "Tentativa alheia" }),
    ).toEqual({
      ok: false,
      error: "not-found",
    });
    const expired = await insertTestPolicy(handle.db, brokerA, policyInput("Expired"));
    expect(
      await cancelPolicy(handle.db, brokerA, expired.policyNumber, { reason: "Fora de vigência" }),
    ).toEqual({
      ok: false,
      error: "not-issued",
    });
    await expect(cancelPolicy(handle.db, brokerA, policy.policyNumber, { reason: " " })).rejects.toThrow();
    const [row] = await handle.db.select().from(policies).where(eq(policies.id, policy.id));
    expect(row!.status).toBe("Issued");
  });
});
