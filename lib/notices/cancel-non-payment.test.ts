import { and, eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { policies, policyInstallments, secondCopies } from "@/db/schema";
import { issueTestPolicy } from "@/lib/checkout/testing";
import { earnInstallmentCommissions } from "@/lib/commissions/ledger";
import { addDays, businessDay, startOfBusinessDay } from "@/lib/dates";
import { resetEnvForTesting } from "@/lib/env";
import { markOverdueInstallments } from "@/lib/payments/overdue";
import { SandboxPaymentGateway } from "@/lib/payments/sandbox";
import { setUpDomainTestDatabase } from "@/lib/testing/domain-database";
import { cancelPoliciesForNonPayment } from "./cancel-non-payment";
import { sendInstallmentNotices } from "./job";
import { useNoticeMailerForTesting } from "./mailer";

let handle: DatabaseHandle;
let broker: { id: string; registerNumber: string };
const gateway = new SandboxPaymentGateway();

setUpDomainTestDatabase({ gateway, registerNumbers: ["430000"] }, (opened) => {
  handle = opened.handle;
  broker = opened.brokers["430000"];
  useNoticeMailerForTesting(undefined);
  delete process.env.SMTP_URL;
  resetEnvForTesting();
});

/** 06:00 of a São Paulo day: when the worker's daily run fires. */
const morningOf = (day: string) => new Date(startOfBusinessDay(day).getTime() + 6 * 3_600_000);

async function statusOf(policyId: string) {
  const [row] = await handle.db.select().from(policies).where(eq(policies.id, policyId));
  return row!.status;
}

it("waits for the due day of a second copy that ends after the formal notice's deadline", async () => {
  const policy = await issueTestPolicy(handle.db, broker, gateway, { method: "TICKET", installments: 2 });
  const [first] = await handle.db
    .update(policyInstallments)
    .set({ status: "Paid", paidAt: new Date(), paidCents: sql`${policyInstallments.premiumTotalCents}` })
    .where(and(eq(policyInstallments.policyId, policy.id), eq(policyInstallments.installmentNumber, 1)))
    .returning();
  await earnInstallmentCommissions(handle.db, [first!.id], new Date());
  const [installment] = await handle.db
    .select()
    .from(policyInstallments)
    .where(and(eq(policyInstallments.policyId, policy.id), eq(policyInstallments.installmentNumber, 2)));
  const due = businessDay(installment!.dueDate);
  await markOverdueInstallments(handle.db, {
    day: addDays(due, 1),
    now: morningOf(addDays(due, 1)),
    onlyInstallmentIds: [installment!.id],
  });
  for (const day of [addDays(due, 1), addDays(due, 15)])
    await sendInstallmentNotices(handle.db, { day, now: morningOf(day) });
  // The formal notice's deadline is the end of due + 30; the insurer issued a second copy due on due + 32.
  await handle.db.insert(secondCopies).values({
    installmentId: installment!.id,
    dueDate: startOfBusinessDay(addDays(due, 32)),
    daysLate: 32,
    originalCents: installment!.premiumTotalCents,
    fineCents: 0,
    interestCents: 0,
    amountCents: installment!.premiumTotalCents,
    source: "api",
  });

  const cancel = (day: string) => cancelPoliciesForNonPayment(handle.db, { day, now: morningOf(day) });
  for (const day of [addDays(due, 31), addDays(due, 32)]) {
    expect(await cancel(day)).toMatchObject({ canceled: 0 });
    expect(await statusOf(policy.id)).toBe("Issued");
  }
  // The second copy's due day is over: the later of the two dates has passed.
  expect(await cancel(addDays(due, 33))).toMatchObject({ canceled: 1 });
  expect(await statusOf(policy.id)).toBe("Canceled");
});
