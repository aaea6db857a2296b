import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as lookup from "@/app/api/v1/policy/[registerNumber]/[policyNumber]/route";
import * as list from "@/app/api/v1/policy/[registerNumber]/all/route";
import { listRenewalWindow } from "@/db/queries/renewal-window";
import { auditEntries, dataSubjectRequests, policies, quotations, users } from "@/db/schema";
import { createApiKey } from "@/lib/api-keys/key-store";
import type { AuditContext } from "@/lib/audit/context";
import { verifyAuditChain } from "@/lib/audit/verify";
import { createQuotationWithProposal, issueTestPolicy, TEST_CPF } from "@/lib/checkout/testing";
import { noticeClaim } from "@/lib/claims/notice-claim";
import { extractPdfText } from "@/lib/documents/testing-pdf";
import { ApiError } from "@/lib/http/errors";
import { normalizeIdentity } from "@/lib/identity";
import { getInsuredView } from "@/lib/insureds/insured-view";
import { SandboxPaymentGateway } from "@/lib/payments/sandbox";
import { streamPolicyCsv } from "@/lib/policies/export-csv";
import { getPolicyForBroker } from "@/lib/policies/get-policy";
import { listPolicies } from "@/lib/policies/list-policies";
import { parsePolicyPageQuery } from "@/lib/policies/page-query";
import { setUpDomainTestDatabase } from "@/lib/testing/domain-database";
import { keyHeader } from "@/lib/testing/fixtures";
import { insertTestPolicy } from "@/lib/testing/policy-fixtures";
import { callRoute } from "@/lib/testing/route";
import { exportSubjectAccess } from "./access-export";
import { renderAccessExportPdf } from "./access-pdf";
import { isInsuredBlocked, isPolicyBlocked } from "./blocks";
import { ANONYMISED_NAME, completeDeletionRequest } from "./deletion";
import { getBrokerRequest, type PrivacyCaller, registerDataSubjectRequest } from "./requests";

const gateway = new SandboxPaymentGateway();
const context = setUpDomainTestDatabase({ gateway, registerNumbers: ["100000", "200000"] });

const SUBJECT_CPF = normalizeIdentity(TEST_CPF);
const SUBJECT_NAME = "José Antônio Pereira";
const OTHER_CPF = "39053344705";
const OTHER_NAME = "Beatriz Vizinha Quintela";
const OTHER_BROKER_NAME = "Cliente Da Corretora Dois";

let callerA: PrivacyCaller;
let callerB: PrivacyCaller;
let keyA: string;
let subjectPolicy: typeof policies.$inferSelect;
let openQuotationId: string;
let otherPolicyNumber: string;
let otherBrokerPolicyNumber: string;
let otherBrokerQuotationId: string;

async function admin(brokerId: string, email: string): Promise<AuditContext> {
  const [user] = await context.handle.db
    .insert(users)
    .values({ brokerId, email, name: "Encarregada LGPD", passwordHash: "x", role: "admin" })
    .returning();
  return { actor: { kind: "user", id: user!.id }, clientAddress: "198.51.100.7" };
}

beforeAll(async () => {
  const db = context.handle.db;
  const brokerA = context.brokers["100000"];
  const brokerB = context.brokers["200000"];
  callerA = { brokerId: brokerA.id, audit: await admin(brokerA.id, "lgpd@corretora-a.com.br") };
  callerB = { brokerId: brokerB.id, audit: await admin(brokerB.id, "lgpd@corretora-b.com.br") };
  keyA = (await createApiKey(db, { registerNumber: "100000", name: "privacy test" })).key;

  // The subject at broker A: an issued, card-paid policy with a claim, and a quotation never issued.
  subjectPolicy = await issueTestPolicy(db, brokerA, gateway, { method: "CREDIT-CARD", installments: 3 });
  await noticeClaim(db, brokerA.id, {
    policyNumber: subjectPolicy.policyNumber,
    occurredAt: { kind: "instant", instant: new Date() },
    description: "Reclamação de cliente sobre apólice intermediada",
    claimantName: "Reclamante Terceiro",
  });
  openQuotationId = (await createQuotationWithProposal(db, brokerA, { method: "TICKET" })).quotationId;

  // Another person at broker A, and the same CPF at broker B (another broker's client).
  const today = new Date();
  otherPolicyNumber = (
    await insertTestPolicy(db, brokerA.id, {
      insuredName: OTHER_NAME,
      insuredIdentity: OTHER_CPF,
      createdAt: today,
      vigencyStartedAt: today,
    })
  ).policyNumber;
  const otherBrokerPolicy = await insertTestPolicy(db, brokerB.id, {
    insuredName: OTHER_BROKER_NAME,
    insuredIdentity: SUBJECT_CPF,
    createdAt: today,
    vigencyStartedAt: today,
  });
  otherBrokerPolicyNumber = otherBrokerPolicy.policyNumber;
  otherBrokerQuotationId = otherBrokerPolicy.quotationId;
});

describe("registering a request", () => {
  it("sets the deadline 15 days after registration and records it with the CPF masked", async () => {
    const now = new Date("2026-11-02T13:00:00Z");
    const result = await registerDataSubjectRequest(
      context.handle.db,
      callerA,
      { identity: TEST_CPF, kind: "ACCESS" },
      now,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.request.identity).toBe(SUBJECT_CPF);
    expect(result.request.status).toBe("Open");
    expect(result.request.dueAt.toISOString()).toBe("2026-11-17T13:00:00.000Z");
    const [entry] = await context.handle.db
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.action, "privacy-request.registered"),
          eq(auditEntries.objectId, result.request.id),
        ),
      );
    expect(entry).toMatchObject({
      actorKind: "user",
      objectType: "privacy-request",
      clientAddress: "198.51.100.7",
    });
    expect(JSON.stringify(entry!.details)).not.toContain(SUBJECT_CPF);
    expect(entry!.details.identity).toBe("52*******25");
  });

  it("refuses an invalid CPF/CNPJ with a message on the field, and registers nothing", async () => {
    const before = await context.handle.db.$count(dataSubjectRequests);
    const result = await registerDataSubjectRequest(context.handle.db, callerA, {
      identity: "529.982.247-26",
      kind: "DELETION",
    });
    expect(result).toEqual({ ok: false, fieldErrors: { identity: "Informe um CPF ou CNPJ válido." } });
    const badKind = await registerDataSubjectRequest(context.handle.db, callerA, {
      identity: TEST_CPF,
      kind: "RECTIFICATION",
    });
    expect(badKind.ok === false && badKind.fieldErrors.kind).toBeTruthy();
    expect(await context.handle.db.$count(dataSubjectRequests)).toBe(before);
  });
});

describe("an access export", () => {
  it("holds every record of the person at this broker, and nothing of anyone else", async () => {
    const registered = await registerDataSubjectRequest(context.handle.db, callerA, {
      identity: "529.982.247-25",
      kind: "ACCESS",
    });
    if (!registered.ok) throw new Error("not registered");
    const result = await exportSubjectAccess(context.handle.db, callerA, registered.request.id, "json");
    if (!result.ok) throw new Error("not exported");
    const data = result.export;
    expect(data.quotations.map((quotation) => quotation.id).sort()).toEqual(
      [subjectPolicy.quotationId, openQuotationId].sort(),
    );
    expect(data.proposals).toHaveLength(2);
    expect(data.policies.map((policy) => policy.policyNumber)).toEqual([subjectPolicy.policyNumber]);
    const [policy] = data.policies;
    expect(policy!.installments).toHaveLength(3);
    expect(policy!.installments.some((installment) => installment.paidAt !== null)).toBe(true);
    expect(policy!.claims).toHaveLength(1);
    expect(data.documents.length).toBeGreaterThan(0);
    expect(data.auditEntries.some((entry) => entry.action === "claim.noticed")).toBe(true);
    expect(data.counts).toMatchObject({ quotations: 2, policies: 1, installments: 3, claims: 1 });

    const json = JSON.stringify(data);
    expect(json).toContain(SUBJECT_CPF);
    expect(json).toContain(SUBJECT_NAME);
    for (const foreign of [
      OTHER_CPF,
      OTHER_NAME,
      OTHER_BROKER_NAME,
      otherPolicyNumber,
      otherBrokerPolicyNumber,
    ]) {
      expect(json).not.toContain(foreign);
    }
    expect(json).not.toContain(callerB.brokerId);

    const request = await getBrokerRequest(context.handle.db, callerA.brokerId, registered.request.id);
    expect(request).toMatchObject({ status: "Completed", outcome: data.counts });
    expect(request!.completedAt).toBeInstanceOf(Date);
    const [entry] = await context.handle.db
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.action, "privacy-request.access-exported"),
          eq(auditEntries.objectId, registered.request.id),
        ),
      );
    expect(entry).toMatchObject({ actorKind: "user", objectType: "privacy-request" });
    expect(JSON.stringify(entry!.details)).not.toContain(SUBJECT_CPF);
  });

  it("renders the same export as a PDF", async () => {
    const registered = await registerDataSubjectRequest(context.handle.db, callerA, {
      identity: TEST_CPF,
      kind: "ACCESS",
    });
    if (!registered.ok) throw new Error("not registered");
    const result = await exportSubjectAccess(context.handle.db, callerA, registered.request.id, "pdf");
    if (!result.ok) throw new Error("not exported");
    const pdf = await renderAccessExportPdf(result.export, { compress: false });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = extractPdfText(pdf);
    expect(text).toContain(subjectPolicy.policyNumber);
    expect(text).toContain(SUBJECT_NAME);
    expect(text).not.toContain(OTHER_NAME);
  });

  it("refuses another broker's request id and a deletion request as not found", async () => {
    const registered = await registerDataSubjectRequest(context.handle.db, callerA, {
      identity: TEST_CPF,
      kind: "ACCESS",
    });
    if (!registered.ok) throw new Error("not registered");
    const id = registered.request.id;
    expect(await exportSubjectAccess(context.handle.db, callerB, id, "json")).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await getBrokerRequest(context.handle.db, callerB.brokerId, id)).toBeUndefined();
    expect(await completeDeletionRequest(context.handle.db, callerB, id)).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await exportSubjectAccess(context.handle.db, callerA, "not-an-id", "json")).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect((await getBrokerRequest(context.handle.db, callerA.brokerId, id))?.status).toBe("Open");
  });
});

describe("a deletion", () => {
  let requestId: string;

  beforeAll(async () => {
    const registered = await registerDataSubjectRequest(context.handle.db, callerA, {
      identity: TEST_CPF,
      kind: "DELETION",
    });
    if (!registered.ok) throw new Error("not registered");
    requestId = registered.request.id;
    // Another broker may not carry it out.
    expect(await completeDeletionRequest(context.handle.db, callerB, requestId)).toEqual({
      ok: false,
      reason: "not-found",
    });
    const result = await completeDeletionRequest(context.handle.db, callerA, requestId);
    expect(result).toMatchObject({
      ok: true,
      outcome: { anonymisedQuotations: 1, blockedPolicies: 1, blockedClaims: 1 },
    });
  });

  it("anonymises the quotation that never became a policy, keeping its money and product", async () => {
    const [row] = await context.handle.db.select().from(quotations).where(eq(quotations.id, openQuotationId));
    expect(row!.insuredName).toBe(ANONYMISED_NAME);
    expect(row!.modalityCode).toBe("INSURANCE-BROKER-CIVIL-LIABILITY");
    const text = JSON.stringify(row);
    for (const personal of [
      SUBJECT_CPF,
      "José",
      "jose.pereira@example.com",
      "11987654321",
      "Avenida Paulista",
    ]) {
      expect(text).not.toContain(personal);
    }
  });

  it("keeps the policy but takes it out of the list, the search, the CSV export and the renewals", async () => {
    const db = context.handle.db;
    const brokerId = callerA.brokerId;
    const [kept] = await db.select().from(policies).where(eq(policies.id, subjectPolicy.id));
    expect(kept!.insuredName).toBe(SUBJECT_NAME);

    const all = await listPolicies(db, brokerId, parsePolicyPageQuery({ itemsPerPage: "100" }));
    expect(all.list.map((policy) => policy.policyNumber)).toEqual([otherPolicyNumber]);
    for (const search of ["Pereira", TEST_CPF, subjectPolicy.policyNumber]) {
      expect((await listPolicies(db, brokerId, parsePolicyPageQuery({ search }))).totalItems).toBe(0);
    }
    const csv = await new Response(await streamPolicyCsv(db, brokerId, parsePolicyPageQuery({}))).text();
    expect(csv).toContain(otherPolicyNumber);
    expect(csv).not.toContain(subjectPolicy.policyNumber);
    expect(csv).not.toContain(SUBJECT_NAME);
    const window = await listRenewalWindow(db, brokerId, {
      from: new Date(0),
      to: new Date("2100-01-01"),
      descending: false,
      limit: 100,
      offset: 0,
    });
    expect(window.rows.map((row) => row.policyNumber)).not.toContain(subjectPolicy.policyNumber);
  });

  it("leaves the API's policy list, and the API's lookup by number answers 451 POLICY-BLOCKED", async () => {
    const listed = await callRoute(list.GET, "/api/v1/policy/100000/all?itemsPerPage=100", {
      params: { registerNumber: "100000" },
      headers: keyHeader(keyA),
    });
    expect(listed.status).toBe(200);
    expect(listed.text).not.toContain(subjectPolicy.policyNumber);
    expect(listed.text).not.toContain(SUBJECT_CPF);
    const opened = await callRoute(lookup.GET, `/api/v1/policy/100000/${subjectPolicy.policyNumber}`, {
      params: { registerNumber: "100000", policyNumber: subjectPolicy.policyNumber },
      headers: keyHeader(keyA),
    });
    expect(opened.status).toBe(451);
    expect(opened.json).toMatchObject({ success: false, errors: [{ code: "POLICY-BLOCKED" }] });
    expect(opened.text).not.toContain(SUBJECT_CPF);
    expect(opened.text).not.toContain("Pereira");
  });

  it("reports the policy and the insured as blocked when opened by number or CPF", async () => {
    const db = context.handle.db;
    expect(await isPolicyBlocked(db, callerA.brokerId, subjectPolicy.policyNumber)).toBe(true);
    expect(await isPolicyBlocked(db, callerA.brokerId, subjectPolicy.number)).toBe(true);
    expect(await isPolicyBlocked(db, callerA.brokerId, otherPolicyNumber)).toBe(false);
    await expect(getPolicyForBroker(db, callerA.brokerId, subjectPolicy.policyNumber)).rejects.toSatisfy(
      (error) => error instanceof ApiError && error.status === 451,
    );
    expect(await isInsuredBlocked(db, callerA.brokerId, TEST_CPF)).toBe(true);
    expect(await getInsuredView(db, callerA.brokerId, TEST_CPF)).toBeUndefined();
  });

  it("leaves another broker's records of the same CPF untouched", async () => {
    const db = context.handle.db;
    const brokerId = callerB.brokerId;
    expect(await isInsuredBlocked(db, brokerId, TEST_CPF)).toBe(false);
    const listed = await listPolicies(db, brokerId, parsePolicyPageQuery({ search: TEST_CPF }));
    expect(listed.list.map((policy) => policy.policyNumber)).toEqual([otherBrokerPolicyNumber]);
    const [quotation] = await db.select().from(quotations).where(eq(quotations.id, otherBrokerQuotationId));
    expect(quotation).toMatchObject({ insuredName: OTHER_BROKER_NAME, insuredIdentity: SUBJECT_CPF });
    expect((await getPolicyForBroker(db, brokerId, otherBrokerPolicyNumber))?.insuredName).toBe(
      OTHER_BROKER_NAME,
    );
  });

  it("is completed once, audited without the CPF in clear, and the trail still verifies", async () => {
    const db = context.handle.db;
    expect(await completeDeletionRequest(db, callerA, requestId)).toEqual({
      ok: false,
      reason: "already-completed",
    });
    const request = await getBrokerRequest(db, callerA.brokerId, requestId);
    expect(request).toMatchObject({
      status: "Completed",
      outcome: { anonymisedQuotations: 1, blockedPolicies: 1, blockedClaims: 1 },
    });
    const entries = await db.select().from(auditEntries).where(eq(auditEntries.objectId, requestId));
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      "privacy-request.deletion-completed",
      "privacy-request.registered",
    ]);
    for (const entry of entries) expect(JSON.stringify(entry.details)).not.toContain(SUBJECT_CPF);
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true });
  });
});
