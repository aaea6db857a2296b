import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { collectableOverdue } from "@/db/queries/collectable-overdue";
import { listOutboxPage, listPolicyNotices } from "@/db/queries/notices";
import { insertDataSubjectRequest, insertPrivacyBlock } from "@/db/queries/privacy";
import { events, installmentNotices, policies, policyInstallments } from "@/db/schema";
import { issueTestPolicy, TEST_CPF } from "@/lib/checkout/testing";
import { addDays, businessDay, endOfBusinessDay, formatDatePtBr, startOfBusinessDay } from "@/lib/dates";
import { resetEnvForTesting } from "@/lib/env";
import { normalizeIdentity } from "@/lib/identity";
import { formatBrl } from "@/lib/money";
import { markOverdueInstallments } from "@/lib/payments/overdue";
import { SandboxPaymentGateway } from "@/lib/payments/sandbox";
import { setUpDomainTestDatabase } from "@/lib/testing/domain-database";
import { DAILY_JOBS } from "@/lib/worker/daily";
import { cancelPoliciesForNonPayment, NON_PAYMENT_REASON } from "./cancel-non-payment";
import { sendInstallmentNotices } from "./job";
import { useNoticeMailerForTesting } from "./mailer";

let handle: DatabaseHandle;
let broker: { id: string; registerNumber: string };
let blockedBroker: { id: string; registerNumber: string };
const gateway = new SandboxPaymentGateway();

setUpDomainTestDatabase({ gateway, registerNumbers: ["410000", "420000"] }, (opened) => {
  handle = opened.handle;
  broker = opened.brokers["410000"];
  blockedBroker = opened.brokers["420000"];
  useNoticeMailerForTesting(undefined);
  delete process.env.SMTP_URL;
  resetEnvForTesting();
});

/** 06:00 of a São Paulo day: when the worker's daily run fires. */
const morningOf = (day: string) => new Date(startOfBusinessDay(day).getTime() + 6 * 3_600_000);
const notices = (day: string) => sendInstallmentNotices(handle.db, { day, now: morningOf(day) });
const cancellations = (day: string) => cancelPoliciesForNonPayment(handle.db, { day, now: morningOf(day) });

/**
 * A policy of 4 installments issued today, its first installment paid, and its second installment
 * (the one the tests follow).
 */
async function policyWithSecondInstallment(method: "TICKET" | "CREDIT-CARD" = "TICKET", on = broker) {
  const policy = await issueTestPolicy(handle.db, on, gateway, { method, installments: 4 });
  await handle.db
    .update(policyInstallments)
    .set({ status: "Paid", paidAt: new Date(), paidCents: sql`${policyInstallments.premiumTotalCents}` })
    .where(and(eq(policyInstallments.policyId, policy.id), eq(policyInstallments.installmentNumber, 1)));
  const [installment] = await handle.db
    .select()
    .from(policyInstallments)
    .where(and(eq(policyInstallments.policyId, policy.id), eq(policyInstallments.installmentNumber, 2)));
  return { policy, installment: installment!, due: businessDay(installment!.dueDate) };
}

async function noticesOf(installmentId: string) {
  return handle.db
    .select()
    .from(installmentNotices)
    .where(eq(installmentNotices.installmentId, installmentId))
    .orderBy(asc(installmentNotices.createdAt));
}

/** The policy's installments the home's overdue card counts (db/queries/collectable-overdue.ts). */
async function collectableOverdueOf(policyId: string): Promise<number> {
  const rows = await handle.db
    .select({ id: policyInstallments.id })
    .from(policyInstallments)
    .innerJoin(policies, eq(policies.id, policyInstallments.policyId))
    .where(and(eq(policies.id, policyId), collectableOverdue));
  return rows.length;
}

const kindsOf = async (installmentId: string) =>
  (await noticesOf(installmentId)).map((notice) => notice.kind);

describe("the notices' schedule", () => {
  it("sends due-soon 3 days before, overdue the day after, formal at 15 days overdue, each once", async () => {
    const { policy, installment, due } = await policyWithSecondInstallment();

    await notices(addDays(due, -4));
    expect(await kindsOf(installment.id)).toEqual([]);
    await notices(addDays(due, -3));
    expect(await kindsOf(installment.id)).toEqual(["due-soon"]);
    const [dueSoon] = await noticesOf(installment.id);
    expect(dueSoon).toMatchObject({
      channel: "outbox",
      status: "Sent",
      recipient: "jose.pereira@example.com",
      subject: `Sua parcela 2/4 do seguro vence em ${formatDatePtBr(installment.dueDate)}`,
    });
    expect(dueSoon!.body).toContain(formatBrl(installment.premiumTotalCents));
    expect(dueSoon!.body.replace(/\D/g, "")).toContain(installment.typeableLine!);

    // Its due day: still nothing more (the notices of a paid one never come, see below).
    await notices(due);
    expect(await kindsOf(installment.id)).toEqual(["due-soon"]);
    await notices(addDays(due, 1));
    expect(await kindsOf(installment.id)).toEqual(["due-soon", "overdue"]);
    const overdue = (await noticesOf(installment.id))[1]!;
    expect(overdue.subject).toBe(`Parcela 2/4 em atraso: apólice ${policy.policyNumber}`);
    expect(overdue.body).toContain(`vencida em ${formatDatePtBr(installment.dueDate)}`);
    // A slip past its due date is not offered: the insured's page makes the 2ª via.
    expect(overdue.body).not.toContain("Linha digitável do boleto:");
    expect(overdue.body).toMatch(/2ª via.*\/pagamento\//s);

    await notices(addDays(due, 14));
    expect(await kindsOf(installment.id)).toEqual(["due-soon", "overdue"]);
    await notices(addDays(due, 15));
    expect(await kindsOf(installment.id)).toEqual(["due-soon", "overdue", "formal"]);
    const formal = (await noticesOf(installment.id))[2]!;
    expect(formal.deadlineAt?.toISOString()).toBe(endOfBusinessDay(addDays(due, 30)).toISOString());
    expect(formal.body).toContain(`até ${formatDatePtBr(startOfBusinessDay(addDays(due, 30)))}`);
    expect(formal.body).toContain("será cancelada por falta de pagamento");

    // Reruns of any of those days send nothing again.
    for (const day of [addDays(due, -3), addDays(due, 1), addDays(due, 15), addDays(due, 16)])
      await notices(day);
    expect(await kindsOf(installment.id)).toEqual(["due-soon", "overdue", "formal"]);

    // What the policy page shows: every notice of the policy, by installment.
    const listed = await listPolicyNotices(handle.db, policy.id);
    expect(listed.filter((row) => row.installmentNumber === 2).map((row) => row.kind)).toEqual([
      "due-soon",
      "overdue",
      "formal",
    ]);
  });

  it("cancels for non-payment only once the formal notice's deadline has passed", async () => {
    const { policy, installment, due } = await policyWithSecondInstallment();
    await notices(addDays(due, -3));
    // The morning's overdue marking, then the notices (the daily jobs' order).
    await markOverdueInstallments(handle.db, {
      day: addDays(due, 1),
      now: morningOf(addDays(due, 1)),
      onlyInstallmentIds: [installment.id],
    });
    for (const day of [addDays(due, 1), addDays(due, 15)]) await notices(day);
    expect(await kindsOf(installment.id)).toEqual(["due-soon", "overdue", "formal"]);
    expect(await collectableOverdueOf(policy.id)).toBe(1);

    await cancellations(addDays(due, 29));
    await cancellations(addDays(due, 30)); // the deadline's own day: still within it
    let [row] = await handle.db.select().from(policies).where(eq(policies.id, policy.id));
    expect(row!.status).toBe("Issued");

    const report = await cancellations(addDays(due, 31));
    expect(report.canceled).toBeGreaterThanOrEqual(1);
    [row] = await handle.db.select().from(policies).where(eq(policies.id, policy.id));
    expect(row).toMatchObject({ status: "Canceled", cancelReason: NON_PAYMENT_REASON });
    const installments = await handle.db
      .select({ status: policyInstallments.status })
      .from(policyInstallments)
      .where(eq(policyInstallments.policyId, policy.id))
      .orderBy(asc(policyInstallments.installmentNumber));
    expect(installments.slice(1).map((i) => i.status)).toEqual(["Canceled", "Canceled", "Canceled"]);
    const canceled = await handle.db
      .select()
      .from(events)
      .where(and(eq(events.quotationId, policy.quotationId), eq(events.type, "policy.canceled")));
    expect(canceled).toHaveLength(1);
    // The home's overdue card counts only what can still be collected: this one no longer.
    expect(await collectableOverdueOf(policy.id)).toBe(0);

    // Nothing more: no notices for a Canceled policy, no second cancellation.
    await notices(addDays(due, 32));
    expect(await cancellations(addDays(due, 32))).toMatchObject({ canceled: 0 });
    const third = await handle.db
      .select()
      .from(policyInstallments)
      .where(and(eq(policyInstallments.policyId, policy.id), eq(policyInstallments.installmentNumber, 3)));
    expect(await kindsOf(third[0]!.id)).toEqual([]);
  });

  it("stops the notices and the cancellation of an installment once it is paid", async () => {
    const { policy, installment, due } = await policyWithSecondInstallment();
    await notices(addDays(due, -3));
    await notices(addDays(due, 1));
    expect(await kindsOf(installment.id)).toEqual(["due-soon", "overdue"]);
    await handle.db
      .update(policyInstallments)
      .set({ status: "Paid", paidAt: morningOf(addDays(due, 2)), paidCents: installment.premiumTotalCents })
      .where(eq(policyInstallments.id, installment.id));
    for (const day of [addDays(due, 15), addDays(due, 20)]) await notices(day);
    expect(await kindsOf(installment.id)).toEqual(["due-soon", "overdue"]);
    await cancellations(addDays(due, 40));
    const [row] = await handle.db.select().from(policies).where(eq(policies.id, policy.id));
    expect(row!.status).toBe("Issued");
  });

  it("keeps a policy paid between the formal notice and its deadline", async () => {
    const { policy, installment, due } = await policyWithSecondInstallment();
    for (const day of [addDays(due, 1), addDays(due, 15)]) await notices(day);
    expect(await kindsOf(installment.id)).toContain("formal");
    await handle.db
      .update(policyInstallments)
      .set({ status: "Paid", paidAt: morningOf(addDays(due, 25)), paidCents: installment.premiumTotalCents })
      .where(eq(policyInstallments.id, installment.id));
    await cancellations(addDays(due, 31));
    const [row] = await handle.db.select().from(policies).where(eq(policies.id, policy.id));
    expect(row!.status).toBe("Issued");
  });

  it("sends card installments no due-soon reminder (the card is charged), but overdue and formal", async () => {
    const { installment, due } = await policyWithSecondInstallment("CREDIT-CARD");
    await notices(addDays(due, -3));
    expect(await kindsOf(installment.id)).toEqual([]);
    await notices(addDays(due, 1));
    await notices(addDays(due, 15));
    expect(await kindsOf(installment.id)).toEqual(["overdue", "formal"]);
    const [overdue] = await noticesOf(installment.id);
    expect(overdue!.body).toContain("cartão de crédito não foi aprovada");
  });

  it("sends nothing about a person blocked for privacy, and says so", async () => {
    const { policy, installment, due } = await policyWithSecondInstallment("TICKET", blockedBroker);
    const request = await insertDataSubjectRequest(handle.db, {
      brokerId: blockedBroker.id,
      identity: normalizeIdentity(TEST_CPF),
      kind: "DELETION",
      dueAt: new Date(),
      requestedBy: null,
      requestedAt: new Date(),
    });
    await insertPrivacyBlock(handle.db, {
      brokerId: blockedBroker.id,
      identity: policy.insuredIdentity,
      requestId: request.id,
    });
    const report = await notices(addDays(due, -3));
    expect(report.skippedPrivacyBlocked).toBeGreaterThanOrEqual(1);
    await notices(addDays(due, 1));
    expect(await kindsOf(installment.id)).toEqual([]);
  });

  it("lists the outbox's notices for the broker, newest first", async () => {
    const { policy } = await policyWithSecondInstallment();
    const { rows, total } = await listOutboxPage(handle.db, broker.id, { limit: 5, offset: 0 });
    expect(total).toBeGreaterThan(5);
    expect(rows).toHaveLength(5);
    expect(rows.every((row) => row.channel === "outbox")).toBe(true);
    expect(rows.map((row) => row.createdAt.getTime())).toEqual(
      rows.map((row) => row.createdAt.getTime()).sort((a, b) => b - a),
    );
    const { rows: other } = await listOutboxPage(handle.db, blockedBroker.id, { limit: 50, offset: 0 });
    expect(other.some((row) => row.policyNumber === policy.policyNumber)).toBe(false);
  });

  it("runs every morning with the daily jobs, after the overdue marking and the card charges", () => {
    const names = DAILY_JOBS.map((job) => job.name);
    expect(names.indexOf("installment-notices")).toBeGreaterThan(names.indexOf("card-installment-charges"));
    expect(names.indexOf("non-payment-cancellations")).toBe(names.indexOf("installment-notices") + 1);
  });
});
