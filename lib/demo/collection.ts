import { and, asc, desc, eq, gt, notExists, notInArray } from "drizzle-orm";
import type { Database } from "@/db/index";
import { endorsements, policies, policyInstallments } from "@/db/schema";
import { payInstallmentPixInSandbox } from "@/lib/payments/pix/sandbox-notice";
import { createSecondCopy } from "@/lib/payments/second-copy/service";
import { type DemoCheckoutPayment, issueDemoPolicyThroughCheckout } from "./endorsements";
import type { DemoModality } from "./policies";

const DAY_MS = 86_400_000;

/**
 * The demo's Pix policies of each broker, issued through quotation, proposal, checkout and issuance
 * `issuedDaysAgo` days before the seeding (the first installment is due 7 days after issuance): one
 * whose first installment the insured paid by Pix the day after issuance, one whose first
 * installment is due in 3 days (the due-soon notice). Their vigency starts 70 days after issuance,
 * so that they end after every generated policy: the specs that take Issued rows by end date (from
 * the 25th on) keep finding generated ones.
 */
export const DEMO_PIX_POLICIES = {
  paid: { method: "PIX", issuedDaysAgo: 6, installments: 3 },
  dueSoon: { method: "PIX", issuedDaysAgo: 4, installments: 2 },
} as const satisfies Record<string, DemoCheckoutPayment & { issuedDaysAgo: number }>;
const START_IN_DAYS = 70;
const LIMIT_REAIS = 100_000;
/** The policies the overdue boleto is not taken from (see findOverdueBoleto). */
const SPARED_FIRST_NUMBERS = 10;
const SPARED_ENDING_WITHIN_DAYS = 90;

export type DemoCollectionBroker = {
  id: string;
  registerNumber: string;
  brokerIndex: number;
  /** The broker's admin, who asks for the second copy in the portal. */
  adminUserId: string;
};

async function firstInstallment(db: Database, policyId: string) {
  const [row] = await db
    .select({ id: policyInstallments.id })
    .from(policyInstallments)
    .where(and(eq(policyInstallments.policyId, policyId), eq(policyInstallments.installmentNumber, 1)));
  if (!row) throw new Error(`demo policy ${policyId} has no first installment`);
  return row;
}

/**
 * The broker's Pix policies (DEMO_PIX_POLICIES), the payment by the sandbox PSP and its signed notice
 * (lib/payments/pix/sandbox-notice.ts), and a second copy of an overdue boleto asked by the broker's
 * admin as of `now`. Run sendDemoNotices afterwards for the notices. Answers how many policies were
 * issued.
 */
export async function seedDemoCollection(
  db: Database,
  broker: DemoCollectionBroker,
  modalityRows: DemoModality[],
  now: Date,
): Promise<number> {
  // D&O takes limits in steps of R$ 500 000: the others share the demo limit.
  const modalities = modalityRows.filter((row) => row.productCode !== "DIRECTORS-OFFICERS-CIVIL-LIABILITY");
  const issue = (kind: keyof typeof DEMO_PIX_POLICIES, index: number) => {
    const { issuedDaysAgo, ...payment } = DEMO_PIX_POLICIES[kind];
    return issueDemoPolicyThroughCheckout(db, broker, {
      modality: modalities[(broker.brokerIndex + index) % modalities.length] ?? modalityRows[0]!,
      at: new Date(now.getTime() - issuedDaysAgo * DAY_MS),
      seed: 9100 + broker.brokerIndex * 10 + index,
      limit: LIMIT_REAIS,
      startInDays: START_IN_DAYS,
      ...payment,
    });
  };

  const paid = await issue("paid", 0);
  const paidInstallment = await firstInstallment(db, paid.id);
  const paidAt = new Date(now.getTime() - (DEMO_PIX_POLICIES.paid.issuedDaysAgo - 1) * DAY_MS);
  const payment = await payInstallmentPixInSandbox(db, paidInstallment.id, paidAt);
  if (payment.result?.outcome !== "applied") {
    throw new Error(`demo Pix payment not applied: ${payment.result?.outcome}`);
  }
  await issue("dueSoon", 1);

  const overdue = await findOverdueBoleto(db, broker.id, now);
  if (overdue) {
    await createSecondCopy(db, broker.id, overdue, {
      audit: { actor: { kind: "user", id: broker.adminUserId } },
      now,
    });
  }
  return Object.keys(DEMO_PIX_POLICIES).length;
}

/**
 * The generated boleto installment overdue most recently on an Issued policy no spec picks (not
 * among the first policy numbers, which the bank's example return file pays, nor ending within 90
 * days, nor endorsed). A generated one, since only the generator dates installments in the past: a
 * policy issued through checkout "days ago" still has its due dates counted from the checkout row's
 * real creation instant (confirmQuotationWithCheckout), so none of its installments is past due.
 */
async function findOverdueBoleto(db: Database, brokerId: string, now: Date) {
  const firstNumbers = (
    await db
      .select({ policyNumber: policies.policyNumber })
      .from(policies)
      .where(eq(policies.brokerId, brokerId))
      .orderBy(asc(policies.policyNumber))
      .limit(SPARED_FIRST_NUMBERS)
  ).map((row) => row.policyNumber);
  const [row] = await db
    .select({ policyNumber: policies.policyNumber, installmentNumber: policyInstallments.installmentNumber })
    .from(policyInstallments)
    .innerJoin(policies, eq(policies.id, policyInstallments.policyId))
    .where(
      and(
        eq(policies.brokerId, brokerId),
        eq(policies.status, "Issued"),
        eq(policies.paymentMethod, "TICKET"),
        eq(policyInstallments.status, "Overdue"),
        gt(policies.vigencyExpiredAt, new Date(now.getTime() + SPARED_ENDING_WITHIN_DAYS * DAY_MS)),
        notInArray(policies.policyNumber, firstNumbers),
        notExists(db.select().from(endorsements).where(eq(endorsements.policyId, policies.id))),
      ),
    )
    .orderBy(desc(policyInstallments.dueDate), asc(policies.policyNumber))
    .limit(1);
  return row;
}
