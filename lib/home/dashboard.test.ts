import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import {
  checkouts,
  installmentPlans,
  policyInstallments,
  proposals,
  quotations,
  quotationVariants,
} from "@/db/schema";
import { addDays, businessDay, startOfBusinessDay } from "@/lib/dates";
import { formatBrl, reaisToCents } from "@/lib/money";
import { listPolicies } from "@/lib/policies/list-policies";
import { parsePolicyPageQuery, toPolicyTableRow } from "@/lib/policies/page-query";
import { parseQuotationPageQuery } from "@/lib/quotations/list-page";
import { listQuotationReads } from "@/lib/quotations/read";
import { renewalEligibility } from "@/lib/renewals/renew-policy";
import {
  endingWindowEnds,
  listRenewalCandidates,
  renewalOpensOn,
  renewalWindowBounds,
} from "@/lib/renewals/renewal-window";
import { createPolicyTestDatabase, insertTestPolicy } from "@/lib/testing/policy-fixtures";
import { loadHomeDashboard } from "./dashboard";

// The list's filters read the clock, so the fixtures are placed relative to it.
const NOW = new Date();
const day = (offset: number) => new Date(NOW.getTime() + offset * 86_400_000);
const THIS_MONTH = businessDay(NOW).slice(0, 7);
const thisMonthStart = startOfBusinessDay(`${THIS_MONTH}-01`);
const inThisMonth = (hours: number) => new Date(thisMonthStart.getTime() + hours * 3_600_000);
const LAST_MONTH = businessDay(new Date(thisMonthStart.getTime() - 86_400_000)).slice(0, 7);
type InstallmentSet = {
  status: "Pending" | "Overdue" | "Paid";
  dueIn: number;
  dueAt?: Date;
  number?: number;
};
const pendingSets: [string, InstallmentSet][] = [];

let handle: DatabaseHandle;
let brokerA: string;
let brokerB: string;

async function policy(
  brokerId: string,
  name: string,
  options: { createdAt?: Date; endsIn?: number; status?: "Expired" | "Canceled"; installments?: number } = {},
) {
  const createdAt = options.createdAt ?? day(-400);
  const vigencyExpiredAt = day(options.endsIn ?? 200);
  return insertTestPolicy(handle.db, brokerId, {
    insuredName: name,
    insuredIdentity: "52998224725",
    createdAt,
    vigencyStartedAt: new Date(vigencyExpiredAt.getTime() - 365 * 86_400_000),
    vigencyExpiredAt,
    netCents: 1_000_00,
    status: options.status,
    installments: options.installments,
  });
}

async function setInstallment(policyId: string, values: InstallmentSet) {
  pendingSets.push([policyId, values]);
}

async function applyInstallment(policyId: string, values: InstallmentSet) {
  await handle.db
    .update(policyInstallments)
    .set({ status: values.status, dueDate: values.dueAt ?? day(values.dueIn) })
    .where(
      and(
        eq(policyInstallments.policyId, policyId),
        eq(policyInstallments.installmentNumber, values.number ?? 1),
      ),
    );
}

/** A proposal (with its variant and plan) for a quotation, and optionally a checkout in `status`. */
async function propose(brokerId: string, quotationId: string, checkout?: "Declined" | "Failed" | "Queued") {
  const [variant] = await handle.db
    .insert(quotationVariants)
    .values({
      quotationId,
      position: 1,
      limitCents: 100_000_00,
      netCents: 100_00,
      taxCents: 7_38,
      totalCents: 107_38,
      commissionCents: 20_00,
      rates: [],
    })
    .returning({ id: quotationVariants.id });
  const [plan] = await handle.db
    .insert(installmentPlans)
    .values({
      variantId: variant!.id,
      paymentType: "Ticket",
      installmentCount: 1,
      netCents: 100_00,
      taxCents: 7_38,
      totalCents: 107_38,
      commissionCents: 20_00,
      installmentCents: 107_38,
      installmentTaxCents: 7_38,
      dueDates: [],
    } as typeof installmentPlans.$inferInsert)
    .returning({ id: installmentPlans.id });
  const [proposal] = await handle.db
    .insert(proposals)
    .values({
      quotationId,
      number: String(10_000_000_000_000 + Math.floor(Math.random() * 1e12)),
      variantId: variant!.id,
      planId: plan!.id,
      paymentMethod: "TICKET",
    } as typeof proposals.$inferInsert)
    .returning({ id: proposals.id });
  if (checkout) {
    await handle.db
      .insert(checkouts)
      .values({ brokerId, quotationId, proposalId: proposal!.id, paymentMethod: "TICKET", status: checkout });
  }
}

/** A Draft quotation valid until `expiresIn` days from now. */
async function draft(brokerId: string, name: string, options: { expiresIn: number }) {
  const [row] = await handle.db
    .insert(quotations)
    .values({
      brokerId,
      modalityCode: "MEDICAL-CIVIL-LIABILITY",
      status: "Draft",
      personType: "NATURAL",
      insuredName: name,
      insuredIdentity: "52998224725",
      insuredEmail: "a@exemplo.com.br",
      insuredPhone: "11999990000",
      insuredAddress: {
        zipCode: "01310100",
        street: "Av",
        number: "1",
        complement: "",
        neighborhood: "B",
        city: "São Paulo",
        state: "SP",
      },
      vigencyStartedAt: day(40),
      vigencyExpiredAt: day(405),
      commissionPercent: "20",
      grievancePercent: "0",
      answers: {},
      expiresAt: day(options.expiresIn),
    })
    .returning({ id: quotations.id });
  const id = row!.id;
  return id;
}

beforeAll(async () => {
  const opened = await createPolicyTestDatabase();
  handle = opened.handle;
  brokerA = opened.a.broker.id;
  brokerB = opened.b.broker.id;
  // Installments: 2 overdue, 1 due in 3 days, 1 due in 10 days (not soon), 1 paid.
  await setInstallment((await policy(brokerA, "Ana Overdue")).id, { status: "Overdue", dueIn: -5 });
  await setInstallment((await policy(brokerA, "Bia Overdue")).id, { status: "Overdue", dueIn: -1 });
  // Collectable too: installment 2 of 4, 12 days late. Not collectable: an expired policy's only
  // installment (the oldest of all: it led the card) and a canceled policy's.
  const rita = await policy(brokerA, "Rita Overdue 2of4", { installments: 4 });
  await setInstallment(rita.id, { status: "Overdue", dueIn: -12, number: 2 });
  const xavi = await policy(brokerA, "Xavi Expired Debt", { status: "Expired", endsIn: -100 });
  await setInstallment(xavi.id, { status: "Overdue", dueIn: -300 });
  const yara = await policy(brokerA, "Yara Canceled Debt", { status: "Canceled" });
  await setInstallment(yara.id, { status: "Overdue", dueIn: -20 });
  await setInstallment((await policy(brokerA, "Caio Soon")).id, { status: "Pending", dueIn: 3 });
  // Due today (the start of the São Paulo day, already past): still Pending, so due soon, not overdue.
  await setInstallment((await policy(brokerA, "Cleo Today")).id, {
    status: "Pending",
    dueIn: 0,
    dueAt: startOfBusinessDay(businessDay(NOW)),
  });
  await setInstallment((await policy(brokerA, "Duda Later")).id, { status: "Pending", dueIn: 10 });
  await setInstallment((await policy(brokerA, "Eva Paid")).id, { status: "Paid", dueIn: -3 });
  // Ending: 20 days (x2, one renewed), 45 days, 80 days, 120 days; expired 10 days ago (window only).
  await policy(brokerA, "Fabio Ends20", { endsIn: 20 });
  const renewed = await policy(brokerA, "Gil Ends20 Renewed", { endsIn: 21 });
  await policy(brokerA, "Hugo Ends45", { endsIn: 45 });
  await policy(brokerA, "Ivo Ends80", { endsIn: 80 });
  await policy(brokerA, "Jade Ends120", { endsIn: 120 });
  await policy(brokerA, "Kim Ended10", { endsIn: -10 });
  const renewalId = await draft(brokerA, "Gil Ends20 Renewed", { expiresIn: 20 });
  await handle.db
    .update(quotations)
    .set({ previousPolicyId: renewed.id })
    .where(eq(quotations.id, renewalId));
  // Production: this month 2 policies, last month 1.
  await policy(brokerA, "Lia March", { createdAt: inThisMonth(12) });
  await policy(brokerA, "Mel March", { createdAt: inThisMonth(1) });
  await policy(brokerA, "Noa February", { createdAt: new Date(thisMonthStart.getTime() - 86_400_000) });
  // Broker B: look-alikes of everything; none may count for A.
  await setInstallment((await policy(brokerB, "Zeca Overdue")).id, { status: "Overdue", dueIn: -5 });
  await setInstallment((await policy(brokerB, "Zeca Soon")).id, { status: "Pending", dueIn: 2 });
  await policy(brokerB, "Zeca Ends20", { endsIn: 20 });
  await policy(brokerB, "Zeca March", { createdAt: inThisMonth(12) });
  await draft(brokerB, "Zeca Expiring", { expiresIn: 2 });
  // Quotations of A: expiring in 2 days, expiring in 20 days, already expired.
  await draft(brokerA, "Olga Expiring", { expiresIn: 2 });
  await draft(brokerA, "Paulo Later", { expiresIn: 20 });
  await draft(brokerA, "Quim Past", { expiresIn: -1 });
  await propose(brokerA, await draft(brokerA, "Rui Awaiting", { expiresIn: 15 }));
  await propose(brokerA, await draft(brokerA, "Sol Declined", { expiresIn: 16 }), "Declined");
  await propose(brokerA, await draft(brokerA, "Teo Failed", { expiresIn: 17 }), "Failed");
  await propose(brokerA, await draft(brokerA, "Uli Queued", { expiresIn: 18 }), "Queued");
  await propose(brokerA, await draft(brokerA, "Vera Past Proposal", { expiresIn: -2 }));
  await propose(brokerB, await draft(brokerB, "Zeca Awaiting", { expiresIn: 15 }), "Declined");
  // Every other installment is paid: only the ones set above need attention.
  await handle.db.update(policyInstallments).set({ status: "Paid" });
  for (const [policyId, values] of pendingSets) await applyInstallment(policyId, values);
});

afterAll(async () => {
  await handle.close();
});

describe("loadHomeDashboard", () => {
  it("counts the broker's collectable overdue and due-soon installments, with insured and amount", async () => {
    const home = await loadHomeDashboard(handle.db, brokerA, NOW);
    const { overdue } = home.installments;
    // Oldest first; the expired and the canceled policy's debts are neither listed nor counted.
    expect(overdue.items.map((item) => item.insuredName)).toEqual([
      "Rita Overdue 2of4",
      "Ana Overdue",
      "Bia Overdue",
    ]);
    expect(overdue.count).toBe(3);
    expect(overdue.policies).toBe(3);
    expect(overdue.cents).toBe(overdue.items.reduce((sum, item) => sum + item.amountCents, 0));
    expect(overdue.items[0]).toMatchObject({ installmentNumber: 2, installmentCount: 4, daysLate: 12 });
    expect(overdue.items.map((item) => item.daysLate)).toEqual([12, 5, 1]);
    expect(home.installments.dueSoon.count).toBe(2);
    expect(home.installments.dueSoon.policies).toBe(2);
    expect(home.installments.dueSoon.items.map((item) => item.insuredName)).toEqual([
      "Cleo Today",
      "Caio Soon",
    ]);
    expect(home.installments.dueSoon.items[0]).toMatchObject({ installmentNumber: 1, installmentCount: 1 });
  });

  it("counts Issued policies ending in 30/60/90 days without a live renewal", async () => {
    const home = await loadHomeDashboard(handle.db, brokerA, NOW);
    expect(home.ending).toEqual({ d30: 1, d60: 2, d90: 3 });
  });

  it("counts Draft quotations expiring this week, not past or later ones", async () => {
    const home = await loadHomeDashboard(handle.db, brokerA, NOW);
    expect(home.quotations.expiring.count).toBe(1);
    expect(home.quotations.expiring.items.map((item) => item.insuredName)).toEqual(["Olga Expiring"]);
  });

  it("counts valid proposals waiting for checkout and those whose latest checkout was declined or failed", async () => {
    const home = await loadHomeDashboard(handle.db, brokerA, NOW);
    expect(home.quotations.awaiting.count).toBe(1);
    expect(home.quotations.awaiting.items.map((item) => item.insuredName)).toEqual(["Rui Awaiting"]);
    expect(home.quotations.declined.count).toBe(2);
    expect(home.quotations.declined.items.map((item) => item.insuredName)).toEqual([
      "Sol Declined",
      "Teo Failed",
    ]);
  });

  it("sums policies, premium and commission per São Paulo month, 13 months, this month last", async () => {
    const home = await loadHomeDashboard(handle.db, brokerA, NOW);
    expect(home.monthly).toHaveLength(13);
    const march = home.monthly.at(-1)!;
    expect(march.month).toBe(THIS_MONTH);
    expect(march.policies).toBe(2);
    expect(march.premiumCents).toBe(2 * (1_000_00 + 73_80));
    // The month's commission is the ledger's earned entries (lib/commissions); these fixtures have none.
    expect(march.commissionCents).toBe(0);
    expect(home.monthly.at(-2)).toMatchObject({ month: LAST_MONTH, policies: 1 });
  });

  it("never counts another broker's rows", async () => {
    const home = await loadHomeDashboard(handle.db, brokerB, NOW);
    expect(home.installments.overdue.count).toBe(1);
    expect(home.installments.dueSoon.count).toBe(1);
    expect(home.ending).toEqual({ d30: 1, d60: 1, d90: 1 });
    expect(home.quotations.expiring.count).toBe(1);
    expect(home.quotations.declined.count).toBe(1);
    expect(home.quotations.awaiting.count).toBe(0);
    expect(home.monthly.at(-1)!.policies).toBe(1);
  });
});

describe("the filtered views the home links to", () => {
  const names = async (params: Record<string, string>) => {
    const result = await listPolicies(
      handle.db,
      brokerA,
      parsePolicyPageQuery({ itemsPerPage: "100", ...params }),
    );
    return result.list.map((item) => item.insuredName).sort();
  };

  it("lists the policies with a collectable overdue installment, as many as the card names", async () => {
    const home = await loadHomeDashboard(handle.db, brokerA, NOW);
    const listed = await names({ installment: "overdue" });
    expect(listed).toEqual(["Ana Overdue", "Bia Overdue", "Rita Overdue 2of4"]);
    expect(listed).toHaveLength(home.installments.overdue.policies);
  });

  it("gives each overdue row its installment, amount and days late", async () => {
    const result = await listPolicies(handle.db, brokerA, parsePolicyPageQuery({ installment: "overdue" }));
    const rita = result.list.find((item) => item.insuredName === "Rita Overdue 2of4")!;
    const amount = reaisToCents(rita.installments[1]!.premiumTotalValue);
    expect(toPolicyTableRow(rita, NOW).overdue).toEqual({
      installment: "2/4",
      amount: formatBrl(amount),
      age: "vencida há 12 dias",
    });
    const bia = result.list.find((item) => item.insuredName === "Bia Overdue")!;
    expect(toPolicyTableRow(bia, NOW).overdue).toMatchObject({ installment: "1/1", age: "vencida há 1 dia" });
    expect(toPolicyTableRow(bia).overdue).toBeUndefined();
  });

  it("lists the policies with an installment due soon, today's included", async () => {
    expect(await names({ installment: "due-soon" })).toEqual(["Caio Soon", "Cleo Today"]);
  });

  it("sorts by end of vigency with the ending-within and no-renewal filters", async () => {
    const result = await listPolicies(
      handle.db,
      brokerA,
      parsePolicyPageQuery({
        endingWithinDays: "60",
        renewal: "none",
        status: "Issued",
        sort: "vigencyexpiredat",
      }),
    );
    expect(result.list.map((item) => item.insuredName)).toEqual(["Fabio Ends20", "Hugo Ends45"]);
  });

  it("lists the renewal window by end of vigency with the renewal's status", async () => {
    const { rows, total, endingWithoutRenewal } = await listRenewalCandidates(
      handle.db,
      brokerA,
      { page: 1, descending: false },
      NOW,
    );
    // Up to 90 days ahead, like the home's card, whose count the page states from the same query.
    expect(rows.map((row) => row.insuredName)).toEqual([
      "Kim Ended10",
      "Fabio Ends20",
      "Gil Ends20 Renewed",
      "Hugo Ends45",
      "Ivo Ends80",
    ]);
    expect(total).toBe(5);
    const home = await loadHomeDashboard(handle.db, brokerA, NOW);
    expect(endingWithoutRenewal).toBe(home.ending.d90);
    expect(endingWithoutRenewal).toBe(3);
    expect(rows.find((row) => row.insuredName === "Gil Ends20 Renewed")).toMatchObject({
      renewalStatus: "Draft",
    });
  });

  it("shows the 61-90-day rows with the day their renewal opens, 60 days before the end", async () => {
    const { rows } = await listRenewalCandidates(handle.db, brokerA, { page: 1, descending: false }, NOW);
    const ivo = rows.find((row) => row.insuredName === "Ivo Ends80")!;
    const hugo = rows.find((row) => row.insuredName === "Hugo Ends45")!;
    expect(renewalEligibility(ivo, NOW)).toEqual({ renewable: false, reason: "too-early" });
    expect(businessDay(renewalOpensOn(ivo.vigencyExpiredAt))).toBe(addDays(businessDay(NOW), 20));
    // On the day it opens, the service accepts it.
    expect(renewalEligibility(ivo, renewalOpensOn(ivo.vigencyExpiredAt)).renewable).toBe(true);
    expect(renewalEligibility(hugo, NOW).renewable).toBe(true);
    expect(renewalWindowBounds(NOW).to.getTime()).toBe(endingWindowEnds(NOW).d90.getTime() + 1);
  });

  it("lists the quotations of each home quotation card, with the card's count", async () => {
    const home = await loadHomeDashboard(handle.db, brokerA, NOW);
    const quotationNames = async (stage: string, sort = "insuredname") => {
      const query = parseQuotationPageQuery({ stage, sort, itemsPerPage: "100" });
      const result = await listQuotationReads(handle.db, brokerA, query);
      return { total: result.totalItems, names: result.list.map((item) => item.insuredName) };
    };
    expect(await quotationNames("awaiting-checkout")).toEqual({
      total: home.quotations.awaiting.count,
      names: ["Rui Awaiting"],
    });
    expect(await quotationNames("checkout-failed")).toEqual({
      total: home.quotations.declined.count,
      names: ["Sol Declined", "Teo Failed"],
    });
    const expiring = await quotationNames("expiring", "expiresat");
    expect(expiring).toEqual({ total: home.quotations.expiring.count, names: ["Olga Expiring"] });
    const later = await quotationNames("", "-expiresat");
    expect(later.names).toContain("Paulo Later");
    expect(later.names.indexOf("Paulo Later")).toBeLessThan(later.names.indexOf("Olga Expiring"));
  });
});
