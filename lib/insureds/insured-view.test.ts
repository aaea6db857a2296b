import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { auditEntries, claims } from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { flushReadAudits, useReadAuditDatabaseForTesting } from "@/lib/audit/read-queue";
import { issuePolicy } from "@/lib/checkout/issue-policy";
import { startCheckout } from "@/lib/checkout/start-checkout";
import { createQuotationWithProposal } from "@/lib/checkout/testing";
import { getIssuanceQueue } from "@/lib/jobs/boss";
import { sampleQuotationRequest } from "@/lib/quotations/fixtures";
import { createQuotation } from "@/lib/quotations/service";
import { createBrokerWithKey } from "@/lib/testing/fixtures";
import { stopWorker } from "@/lib/worker";
import { getInsuredView } from "./insured-view";

const CPF = "52998224725";
const OTHER_CPF = "11144477735";
let handle: DatabaseHandle;
let brokerA: { id: string; registerNumber: string };
let brokerB: { id: string; registerNumber: string };
let policyNumber: string;
let foreignQuotationId: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseForTesting(handle);
  brokerA = (await createBrokerWithKey(handle.db, "100000")).broker;
  brokerB = (await createBrokerWithKey(handle.db, "200000")).broker;
  await getIssuanceQueue();
  const ready = await createQuotationWithProposal(handle.db, brokerA, { method: "TICKET", installments: 3 });
  const started = await startCheckout(handle.db, brokerA.id, {
    registerNumber: brokerA.registerNumber,
    quotationIdentifier: ready.quotationId,
  } as never);
  if (started.outcome !== "queued") throw new Error("checkout not queued");
  await issuePolicy(handle.db, started.checkoutId);
  await createQuotation(
    handle.db,
    brokerA.id,
    sampleQuotationRequest("medical", brokerA.registerNumber, {
      IDENTITY: OTHER_CPF,
      "INSURED-NAME": "Outra Pessoa",
    }) as never,
  );
  foreignQuotationId = (
    await createQuotation(
      handle.db,
      brokerB.id,
      sampleQuotationRequest("broker", brokerB.registerNumber, {
        "INSURED-NAME": "Mesmo CPF na Bê",
      }) as never,
    )
  ).quotationIdentifier;
  const view = await getInsuredView(handle.db, brokerA.id, CPF);
  policyNumber = view!.policies[0]!.policyNumber;
  await handle.db.insert(claims).values({
    brokerId: brokerA.id,
    policyId: view!.policies[0]!.id,
    occurredAt: new Date(),
    description: "Reclamação de cliente",
    claimantName: "Fulano",
  });
}, 60_000);

afterAll(async () => {
  await stopWorker();
  useDatabaseForTesting(undefined);
  await handle?.close();
});

describe("the insured's view", () => {
  it("shows one identity's policies, quotations, claims and open installments for the broker", async () => {
    const view = await getInsuredView(handle.db, brokerA.id, "529.982.247-25");
    expect(view?.contact).toMatchObject({ identity: CPF, email: "jose.pereira@example.com" });
    expect(view?.policies.map((p) => p.policyNumber)).toEqual([policyNumber]);
    expect(view?.quotations.totalItems).toBe(1);
    expect(view?.quotations.list.every((q) => q.insuredIdentity === CPF)).toBe(true);
    expect(view?.claims.map((c) => c.policyNumber)).toEqual([policyNumber]);
    expect(view?.installments).toHaveLength(3);
    expect(
      view?.installments.every((i) => i.status === "Pending" && /^\d{47}$/.test(i.typeableLine ?? "")),
    ).toBe(true);
  });

  it("keeps another identity of the same broker apart", async () => {
    const view = await getInsuredView(handle.db, brokerA.id, OTHER_CPF);
    expect(view?.contact.name).toBe("Outra Pessoa");
    expect(view?.policies).toEqual([]);
    expect(view?.claims).toEqual([]);
    expect(view?.quotations.list.map((q) => q.insuredIdentity)).toEqual([OTHER_CPF]);
  });

  it("shows another broker only its own rows for the same CPF", async () => {
    const view = await getInsuredView(handle.db, brokerB.id, CPF);
    expect(view?.policies).toEqual([]);
    expect(view?.installments).toEqual([]);
    expect(view?.quotations.list.map((q) => q.quotationIdentifier)).toEqual([foreignQuotationId]);
  });

  it("answers nothing for an identity the broker never quoted, or a malformed one", async () => {
    expect(await getInsuredView(handle.db, brokerA.id, "22233344405")).toBeUndefined();
    expect(await getInsuredView(handle.db, brokerA.id, "11222333000181")).toBeUndefined();
    expect(await getInsuredView(handle.db, brokerA.id, "abc")).toBeUndefined();
    expect(await getInsuredView(handle.db, brokerA.id, "%")).toBeUndefined();
  });

  it("records the read of a view with the reader, the CPF masked, and none for an identity not shown", async () => {
    useReadAuditDatabaseForTesting(handle.db);
    try {
      const reader = { actor: { kind: "user" as const, id: brokerA.id }, clientAddress: "203.0.113.9" };
      expect(await getInsuredView(handle.db, brokerA.id, "529.982.247-25", reader)).toBeDefined();
      expect(await getInsuredView(handle.db, brokerA.id, "22233344405", reader)).toBeUndefined();
      await flushReadAudits();
      const reads = await handle.db
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.action, "insured.read"), eq(auditEntries.brokerId, brokerA.id)));
      expect(reads).toEqual([
        expect.objectContaining({
          objectType: "insured",
          objectId: "52*******25",
          clientAddress: "203.0.113.9",
        }),
      ]);
    } finally {
      useReadAuditDatabaseForTesting(undefined);
    }
  });
});
