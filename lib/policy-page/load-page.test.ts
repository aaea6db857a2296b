import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { documents, policies, policyInstallments } from "@/db/schema";
import { loadPolicyPageFor } from "@/lib/policy-page/load-page";
import { createPolicyTestDatabase, insertTestPolicy } from "@/lib/testing/policy-fixtures";

const ORIGIN = "https://portal.example.com.br";
const DAY = 86_400_000;
let handle: DatabaseHandle;
let brokerA: string;
let brokerB: string;

beforeAll(async () => {
  const created = await createPolicyTestDatabase();
  handle = created.handle;
  brokerA = created.a.broker.id;
  brokerB = created.b.broker.id;
});

afterAll(async () => {
  await handle?.close();
});

type Viewer = Parameters<typeof loadPolicyPageFor>[1];

function load(number: string, viewer: Viewer = { brokerId: brokerA, role: "admin" }) {
  return loadPolicyPageFor(handle.db, viewer, number, ORIGIN);
}

function seedPolicy(status: "Issued" | "Canceled" = "Issued") {
  const start = new Date(Date.now() - 10 * DAY);
  return insertTestPolicy(handle.db, brokerA, {
    insuredName: "Maria da Silva",
    insuredIdentity: "52998224725",
    status,
    createdAt: start,
    vigencyStartedAt: start,
    installments: 3,
  });
}

const TYPEABLE_LINE = "34191790010104351004791020150008291070026000000";

/** The policy PDF, the all-installments boleto and the boletos of installments 1 (paid) and 2. */
async function seedDocuments(policy: { id: string; brokerId: string }) {
  const installments = await handle.db
    .select()
    .from(policyInstallments)
    .where(eq(policyInstallments.policyId, policy.id))
    .orderBy(policyInstallments.installmentNumber);
  await handle.db
    .update(policyInstallments)
    .set({ status: "Paid", paidAt: new Date(), paidCents: installments[0]!.premiumTotalCents })
    .where(eq(policyInstallments.id, installments[0]!.id));
  await handle.db
    .update(policyInstallments)
    .set({ typeableLine: TYPEABLE_LINE })
    .where(and(eq(policyInstallments.policyId, policy.id), eq(policyInstallments.installmentNumber, 2)));
  const base = { brokerId: policy.brokerId, policyId: policy.id, fileName: "documento.pdf" };
  await handle.db.insert(documents).values([
    { ...base, kind: "policy" },
    { ...base, kind: "boleto" },
    { ...base, kind: "boleto", installmentId: installments[0]!.id },
    { ...base, kind: "boleto", installmentId: installments[1]!.id },
  ]);
}

describe("loadPolicyPageFor", () => {
  it("answers undefined for another broker's policy and for a malformed number", async () => {
    const policy = await seedPolicy();
    const other: Viewer = { brokerId: brokerB, role: "admin" };
    expect(await load(policy.policyNumber, other)).toBeUndefined();
    expect(await load(policy.number, other)).toBeUndefined();
    expect(await load("12ab")).toBeUndefined();
    expect(await load(`${policy.policyNumber}0`)).toBeUndefined();
  });

  it("answers every section of an issued policy for its broker's admin", async () => {
    const policy = await seedPolicy();
    const view = await load(policy.number);
    expect(view?.header).toEqual({
      policyNumber: policy.policyNumber,
      number: policy.number,
      version: policy.version,
      status: "Issued",
      statusText: expect.any(String),
    });
    expect(view?.renewal).toEqual({
      renewedFromNumber: undefined,
      renewedByNumber: undefined,
      liveQuotationId: undefined,
      renewable: false,
    });
    expect(view?.contact).toEqual({ email: "segurado@exemplo.com.br", phone: "11999990000" });
    expect(view?.summary.insured).toMatchObject({
      name: "Maria da Silva",
      identity: "52998224725",
      address: expect.objectContaining({ city: "São Paulo", zipCode: "01310100" }),
    });
    expect(view?.summary.product).toMatchObject({
      productText: "RC Profissional",
      modalityText: "Médico",
      totalClaims: 0,
      terms: { policyLimitCents: 100_000_00, paymentMethod: "TICKET" },
    });
    expect(view?.summary.premium).toEqual({
      netCents: policy.netCents,
      taxCents: policy.taxCents,
      interestCents: policy.interestCents,
      totalCents: policy.totalCents,
    });
    expect(view?.installments.map((row) => row.position)).toEqual(["1/3", "2/3", "3/3"]);
    expect(view?.installments.every((row) => !row.boletoUrl && !row.share)).toBe(true);
    expect(view?.documents).toEqual({ policyPdfUrl: undefined, ticketUrl: undefined });
    expect(view?.share).toBeUndefined();
    expect(view?.claims).toEqual({ list: [], totalItems: 0, noticeOpen: true });
    expect(view?.cancellation).toMatchObject({ notice: undefined, cancelable: true });
    expect(view?.cancellation.dates?.initial).toBe(view?.alteration?.dates.initial);
    expect(view?.alteration).toMatchObject({
      registration: { insuredName: "Maria da Silva", insuredCellphone: "11999990000", zipCode: "01310100" },
      dueDayEditable: true,
    });
    expect(view?.history).toEqual({ endorsements: [], refunds: [] });
  });

  it("answers the signed document links, and a boleto to send for each unpaid installment", async () => {
    const policy = await seedPolicy();
    await seedDocuments(policy);
    const view = await load(policy.policyNumber);
    expect(view?.documents.policyPdfUrl).toMatch(new RegExp(`^${ORIGIN}/`));
    expect(view?.documents.ticketUrl).toMatch(new RegExp(`^${ORIGIN}/`));
    expect(view?.share?.policyNumber).toBe(policy.policyNumber);
    expect(view?.share?.document.links).toEqual([
      { label: "Apólice (PDF)", url: view?.documents.policyPdfUrl },
      { label: "Boletos (PDF)", url: view?.documents.ticketUrl },
    ]);
    const [paid, pending, withoutBoleto] = view?.installments ?? [];
    expect(paid).toMatchObject({ status: "Paid", boletoUrl: expect.any(String), share: undefined });
    expect(pending?.share).toMatchObject({
      subject: `o boleto da parcela 2/3 da apólice nº ${policy.policyNumber}`,
      insuredName: "Maria da Silva",
      insuredPersonType: "NATURAL",
      links: [{ label: "Boleto (PDF)", url: pending?.boletoUrl }],
      typeableLine: TYPEABLE_LINE,
    });
    expect(withoutBoleto).toMatchObject({ boletoUrl: undefined, share: undefined });
  });

  it("a member gets no cancellation form", async () => {
    const policy = await seedPolicy();
    const view = await load(policy.policyNumber, { brokerId: brokerA, role: "member" });
    expect(view?.cancellation.cancelable).toBe(false);
    expect(view?.cancellation.dates).toBeUndefined();
    // Any user alters a policy, as the API allows.
    expect(view?.alteration).toBeDefined();
  });

  it("a canceled policy shows its date and reason, takes no claim and sends no boleto", async () => {
    const policy = await seedPolicy("Canceled");
    const canceledAt = new Date(Date.now() - DAY);
    await handle.db
      .update(policies)
      .set({ canceledAt, cancelReason: "Pedido do segurado" })
      .where(eq(policies.id, policy.id));
    const view = await load(policy.policyNumber);
    expect(view?.cancellation).toEqual({
      notice: { canceledAt, reason: "Pedido do segurado" },
      cancelable: false,
    });
    expect(view?.claims.noticeOpen).toBe(false);
    expect(view?.alteration).toBeUndefined();
    expect(view?.installments.every((row) => row.share === undefined)).toBe(true);
  });
});
