import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import {
  apiKeys,
  brokers,
  claims,
  commissionEntries,
  commissionPayouts,
  endorsements,
  installmentBoletos,
  installmentNotices,
  pixCharges,
  pixReceipts,
  policies,
  policyInstallments,
  quotations,
  refunds,
  secondCopies,
  users,
} from "@/db/schema";
import { createTestDatabase } from "@/db/testing";
import { addDays, businessDay } from "@/lib/dates";
import { DEMO_PIX_POLICIES } from "@/lib/demo/collection";
import {
  DEMO_BROKERS,
  DEMO_EXPIRED_QUOTATIONS,
  DEMO_OPEN_QUOTATIONS,
  formatSeedReport,
  type SeedReport,
  seedDemoData,
} from "@/lib/demo/seed";
import { loadHomeDashboard } from "@/lib/home/dashboard";
import { isValidCnpjValue, isValidCpfValue } from "@/lib/identity";
import { multiplyCents, reaisToCents } from "@/lib/money";
import { NON_PAYMENT_REASON } from "@/lib/notices/cancel-non-payment";
import { NOTICE_SCHEDULE } from "@/lib/notices/job";
import { loadOutboxPage } from "@/lib/notices/outbox";
import { importPaymentReturn } from "@/lib/payments/import-return";
import { buildSandboxReturn } from "@/lib/payments/sandbox-return";
import { requoteWithStoredAnswers } from "@/lib/quotations/stored-answers";
import { compareRenewal } from "@/lib/renewals/comparison";
import { renewalEligibility, renewPolicy } from "@/lib/renewals/renew-policy";

let handle: DatabaseHandle;
let first: SeedReport;

beforeAll(async () => {
  handle = await createTestDatabase();
  // The sandbox PSP keeps its books in the process's database (as the seed script and the portal do).
  useDatabaseForTesting(handle);
  first = await seedDemoData(handle.db);
}, 300_000);

afterAll(async () => {
  useDatabaseForTesting(undefined);
  await handle.close();
});

const PIX_POLICIES = Object.keys(DEMO_PIX_POLICIES).length;
const ITEM_POLICIES = 2;

async function brokerId(registerNumber: string): Promise<string> {
  const [broker] = await handle.db.select().from(brokers).where(eq(brokers.registerNumber, registerNumber));
  return broker!.id;
}

describe("demo seed", () => {
  it("creates the brokers, their logins and one key each, and prints the keys once", async () => {
    expect((await handle.db.select().from(brokers)).map((b) => b.registerNumber).sort()).toEqual([
      "100000",
      "200000",
      "300000",
    ]);
    expect(first.logins.map((l) => l.email)).toEqual(
      expect.arrayContaining(["admin@corretorademo.com.br", "admin@corretoraexemplo.com.br"]),
    );
    expect(first.keys.every((k) => k.key?.startsWith("bpk_live_"))).toBe(true);
    const text = formatSeedReport(first);
    for (const key of first.keys) expect(text).toContain(key.key!);
    const stored = await handle.db.select({ hash: apiKeys.hash }).from(apiKeys);
    expect(stored.every((row) => !first.keys.some((k) => k.key === row.hash))).toBe(true);
  });

  it("is idempotent: a second run adds nothing and shows only prefixes", async () => {
    const [before] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(policies);
    const [quotationsBefore] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(quotations);
    const [noticesBefore] = await handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(installmentNotices);
    const [copiesBefore] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(secondCopies);
    const second = await seedDemoData(handle.db);
    const [after] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(policies);
    const [quotationsAfter] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(quotations);
    const [noticesAfter] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(installmentNotices);
    const [copiesAfter] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(secondCopies);
    expect(after!.n).toBe(before!.n);
    expect(quotationsAfter!.n).toBe(quotationsBefore!.n);
    expect(noticesAfter!.n).toBe(noticesBefore!.n);
    expect(copiesAfter!.n).toBe(copiesBefore!.n);
    expect(second.policiesCreated).toBe(0);
    expect(second.collectionPoliciesIssued).toBe(0);
    expect(second.itemPoliciesIssued).toBe(0);
    expect(second.noticesSent).toBe(0);
    expect(second.keys.every((k) => k.key === undefined)).toBe(true);
    expect((await handle.db.select().from(apiKeys)).length).toBe(DEMO_BROKERS.length);
    expect((await handle.db.select().from(users)).length).toBe(
      DEMO_BROKERS.reduce((sum, demo) => sum + demo.users.length, 0),
    );
  });

  it("makes realistic policies: all products, statuses, valid CPF/CNPJ, pt-BR names", async () => {
    const rows = await handle.db.select().from(policies);
    // The generated policies, and per broker one issued through checkout for the COVERAGE
    // endorsement, the Pix ones (lib/demo/collection.ts) and a bike and an equipment policy (items.ts).
    expect(rows.length).toBe(
      DEMO_BROKERS.reduce(
        (sum, demo) => sum + (demo.policies > 0 ? demo.policies + 1 + PIX_POLICIES + ITEM_POLICIES : 0),
        0,
      ),
    );
    expect(first.collectionPoliciesIssued).toBe(2 * PIX_POLICIES);
    expect(first.itemPoliciesIssued).toBe(2 * ITEM_POLICIES);
    expect(formatSeedReport(first)).toContain("Notices to the insured in the outbox:");
    expect(new Set(rows.map((r) => r.modalityCode)).size).toBe(6);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(["Issued", "Expired", "Canceled"]));
    for (const row of rows) {
      const valid =
        row.personType === "NATURAL"
          ? isValidCpfValue(row.insuredIdentity)
          : isValidCnpjValue(row.insuredIdentity);
      expect(valid, row.insuredIdentity).toBe(true);
      if (row.productCode === "DIRECTORS-OFFICERS-CIVIL-LIABILITY") {
        expect(row.personType).toBe("LEGAL");
        expect(row.paymentMethod).toBe("TICKET");
      }
    }
    expect(rows.some((r) => /[áâãçéêíóôõú]/i.test(r.insuredName))).toBe(true);
    expect(rows.every((r) => r.createdAt.getTime() <= Date.now())).toBe(true);
  });

  it("prices as docs/pricing.md says: IOF 7.38 % half-even and installments that add up exactly", async () => {
    const rows = await handle.db.select().from(policies).orderBy(policies.policyNumber).limit(120);
    for (const row of rows) {
      expect(row.taxCents).toBe(multiplyCents(row.netCents, "0.0738"));
      expect(row.totalCents).toBe(row.netCents + row.taxCents);
      const installments = await handle.db
        .select()
        .from(policyInstallments)
        .where(eq(policyInstallments.policyId, row.id))
        .orderBy(policyInstallments.installmentNumber);
      expect(installments.reduce((sum, i) => sum + i.premiumTotalCents, 0)).toBe(row.totalCents);
      expect(installments.reduce((sum, i) => sum + i.iofCents, 0)).toBe(row.taxCents);
      const limit = row.paymentMethod === "TICKET" ? 6 : 10;
      expect(installments.length).toBeLessThanOrEqual(limit);
      if (installments.length > 1)
        expect(installments.at(-1)!.premiumTotalCents).toBeGreaterThanOrEqual(100_00);
      if (row.paymentMethod === "TICKET")
        expect(installments.every((i) => /^\d{47}$/.test(i.typeableLine ?? ""))).toBe(true);
    }
  });
});

describe("demo seed: claims and renewals", () => {
  it("notices a few claims within their policies' vigency, counted in totalClaims", async () => {
    const rows = await handle.db
      .select({ claim: claims, policy: policies })
      .from(claims)
      .innerJoin(policies, eq(policies.id, claims.policyId));
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const { claim, policy } of rows) {
      expect(claim.protocol).toMatch(/^\d{12}$/);
      expect(claim.brokerId).toBe(policy.brokerId);
      expect(claim.occurredAt >= policy.vigencyStartedAt && claim.occurredAt < policy.vigencyExpiredAt).toBe(
        true,
      );
      expect(claim.occurredAt <= claim.createdAt && claim.createdAt.getTime() <= Date.now()).toBe(true);
    }
    const perPolicy = new Map<string, number>();
    for (const { claim } of rows) perPolicy.set(claim.policyId, (perPolicy.get(claim.policyId) ?? 0) + 1);
    const counted = (
      await handle.db.select({ id: policies.id, total: policies.totalClaims }).from(policies)
    ).map((row) => ({ ...row, claims: perPolicy.get(row.id) ?? 0 }));
    expect(counted.filter((row) => row.total !== row.claims)).toEqual([]);
  });

  it("has Issued policies in the renewal window whose stored answers a renewal accepts", async () => {
    const [demo] = await handle.db.select().from(brokers).where(eq(brokers.registerNumber, "100000"));
    const inWindow = (await handle.db.select().from(policies).where(eq(policies.brokerId, demo!.id))).filter(
      (policy) => policy.status === "Issued" && renewalEligibility(policy).renewable,
    );
    expect(inWindow.length).toBeGreaterThanOrEqual(3);
    for (const policy of inWindow.slice(0, 4)) {
      const item = await renewPolicy(handle.db, demo!.id, {
        registerNumber: "100000",
        policyNumber: policy.policyNumber,
      });
      expect(item).toMatchObject({ status: "Draft", previousPolicyNumber: policy.policyNumber });
    }
  });

  it("prices its policies as the portal quotes: a renewal differs from the expiring premium by at most 25 %", async () => {
    const [demo] = await handle.db.select().from(brokers).where(eq(brokers.registerNumber, "200000"));
    const inWindow = (await handle.db.select().from(policies).where(eq(policies.brokerId, demo!.id))).filter(
      (policy) => renewalEligibility(policy).renewable && policy.status !== "Canceled" && !policy.checkoutId,
    );
    expect(inWindow.length).toBeGreaterThanOrEqual(3);
    for (const policy of inWindow) {
      const item = await renewPolicy(handle.db, demo!.id, {
        registerNumber: "200000",
        policyNumber: policy.policyNumber,
      });
      const comparison = compareRenewal({
        old: {
          totalCents: policy.totalCents,
          policyLimitCents: policy.policyLimitCents,
          endDay: "2000-01-01",
        },
        startDay: "2000-01-01",
        variants: item.pricing.map((variant) => ({
          id: variant.variantIdentifier,
          limitCents: reaisToCents(variant.price.policyLimit),
          totalCents: reaisToCents(variant.price.totalValue),
        })),
      })!;
      expect(comparison.variant.limitCents).toBe(policy.policyLimitCents);
      expect(Math.abs(comparison.differencePercent!)).toBeLessThanOrEqual(25);
    }
  });
});

describe("demo seed: expired quotations", () => {
  it("has a few Expired quotations per broker, quoted weeks ago, that a re-quote makes valid again", async () => {
    for (const registerNumber of ["100000", "200000"]) {
      const [broker] = await handle.db
        .select()
        .from(brokers)
        .where(eq(brokers.registerNumber, registerNumber));
      const expired = await handle.db
        .select()
        .from(quotations)
        .where(and(eq(quotations.brokerId, broker!.id), eq(quotations.status, "Expired")));
      expect(expired).toHaveLength(DEMO_EXPIRED_QUOTATIONS);
      for (const quotation of expired) {
        expect(quotation.expiresAt!.getTime()).toBeLessThan(Date.now());
        expect(quotation.createdAt.getTime()).toBeLessThan(Date.now() - 30 * 86_400_000);
      }
      const item = await requoteWithStoredAnswers(
        handle.db,
        { id: broker!.id, registerNumber },
        expired[0]!.id,
      );
      expect(item.status).toBe("Draft");
      expect(item.pricing.length).toBeGreaterThan(0);
    }
  });

  it("gives the home's quotation cards something to show: expiring this week, awaiting checkout", async () => {
    for (const registerNumber of ["100000", "200000"]) {
      const [broker] = await handle.db
        .select()
        .from(brokers)
        .where(eq(brokers.registerNumber, registerNumber));
      const home = await loadHomeDashboard(handle.db, broker!.id);
      // At least: the renewal test above may have added a renewal starting within the week.
      expect(home.quotations.expiring.count).toBeGreaterThanOrEqual(DEMO_OPEN_QUOTATIONS.expiring);
      expect(home.quotations.awaiting.count).toBe(DEMO_OPEN_QUOTATIONS.awaitingCheckout);
    }
  });
});

const notCanceledForNonPayment = sql`${policies.cancelReason} is distinct from ${NON_PAYMENT_REASON}`;

describe("demo seed: endorsements and commissions", () => {
  it("has, for each broker, an issued endorsement of each type, made by the service", async () => {
    for (const registerNumber of ["100000", "200000"]) {
      const rows = await handle.db
        .select({ type: endorsements.type, status: endorsements.status, version: endorsements.policyVersion })
        .from(endorsements)
        .innerJoin(policies, eq(policies.id, endorsements.policyId))
        .innerJoin(brokers, eq(brokers.id, policies.brokerId))
        // (The daily jobs' cancellations for non-payment are endorsements too: see the history's tests.)
        .where(and(eq(brokers.registerNumber, registerNumber), notCanceledForNonPayment));
      expect(new Set(rows.map((row) => row.type))).toEqual(
        new Set(["REGISTRATION", "COVERAGE", "PAYMENT", "CANCELLATION"]),
      );
      expect(rows.every((row) => row.status === "Issued" && row.version === "02.00")).toBe(true);
      expect(rows.length).toBeLessThanOrEqual(8);
    }
  });

  it("cancels by endorsement with refunds: a card one refunded by the sandbox, a boleto one awaiting bank details", async () => {
    const rows = await handle.db
      .select({ refund: refunds, policy: policies, type: endorsements.type })
      .from(refunds)
      .innerJoin(policies, eq(policies.id, refunds.policyId))
      .innerJoin(endorsements, eq(endorsements.id, refunds.endorsementId));
    const canceled = rows.filter(
      (row) => row.type === "CANCELLATION" && row.policy.cancelReason !== NON_PAYMENT_REASON,
    );
    for (const row of canceled) {
      expect(row.policy.status).toBe("Canceled");
      expect(row.refund.amountCents).toBeGreaterThan(0);
    }
    const [demo] = await handle.db.select().from(brokers).where(eq(brokers.registerNumber, "100000"));
    const ofDemo = canceled.filter((row) => row.policy.brokerId === demo!.id);
    expect(ofDemo.map((row) => [row.refund.paymentMethod, row.refund.status]).sort()).toEqual([
      ["CREDIT-CARD", "Refunded"],
      ["TICKET", "AwaitingBankDetails"],
    ]);
    expect(ofDemo.find((row) => row.refund.paymentMethod === "CREDIT-CARD")!.refund.gatewayRefundId).toMatch(
      /^rf_/,
    );
  });

  it("keeps a year of commission entries, clawbacks of the refunds and monthly payouts", async () => {
    for (const registerNumber of ["100000", "200000"]) {
      const [broker] = await handle.db
        .select()
        .from(brokers)
        .where(eq(brokers.registerNumber, registerNumber));
      const entries = await handle.db
        .select({
          type: commissionEntries.type,
          status: commissionEntries.status,
          amount: commissionEntries.amountCents,
        })
        .from(commissionEntries)
        .where(eq(commissionEntries.brokerId, broker!.id));
      const clawbacks = entries.filter((entry) => entry.type === "CLAWBACK");
      expect(clawbacks.length).toBeGreaterThanOrEqual(1);
      expect(clawbacks.every((entry) => entry.amount < 0)).toBe(true);
      expect(new Set(entries.map((entry) => entry.status))).toEqual(
        new Set(["PENDING", "AVAILABLE", "PAID"]),
      );
      const payouts = await handle.db
        .select()
        .from(commissionPayouts)
        .where(eq(commissionPayouts.brokerId, broker!.id));
      expect(payouts.length).toBeGreaterThanOrEqual(10);
    }
  });

  it("leaves plenty of untouched issued policies with unpaid installments for the specs", async () => {
    const [demo] = await handle.db.select().from(brokers).where(eq(brokers.registerNumber, "100000"));
    const issued = await handle.db
      .select({ id: policies.id })
      .from(policies)
      .where(and(eq(policies.brokerId, demo!.id), eq(policies.status, "Issued")));
    const endorsed = new Set(
      (await handle.db.select({ id: endorsements.policyId }).from(endorsements)).map((row) => row.id),
    );
    const unpaid = new Set(
      (
        await handle.db
          .select({ id: policyInstallments.policyId })
          .from(policyInstallments)
          .where(inArray(policyInstallments.status, ["Pending", "Overdue"]))
      ).map((row) => row.id),
    );
    const untouched = issued.filter((row) => !endorsed.has(row.id) && unpaid.has(row.id));
    // (Fewer since the history cancels the policies left unpaid: still plenty.)
    expect(untouched.length).toBeGreaterThanOrEqual(40);
  });
});

describe("demo seed: premium collection", () => {
  /** The broker's policies paid by `method`, with their installments and each one's Pix charges. */
  async function policiesPaidBy(registerNumber: string, method: "PIX" | "TICKET") {
    const rows = await handle.db
      .select({ policy: policies, installment: policyInstallments })
      .from(policies)
      .innerJoin(policyInstallments, eq(policyInstallments.policyId, policies.id))
      .where(and(eq(policies.brokerId, await brokerId(registerNumber)), eq(policies.paymentMethod, method)));
    const charges = rows.length
      ? await handle.db
          .select()
          .from(pixCharges)
          .where(
            inArray(
              pixCharges.installmentId,
              rows.map((row) => row.installment.id),
            ),
          )
      : [];
    return rows.map((row) => ({
      ...row,
      charges: charges.filter((charge) => charge.installmentId === row.installment.id),
    }));
  }

  it("issues Pix policies per broker: every unpaid installment with one Active Pix charge of its amount", async () => {
    for (const registerNumber of ["100000", "200000"]) {
      const rows = await policiesPaidBy(registerNumber, "PIX");
      expect(new Set(rows.map((row) => row.policy.id)).size).toBeGreaterThanOrEqual(2);
      for (const { policy, installment, charges } of rows) {
        expect(policy.status).toBe("Issued");
        const active = charges.filter((charge) => charge.status === "Active");
        if (installment.status === "Pending") {
          expect(active).toHaveLength(1);
          expect(active[0]!.amountCents).toBe(installment.premiumTotalCents);
          expect(active[0]!.copyPaste).toMatch(/^000201/);
        } else expect(active).toHaveLength(0);
        // Pix policies have no boleto.
        expect(installment.typeableLine).toBeNull();
      }
    }
  });

  it("has a first Pix installment paid by the sandbox PSP's notice: Paid, its charge Paid, the receipt applied", async () => {
    for (const registerNumber of ["100000", "200000"]) {
      const paid = (await policiesPaidBy(registerNumber, "PIX")).filter(
        (row) => row.installment.status === "Paid",
      );
      expect(paid).toHaveLength(1);
      const { installment, charges } = paid[0]!;
      expect(installment.installmentNumber).toBe(1);
      expect(installment.paidCents).toBe(installment.premiumTotalCents);
      expect(installment.paidAt!.getTime()).toBeLessThan(Date.now());
      expect(charges.map((charge) => charge.status)).toEqual(["Paid"]);
      const receipts = await handle.db
        .select()
        .from(pixReceipts)
        .where(eq(pixReceipts.installmentId, installment.id));
      expect(receipts).toMatchObject([
        { outcome: "applied", source: "webhook", amountCents: installment.premiumTotalCents },
      ]);
    }
  });

  /** The broker's installments with a second copy, with their policies. */
  async function secondCopiesOf(registerNumber: string) {
    return handle.db
      .select({ copy: secondCopies, installment: policyInstallments, policy: policies })
      .from(secondCopies)
      .innerJoin(policyInstallments, eq(policyInstallments.id, secondCopies.installmentId))
      .innerJoin(policies, eq(policies.id, policyInstallments.policyId))
      .where(eq(policies.brokerId, await brokerId(registerNumber)));
  }

  it("has an Overdue boleto installment with a second copy: a new boleto and Pix charge for the amount with fine and interest", async () => {
    for (const registerNumber of ["100000", "200000"]) {
      const rows = await secondCopiesOf(registerNumber);
      expect(rows).toHaveLength(1);
      const { copy, installment, policy } = rows[0]!;
      expect(policy).toMatchObject({ status: "Issued", paymentMethod: "TICKET" });
      expect(installment.status).toBe("Overdue");
      expect(copy.amountCents).toBeGreaterThan(installment.premiumTotalCents);
      expect(copy.fineCents).toBeGreaterThan(0);
      expect(copy.source).toBe("portal");
      expect(businessDay(copy.dueDate) > businessDay(new Date())).toBe(true);
      const boletos = await handle.db
        .select()
        .from(installmentBoletos)
        .where(eq(installmentBoletos.installmentId, installment.id));
      expect(
        boletos.map((boleto) => [boleto.status, boleto.secondCopyId, boleto.amountCents]).sort(),
      ).toEqual([
        ["Active", copy.id, copy.amountCents],
        ["WrittenOff", null, installment.premiumTotalCents],
      ]);
      expect(installment.typeableLine).toBe(
        boletos.find((boleto) => boleto.status === "Active")!.typeableLine,
      );
      const charges = await handle.db
        .select()
        .from(pixCharges)
        .where(and(eq(pixCharges.installmentId, installment.id), eq(pixCharges.status, "Active")));
      expect(charges).toMatchObject([{ secondCopyId: copy.id, amountCents: copy.amountCents }]);
    }
  });

  it("fills the outbox with the notices job's due-soon and overdue notices, the collection policies' among them", async () => {
    for (const registerNumber of ["100000", "200000"]) {
      const id = await brokerId(registerNumber);
      const outbox = await loadOutboxPage(handle.db, id, 1);
      expect(outbox.total).toBeGreaterThan(0);
      const notices = await handle.db
        .select({
          kind: installmentNotices.kind,
          status: installmentNotices.status,
          method: policies.paymentMethod,
        })
        .from(installmentNotices)
        .innerJoin(policies, eq(policies.id, installmentNotices.policyId))
        .where(eq(installmentNotices.brokerId, id));
      expect(notices.every((notice) => notice.status === "Sent")).toBe(true);
      expect(new Set(notices.map((notice) => notice.kind))).toEqual(
        new Set(["due-soon", "overdue", "formal"]),
      );
      expect(notices.some((notice) => notice.kind === "due-soon" && notice.method === "PIX")).toBe(true);
      const [{ installment }] = (await secondCopiesOf(registerNumber)) as [
        Awaited<ReturnType<typeof secondCopiesOf>>[number],
      ];
      const [notice] = await handle.db
        .select()
        .from(installmentNotices)
        .where(eq(installmentNotices.installmentId, installment.id));
      // Sent by the morning run the day after its due day (the history's, or today's).
      expect(businessDay(notice!.createdAt)).toBe(addDays(businessDay(installment.dueDate), 1));
      expect(notice).toMatchObject({
        kind: "overdue",
        channel: "outbox",
        recipient: expect.stringContaining("@"),
      });
    }
  });

  it("keeps the generated boletos matchable by the bank's return file, as migrated ones are", async () => {
    const id = await brokerId("100000");
    const [policy] = await handle.db
      .select({
        policyNumber: policies.policyNumber,
        installmentNumber: policyInstallments.installmentNumber,
      })
      .from(policies)
      .innerJoin(policyInstallments, eq(policyInstallments.policyId, policies.id))
      .where(
        and(
          eq(policies.brokerId, id),
          eq(policies.paymentMethod, "TICKET"),
          eq(policies.status, "Issued"),
          eq(policyInstallments.status, "Pending"),
          sql`${policies.checkoutId} is null`,
        ),
      )
      .orderBy(policies.policyNumber)
      .limit(1);
    const text = await buildSandboxReturn(
      handle.db,
      [{ policy: policy!.policyNumber, installments: [policy!.installmentNumber] }],
      { paidOn: businessDay(new Date()) },
    );
    const result = await importPaymentReturn(handle.db, {
      text,
      fileName: "demo-generated.ret",
      source: "sandbox",
      brokerId: id,
      now: new Date(),
    });
    expect(result).toMatchObject({ status: "Applied", matchedCount: 1 });
  });
});

describe("demo seed: a history the daily jobs made", () => {
  const today = businessDay(new Date());
  /** The last due day an installment may still be unpaid on an Issued policy: later, it was canceled. */
  const lastUnpaidDueDay = addDays(
    today,
    -(NOTICE_SCHEDULE.formalAfterDaysOverdue + NOTICE_SCHEDULE.cancelDaysAfterFormal + 1),
  );

  it("leaves no running policy unpaid past the day the law lets the insurer cancel it", async () => {
    const unpaid = await handle.db
      .select({ status: policies.status, dueDate: policyInstallments.dueDate })
      .from(policyInstallments)
      .innerJoin(policies, eq(policies.id, policyInstallments.policyId))
      .where(inArray(policyInstallments.status, ["Pending", "Overdue"]));
    expect(unpaid.length).toBeGreaterThan(50);
    for (const row of unpaid) {
      expect(row.status).toBe("Issued");
      expect(businessDay(row.dueDate) > lastUnpaidDueDay).toBe(true);
    }
  });

  it("has, per broker, formal notices in the outbox and policies canceled for non-payment after their deadline", async () => {
    for (const registerNumber of ["100000", "200000"]) {
      const id = await brokerId(registerNumber);
      const formal = await handle.db
        .select()
        .from(installmentNotices)
        .where(and(eq(installmentNotices.brokerId, id), eq(installmentNotices.kind, "formal")));
      expect(formal.length).toBeGreaterThan(0);
      expect(formal.every((notice) => notice.channel === "outbox" && notice.status === "Sent")).toBe(true);
      const canceled = await handle.db
        .select()
        .from(policies)
        .where(and(eq(policies.brokerId, id), eq(policies.cancelReason, NON_PAYMENT_REASON)));
      expect(canceled.length).toBeGreaterThan(0);
      for (const policy of canceled) {
        const deadlines = formal.filter((notice) => notice.policyId === policy.id).map((n) => n.deadlineAt!);
        expect(deadlines.length).toBeGreaterThan(0);
        // Canceled the morning after the earliest deadline, never before it.
        expect(policy.canceledAt!.getTime()).toBeGreaterThan(Math.min(...deadlines.map((d) => d.getTime())));
      }
    }
    expect(first.canceledForNonPayment).toBeGreaterThan(0);
  });

  it("gives every unpaid boleto of a running policy its Pix charge (boleto híbrido)", async () => {
    const rows = await handle.db
      .select({ installment: policyInstallments, charge: pixCharges })
      .from(policyInstallments)
      .innerJoin(policies, eq(policies.id, policyInstallments.policyId))
      .leftJoin(
        pixCharges,
        and(eq(pixCharges.installmentId, policyInstallments.id), eq(pixCharges.status, "Active")),
      )
      .where(
        and(
          eq(policies.paymentMethod, "TICKET"),
          eq(policies.status, "Issued"),
          inArray(policyInstallments.status, ["Pending", "Overdue"]),
        ),
      );
    expect(rows.length).toBeGreaterThan(50);
    for (const { installment, charge } of rows) {
      expect(charge, `installment ${installment.id}`).not.toBeNull();
      if (!charge!.secondCopyId) expect(charge!.amountCents).toBe(installment.premiumTotalCents);
    }
  });
});
