import { and, asc, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import {
  commissionEntries,
  documents,
  endorsements,
  events,
  policies,
  policyInstallments,
  refunds,
} from "@/db/schema";
import { issueTestPolicy } from "@/lib/checkout/testing";
import { earnInstallmentCommissions } from "@/lib/commissions/ledger";
import { addDays, businessDay, startOfBusinessDay } from "@/lib/dates";
import { isValidTypeableLine } from "@/lib/documents/boleto";
import { renderDocumentById } from "@/lib/documents/render";
import { ApiError } from "@/lib/http/errors";
import { SandboxPaymentGateway } from "@/lib/payments/sandbox";
import { getPolicyForBroker } from "@/lib/policies/get-policy";
import type { EndorsementQuotationRequest } from "@/lib/schemas/endorsement";
import { setUpDomainTestDatabase } from "@/lib/testing/domain-database";
import { insertTestPolicy } from "@/lib/testing/policy-fixtures";
import { issueEndorsement, listEndorsements, previewEndorsement } from "./service";

let handle: DatabaseHandle;
let brokerA: { id: string; registerNumber: string };
let brokerB: { id: string; registerNumber: string };
const gateway = new SandboxPaymentGateway();

setUpDomainTestDatabase({ gateway, registerNumbers: ["100000", "200000"] }, (opened) => {
  handle = opened.handle;
  brokerA = opened.brokers["100000"];
  brokerB = opened.brokers["200000"];
});

const day = (d: string) => ({ kind: "day", day: d }) as const;

function request(
  policyNumber: string,
  overrides: Partial<EndorsementQuotationRequest> & Pick<EndorsementQuotationRequest, "type">,
): EndorsementQuotationRequest {
  return {
    registerNumber: "100000",
    policyNumber,
    effectiveDate: day(businessDay(new Date())),
    ...overrides,
  };
}

/** Broker A's preview of `policyNumber` (the request of `request`). */
function previewFor(
  policyNumber: string,
  overrides: Parameters<typeof request>[1],
  options?: Parameters<typeof previewEndorsement>[3],
) {
  return previewEndorsement(handle.db, brokerA.id, request(policyNumber, overrides), options);
}

/** The ApiError's codes and properties, or a failure when the promise resolves. */
async function apiErrorOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) {
      return {
        status: error.status,
        errors: error.errors.map(({ code, properties }) => ({ code, properties })),
      };
    }
    throw error;
  }
  throw new Error("expected an ApiError");
}

/** Marks an installment Paid as the bank's return would, with its commission earned. */
async function pay(policyId: string, installmentNumber: number, paidAt: Date) {
  await handle.db.transaction(async (tx) => {
    const [row] = await tx
      .update(policyInstallments)
      .set({ status: "Paid", paidAt })
      .where(
        and(
          eq(policyInstallments.policyId, policyId),
          eq(policyInstallments.installmentNumber, installmentNumber),
        ),
      )
      .returning();
    await tx
      .update(policyInstallments)
      .set({ paidCents: row!.premiumTotalCents })
      .where(eq(policyInstallments.id, row!.id));
    await earnInstallmentCommissions(tx, [row!.id], paidAt);
  });
}

/** A fixture policy whose vigency began on `firstDay` (São Paulo), issued 20 days before, one paid installment. */
async function paidPolicy(options: {
  modalityCode: "MEDICAL-CIVIL-LIABILITY" | "DIRECTORS-OFFICERS-CIVIL-LIABILITY";
  firstDay: string;
  netCents: number;
  issuedDaysBefore?: number;
}) {
  const vigencyStartedAt = startOfBusinessDay(options.firstDay);
  const policy = await insertTestPolicy(handle.db, brokerA.id, {
    insuredName: "Clínica Exemplo Ltda",
    insuredIdentity: options.modalityCode === "MEDICAL-CIVIL-LIABILITY" ? "52998224725" : "11222333000181",
    modalityCode: options.modalityCode,
    createdAt: new Date(vigencyStartedAt.getTime() - (options.issuedDaysBefore ?? 20) * 86_400_000),
    vigencyStartedAt,
    netCents: options.netCents,
    installments: 1,
  });
  await pay(policy.id, 1, new Date(vigencyStartedAt.getTime() - 86_400_000));
  return policy;
}

async function snapshot(policyId: string) {
  const [policy] = await handle.db.select().from(policies).where(eq(policies.id, policyId));
  const installments = await handle.db
    .select()
    .from(policyInstallments)
    .where(eq(policyInstallments.policyId, policyId))
    .orderBy(asc(policyInstallments.installmentNumber));
  const [endorsementCount] = await handle.db
    .select({ n: count() })
    .from(endorsements)
    .where(eq(endorsements.policyId, policyId));
  const [refundCount] = await handle.db
    .select({ n: count() })
    .from(refunds)
    .where(eq(refunds.policyId, policyId));
  const [eventCount] = await handle.db
    .select({ n: count() })
    .from(events)
    .where(eq(events.quotationId, policy!.quotationId));
  return {
    policy,
    installments,
    endorsements: endorsementCount!.n,
    refunds: refundCount!.n,
    events: eventCount!.n,
  };
}

/** A policy issued through quotation, proposal, checkout and the issuance job (today's vigency). */
function issuedPolicy(method: "TICKET" | "CREDIT-CARD", installments = 1) {
  return issueTestPolicy(handle.db, brokerA, gateway, { method, installments });
}

describe("cancellation money through the service (annual net R$ 3.650,00 paid, canceled on day 100)", () => {
  const firstDay = "2026-01-05";
  const day100 = addDays(firstDay, 100);
  const now = new Date(startOfBusinessDay(day100).getTime() + 12 * 3_600_000);

  it("SHORT-RATE (RC): retains 44,00 % and refunds R$ 2.044,00; the boleto refund awaits bank details", async () => {
    const policy = await paidPolicy({ modalityCode: "MEDICAL-CIVIL-LIABILITY", firstDay, netCents: 365_000 });
    const preview = await previewFor(
      policy.policyNumber,
      {
        type: "CANCELLATION",
        effectiveDate: day(day100),
        reason: "Pedido do segurado",
      },
      { now },
    );
    expect(preview).toMatchObject({
      type: "CANCELLATION",
      status: "Draft",
      effectiveDate: day100,
      refund: 2044,
      refundBasis: "SHORT-RATE",
      retainedPercent: "44.00",
      premiumDifference: 0,
      commissionDifference: -408.8,
    });
    expect(preview.policyAfter).toMatchObject({ status: "Canceled", version: "02.00" });
    const issued = await issueEndorsement(
      handle.db,
      brokerA.id,
      { endorsementIdentifier: preview.endorsementIdentifier },
      { now, origin: "http://localhost:3000" },
    );
    expect(issued).toMatchObject({ status: "Issued", policyVersion: "02.00", refund: 2044 });
    expect(issued.documentUrl).toMatch(/^http:\/\/localhost:3000\/api\/documents\//);
    const wire = await getPolicyForBroker(handle.db, brokerA.id, policy.policyNumber);
    expect(wire).toMatchObject({ status: "Canceled", version: "02.00" });
    expect(wire!.refunds).toEqual([
      expect.objectContaining({ value: 2044, status: "AwaitingBankDetails", paymentMethod: "TICKET" }),
    ]);
    expect(wire!.endorsements.map((e) => [e.type, e.policyVersion])).toEqual([["CANCELLATION", "02.00"]]);
    const [event] = await handle.db
      .select()
      .from(events)
      .where(and(eq(events.quotationId, policy.quotationId), eq(events.type, "policy.canceled")));
    expect(event!.data).toMatchObject({ policyNumber: policy.policyNumber, status: "Canceled" });
  });

  it("PRO-RATA (D&O): retains 100/365 and refunds R$ 2.650,00", async () => {
    const policy = await paidPolicy({
      modalityCode: "DIRECTORS-OFFICERS-CIVIL-LIABILITY",
      firstDay,
      netCents: 365_000,
    });
    const preview = await previewFor(
      policy.policyNumber,
      {
        type: "CANCELLATION",
        effectiveDate: day(day100),
        reason: "Encerramento",
      },
      { now },
    );
    expect(preview).toMatchObject({ refund: 2650, refundBasis: "PRO-RATA", retainedPercent: "27.40" });
    await issueEndorsement(
      handle.db,
      brokerA.id,
      { endorsementIdentifier: preview.endorsementIdentifier },
      { now },
    );
    const [refund] = await handle.db.select().from(refunds).where(eq(refunds.policyId, policy.id));
    expect(refund).toMatchObject({ amountCents: 265_000, status: "AwaitingBankDetails" });
  });

  it("within 7 days of issuance gives everything paid back, IOF included (right of withdrawal)", async () => {
    const policy = await paidPolicy({
      modalityCode: "MEDICAL-CIVIL-LIABILITY",
      firstDay,
      netCents: 365_000,
      issuedDaysBefore: 0,
    });
    const [paid] = await handle.db
      .select()
      .from(policyInstallments)
      .where(eq(policyInstallments.policyId, policy.id));
    expect(paid!.iofCents).toBeGreaterThan(0);
    const at = new Date(startOfBusinessDay(addDays(firstDay, 6)).getTime() + 3_600_000);
    const preview = await previewFor(
      policy.policyNumber,
      {
        type: "CANCELLATION",
        effectiveDate: day(addDays(firstDay, 6)),
        reason: "Desistência",
      },
      { now: at },
    );
    expect(preview).toMatchObject({
      refund: paid!.paidCents! / 100,
      refundBasis: "WITHDRAWAL",
      retainedPercent: "0.00",
      // The IOF given back carries no commission: the clawback is on the net premium only.
      commissionDifference: -(365_000 * 0.2) / 100,
    });
    await issueEndorsement(
      handle.db,
      brokerA.id,
      { endorsementIdentifier: preview.endorsementIdentifier },
      { now: at },
    );
    const [refund] = await handle.db.select().from(refunds).where(eq(refunds.policyId, policy.id));
    expect(refund!.amountCents).toBe(paid!.paidCents);
    const entries = await handle.db
      .select()
      .from(commissionEntries)
      .where(eq(commissionEntries.policyId, policy.id));
    expect(entries.filter((e) => e.type === "CLAWBACK").map((e) => e.amountCents)).toEqual([-73_000]);
    expect(entries.reduce((sum, e) => sum + e.amountCents, 0)).toBe(0);
  });
});

describe("coverage changes", () => {
  it("spreads a coverage increase over the unpaid installments, exactly", async () => {
    const policy = await issuedPolicy("TICKET", 3);
    const before = await snapshot(policy.id);
    const preview = await previewFor(policy.policyNumber, {
      type: "COVERAGE",
      answers: [{ code: "LIMIT", answer: 300000 }],
    });
    expect(preview.premiumDifference).toBeGreaterThan(0);
    expect(preview.installments).toHaveLength(3);
    expect(preview.installments.every((i) => i.action === "changed")).toBe(true);
    const differenceCents = Math.round(preview.premiumDifference * 100);
    await issueEndorsement(handle.db, brokerA.id, { endorsementIdentifier: preview.endorsementIdentifier });
    const after = await snapshot(policy.id);
    const sum = (rows: typeof after.installments) =>
      rows.reduce((total, row) => total + row.premiumTotalCents, 0);
    expect(sum(after.installments)).toBe(sum(before.installments) + differenceCents);
    expect(after.policy).toMatchObject({ version: "02.00", policyLimitCents: 300_000_00 });
    expect(after.policy!.totalCents).toBe(before.policy!.totalCents + differenceCents);
    const shares = after.installments.map(
      (row, i) => row.premiumTotalCents - before.installments[i]!.premiumTotalCents,
    );
    expect(shares[1]).toBe(shares[2]);
    expect(Math.abs(shares[0]! - shares[1]!)).toBeLessThanOrEqual(2);
    for (const row of after.installments) expect(isValidTypeableLine(row.typeableLine!)).toBe(true);
    const [event] = await handle.db
      .select()
      .from(events)
      .where(and(eq(events.quotationId, policy.quotationId), eq(events.type, "policy.endorsed")));
    expect(event!.data).toMatchObject({ endorsementType: "COVERAGE", version: "02.00", status: "Issued" });
  });

  it("adds one installment due in 7 days when none is left unpaid (card paid in full)", async () => {
    const policy = await issuedPolicy("CREDIT-CARD", 1);
    const preview = await previewFor(policy.policyNumber, {
      type: "COVERAGE",
      answers: [
        { code: "LIMIT", answer: 200000 },
        { code: "DEDUCTIBLE", answer: "REDUCED" },
      ],
    });
    expect(preview.installments).toEqual([
      expect.objectContaining({
        installmentNumber: 2,
        action: "new",
        dueDate: startOfBusinessDay(addDays(businessDay(new Date()), 7)).toISOString(),
        premiumTotalValue: preview.premiumDifference,
      }),
    ]);
    expect(preview.policyAfter.installments).toHaveLength(2);
    await issueEndorsement(handle.db, brokerA.id, { endorsementIdentifier: preview.endorsementIdentifier });
    const after = await snapshot(policy.id);
    expect(after.installments.map((row) => [row.installmentNumber, row.status])).toEqual([
      [1, "Paid"],
      [2, "Pending"],
    ]);
    expect(after.installments[1]!.premiumTotalCents).toBe(Math.round(preview.premiumDifference * 100));
  });
});

describe("issuing checks the preview", () => {
  it("refuses a stale preview (the policy changed after it) and an expired one, changing nothing", async () => {
    const policy = await issuedPolicy("TICKET", 2);
    const email = (answer: string) =>
      request(policy.policyNumber, { type: "REGISTRATION", answers: [{ code: "INSURED-EMAIL", answer }] });
    const first = await previewEndorsement(handle.db, brokerA.id, email("um@example.com"));
    const second = await previewEndorsement(handle.db, brokerA.id, email("dois@example.com"));
    await issueEndorsement(handle.db, brokerA.id, { endorsementIdentifier: first.endorsementIdentifier });
    const before = await snapshot(policy.id);
    expect(
      await apiErrorOf(
        issueEndorsement(handle.db, brokerA.id, { endorsementIdentifier: second.endorsementIdentifier }),
      ),
    ).toEqual({
      status: 400,
      errors: [{ code: "ENDORSEMENT-EXPIRED", properties: ["endorsementIdentifier"] }],
    });

    // A payment (a trigger stamps updatedAt) makes a preview stale too.
    const third = await previewEndorsement(handle.db, brokerA.id, email("tres@example.com"));
    await pay(policy.id, 1, new Date());
    expect(
      (
        await apiErrorOf(
          issueEndorsement(handle.db, brokerA.id, { endorsementIdentifier: third.endorsementIdentifier }),
        )
      ).errors[0]!.code,
    ).toBe("ENDORSEMENT-EXPIRED");

    // Past its validity (the end of the effective day here).
    const fourth = await previewEndorsement(handle.db, brokerA.id, email("quatro@example.com"));
    const later = new Date(new Date(fourth.expiresAt).getTime() + 1);
    expect(
      (
        await apiErrorOf(
          issueEndorsement(
            handle.db,
            brokerA.id,
            { endorsementIdentifier: fourth.endorsementIdentifier },
            { now: later },
          ),
        )
      ).errors[0]!.code,
    ).toBe("ENDORSEMENT-EXPIRED");
    const list = await listEndorsements(
      handle.db,
      brokerA.id,
      policy.policyNumber,
      { page: 1, itemsPerPage: 10 },
      { now: later },
    );
    expect(list.totalItems).toBe(4);
    expect(list.list.find((e) => e.endorsementIdentifier === fourth.endorsementIdentifier)?.status).toBe(
      "Expired",
    );

    const after = await snapshot(policy.id);
    expect(after.policy!.version).toBe(before.policy!.version);
    expect(after.refunds).toBe(before.refunds);
  });

  it("answers another broker's policy and endorsement as unknown ones", async () => {
    const policy = await issuedPolicy("TICKET", 1);
    const preview = await previewFor(policy.policyNumber, {
      type: "REGISTRATION",
      answers: [{ code: "INSURED-CELLPHONE", answer: "11912345678" }],
    });
    const foreign = await apiErrorOf(
      previewEndorsement(
        handle.db,
        brokerB.id,
        request(policy.policyNumber, { type: "CANCELLATION", reason: "Alheia" }),
      ),
    );
    const unknown = await apiErrorOf(
      previewEndorsement(
        handle.db,
        brokerB.id,
        request("9999999999999", { type: "CANCELLATION", reason: "Alheia" }),
      ),
    );
    expect(foreign).toEqual(unknown);
    expect(foreign).toEqual({
      status: 404,
      errors: [{ code: "POLICY-NOT-FOUND", properties: ["policyNumber"] }],
    });
    const foreignIssue = await apiErrorOf(
      issueEndorsement(handle.db, brokerB.id, { endorsementIdentifier: preview.endorsementIdentifier }),
    );
    const unknownIssue = await apiErrorOf(
      issueEndorsement(handle.db, brokerB.id, {
        endorsementIdentifier: "6f1c2a52-4f1e-4c43-9a55-0c9c1d7b8e21",
      }),
    );
    expect(foreignIssue).toEqual(unknownIssue);
    expect(foreignIssue.errors[0]!.code).toBe("ENDORSEMENT-NOT-FOUND");
    expect(
      await apiErrorOf(
        listEndorsements(handle.db, brokerB.id, policy.policyNumber, { page: 1, itemsPerPage: 10 }),
      ),
    ).toEqual(unknown);
  });
});

describe("registration and payment endorsements", () => {
  it("shows a registration change on the lookup with version 02.00, and its PDF renders", async () => {
    const policy = await issuedPolicy("TICKET", 2);
    const preview = await previewFor(policy.policyNumber, {
      type: "REGISTRATION",
      answers: [
        { code: "INSURED-NAME", answer: "José Antonio Pereira" },
        { code: "INSURED-EMAIL", answer: "jose.a.pereira@example.com" },
        { code: "INSURED-ADDRESS-NUMBER", answer: "1200" },
      ],
    });
    expect(preview.premiumDifference).toBe(0);
    expect(preview.changes.map((change) => change.field)).toEqual([
      "INSURED-NAME",
      "INSURED-EMAIL",
      "INSURED-ADDRESS",
    ]);
    expect(preview.policyAfter).toMatchObject({ insuredName: "José Antonio Pereira", version: "02.00" });
    const lookupBefore = await getPolicyForBroker(handle.db, brokerA.id, policy.policyNumber);
    expect(lookupBefore).toMatchObject({
      insuredName: "José Antônio Pereira",
      version: "01.00",
      endorsements: [],
    });

    await issueEndorsement(handle.db, brokerA.id, { endorsementIdentifier: preview.endorsementIdentifier });
    const lookup = await getPolicyForBroker(
      handle.db,
      brokerA.id,
      policy.policyNumber,
      "http://localhost:3000",
    );
    expect(lookup).toMatchObject({ insuredName: "José Antonio Pereira", version: "02.00" });
    expect(lookup!.endorsements).toEqual([
      expect.objectContaining({ type: "REGISTRATION", status: "Issued", policyVersion: "02.00" }),
    ]);
    expect(new Date(lookup!.updatedAt).getTime()).toBeGreaterThan(
      new Date(lookupBefore!.updatedAt).getTime(),
    );
    const [document] = await handle.db
      .select()
      .from(documents)
      .where(eq(documents.endorsementId, preview.endorsementIdentifier));
    const rendered = await renderDocumentById(handle.db, document!.id, { compress: false });
    expect(rendered?.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    // Issuing again answers the same endorsement and does nothing twice.
    const again = await issueEndorsement(handle.db, brokerA.id, {
      endorsementIdentifier: preview.endorsementIdentifier,
    });
    expect(again.policyVersion).toBe("02.00");
  });

  it("moves the pending boletos to a new due day and refuses a change of method", async () => {
    const policy = await issuedPolicy("TICKET", 3);
    const preview = await previewFor(policy.policyNumber, {
      type: "PAYMENT",
      answers: [{ code: "DUE-DAY", answer: "15" }],
    });
    expect(preview.installments.length).toBeGreaterThan(0);
    for (const installment of preview.installments)
      expect(businessDay(new Date(installment.dueDate)).slice(8)).toBe("15");
    expect(
      await apiErrorOf(
        previewFor(policy.policyNumber, {
          type: "PAYMENT",
          answers: [
            { code: "DUE-DAY", answer: 40 },
            { code: "PAYMENT-METHOD", answer: "CREDIT-CARD" },
          ],
        }),
      ),
    ).toEqual({
      status: 400,
      errors: [{ code: "INVALID-FORM-FIELD", properties: ["answers.PAYMENT-METHOD", "answers.DUE-DAY"] }],
    });
  });
});

describe("cancellation with a card refund", () => {
  it("refunds the card through the gateway (recorded by the sandbox) with the refund's idempotency key", async () => {
    const policy = await issuedPolicy("CREDIT-CARD", 2);
    const preview = await previewFor(policy.policyNumber, {
      type: "CANCELLATION",
      reason: "Desistência do segurado",
    });
    const [first] = await handle.db
      .select()
      .from(policyInstallments)
      .where(and(eq(policyInstallments.policyId, policy.id), eq(policyInstallments.installmentNumber, 1)));
    // Issued today: the right of withdrawal gives back everything the first installment paid.
    expect(first!.premiumTotalCents).toBeGreaterThan(first!.tariffPremiumCents);
    expect(preview).toMatchObject({ refundBasis: "WITHDRAWAL", refund: first!.paidCents! / 100 });
    await issueEndorsement(handle.db, brokerA.id, { endorsementIdentifier: preview.endorsementIdentifier });
    const [refund] = await handle.db.select().from(refunds).where(eq(refunds.policyId, policy.id));
    expect(refund).toMatchObject({
      status: "Refunded",
      paymentMethod: "CREDIT-CARD",
      amountCents: first!.paidCents,
    });
    expect(gateway.refunds.get(refund!.idempotencyKey)).toMatchObject({
      amountCents: first!.paidCents,
      result: { status: "refunded", refundId: refund!.gatewayRefundId },
    });
    const after = await snapshot(policy.id);
    expect(after.policy).toMatchObject({ status: "Canceled", cancelReason: "Desistência do segurado" });
    expect(after.installments.map((row) => row.status)).toEqual(["Paid", "Canceled"]);
  });
});

describe("validation changes nothing", () => {
  it("names every bad field at once and leaves the policy, its installments and the events as they were", async () => {
    const policy = await issuedPolicy("TICKET", 2);
    const before = await snapshot(policy.id);
    const yesterday = addDays(businessDay(new Date()), -1);
    expect(
      await apiErrorOf(
        previewFor(policy.policyNumber, {
          type: "CANCELLATION",
          effectiveDate: day(yesterday),
        }),
      ),
    ).toEqual({
      status: 400,
      errors: [
        { code: "ENDORSEMENT-DATE-INVALID", properties: ["effectiveDate"] },
        { code: "INVALID-FORM-FIELD", properties: ["reason"] },
      ],
    });
    expect(
      await apiErrorOf(
        previewFor(policy.policyNumber, {
          type: "REGISTRATION",
          answers: [
            { code: "INSURED-EMAIL", answer: "not-an-email" },
            { code: "IDENTITY", answer: "52998224725" },
            { code: "INSURED-ADDRESS-STATE", answer: "XX" },
          ],
        }),
      ),
    ).toEqual({
      status: 400,
      errors: [
        {
          code: "INVALID-FORM-FIELD",
          properties: ["answers.IDENTITY", "answers.INSURED-EMAIL", "answers.INSURED-ADDRESS-STATE"],
        },
      ],
    });
    const vigencyEnd = businessDay(before.policy!.vigencyExpiredAt);
    expect(
      (
        await apiErrorOf(
          previewFor(policy.policyNumber, {
            type: "COVERAGE",
            effectiveDate: day(vigencyEnd),
            answers: [{ code: "LIMIT", answer: 123 }],
          }),
        )
      ).errors.map((e) => e.code),
    ).toEqual(["ENDORSEMENT-DATE-INVALID"]);
    expect(await snapshot(policy.id)).toEqual(before);
  });

  it("takes a policy whose vigency has not begun from its first day only", async () => {
    const firstDay = addDays(businessDay(new Date()), 10);
    const policy = await insertTestPolicy(handle.db, brokerA.id, {
      insuredName: "Márcia Lima",
      insuredIdentity: "52998224725",
      createdAt: new Date(),
      vigencyStartedAt: startOfBusinessDay(firstDay),
    });
    const cancel = (effective: string) =>
      previewFor(policy.policyNumber, {
        type: "CANCELLATION",
        effectiveDate: day(effective),
        reason: "Desistência",
      });
    expect((await apiErrorOf(cancel(businessDay(new Date())))).errors[0]!.code).toBe(
      "ENDORSEMENT-DATE-INVALID",
    );
    expect(await cancel(firstDay)).toMatchObject({ effectiveDate: firstDay, refund: 0 });
  });
});
