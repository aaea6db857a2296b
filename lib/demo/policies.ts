import type { InstallmentStatus, PolicyStatus } from "@/db/schema/policies";
import type { PaymentMethod, PersonType } from "@/db/schema/quotations";
import { addDays, addMonths, businessDay, startOfBusinessDay } from "@/lib/dates";
import { multiplyCents, splitInstallments } from "@/lib/money";
import { type DemoInsured, demoInsured, type Random } from "./people";

export type DemoModality = { code: string; text: string; productCode: string; productText: string };

export type DemoInstallment = {
  installmentNumber: number;
  dueDate: Date;
  iofCents: number;
  tariffPremiumCents: number;
  premiumTotalCents: number;
  status: InstallmentStatus;
  paidAt: Date | null;
  paidCents: number | null;
};

export type DemoPolicy = {
  modality: DemoModality;
  personType: PersonType;
  insured: DemoInsured;
  status: PolicyStatus;
  paymentMethod: PaymentMethod;
  createdAt: Date;
  vigencyStartedAt: Date;
  vigencyExpiredAt: Date;
  limitCents: number;
  netCents: number;
  taxCents: number;
  totalCents: number;
  commissionCents: number;
  commissionPercent: string;
  installments: DemoInstallment[];
};

const IOF_RATE = "0.0738";
const MIN_INSTALLMENT_CENTS = 100_00;
/** Installments due within this many days before today are the ones most often still unpaid. */
const RECENTLY_DUE_DAYS = 30;

/** What the premium of a demo policy is priced from. */
export type DemoTerms = Pick<
  DemoPolicy,
  "modality" | "personType" | "insured" | "limitCents" | "commissionPercent" | "vigencyStartedAt"
>;

/**
 * The premium of a demo policy's terms: the portal's tariff (lib/demo/pricing.ts), so that a renewal
 * quoted today compares with it as with a policy the portal issued.
 */
export type DemoPricing = (terms: DemoTerms) => {
  netCents: number;
  taxCents: number;
  commissionCents: number;
};
const DAY_MS = 86_400_000;

function insuredKind(code: string) {
  if (code.startsWith("MEDICAL")) return "medical" as const;
  if (code.startsWith("DENTIST")) return "dentist" as const;
  if (code.startsWith("DIRECTORS")) return "company" as const;
  return "broker" as const;
}

/**
 * One realistic issued policy: the premium `pricing` gives its terms (without it R$ 300-20 000, IOF
 * 7.38 % rounded half-to-even), a plan the pricing rules would offer (card ≤ 10, boleto ≤ 6, each
 * installment ≥ R$ 100, D&O boleto only), installments that add up exactly (the first absorbs the
 * cents) and statuses that fit the dates. A policy whose vigency has ended was paid in full (one left
 * unpaid would have been canceled for non-payment: the seed's run of the daily jobs does that to the
 * running ones).
 */
export function demoPolicy(
  random: Random,
  modality: DemoModality,
  now: Date,
  pricing?: DemoPricing,
): DemoPolicy {
  const isDirectors = modality.productCode === "DIRECTORS-OFFICERS-CIVIL-LIABILITY";
  const personType: PersonType = isDirectors || random.chance(0.35) ? "LEGAL" : "NATURAL";
  const insured = demoInsured(random, personType, insuredKind(modality.code));
  const startDay = businessDay(new Date(now.getTime() + random.int(-700, 60) * DAY_MS));
  const vigencyStartedAt = startOfBusinessDay(startDay);
  const vigencyExpiredAt = startOfBusinessDay(addDays(startDay, 365));
  // Issued up to a month before the vigency starts, and never in the future.
  const createdAt = new Date(
    Math.min(vigencyStartedAt.getTime() - random.int(1, 30) * DAY_MS, now.getTime() - DAY_MS) -
      random.int(0, 86_399) * 1000,
  );
  const limitCents = isDirectors
    ? random.int(1, 20) * 500_000_00
    : random.pick([30_000_00, 50_000_00, 100_000_00, 200_000_00, 500_000_00, 1_000_000_00]);
  // Drawn even when priced, so that every later draw (and so every demo policy) stays as it was.
  const drawnNetCents = random.int(300_00, 20_000_00);
  const commissionPercent = random.pick(["10.00", "15.00", "20.00", "25.00"]);
  const { netCents, taxCents, commissionCents } = pricing
    ? pricing({ modality, personType, insured, limitCents, commissionPercent, vigencyStartedAt })
    : {
        netCents: drawnNetCents,
        taxCents: multiplyCents(drawnNetCents, IOF_RATE),
        commissionCents: multiplyCents(drawnNetCents, Number(commissionPercent) / 100),
      };
  const totalCents = netCents + taxCents;
  const paymentMethod: PaymentMethod = isDirectors || random.chance(0.5) ? "TICKET" : "CREDIT-CARD";
  const maxPlans = Math.min(
    paymentMethod === "TICKET" ? 6 : 10,
    Math.max(1, Math.floor(totalCents / MIN_INSTALLMENT_CENTS)),
  );
  const count = random.int(1, maxPlans);

  let status: PolicyStatus = vigencyExpiredAt < now ? "Expired" : "Issued";
  if (random.chance(0.08)) status = "Canceled";

  const firstDueDay = addDays(businessDay(createdAt), 7);
  const dueDay = paymentMethod === "TICKET" ? random.int(1, 20) : Math.min(Number(firstDueDay.slice(8)), 28);
  const totals = splitInstallments(totalCents, count);
  const taxes = splitInstallments(taxCents, count);
  const installments = totals.map((premiumTotalCents, index): DemoInstallment => {
    const day = index === 0 ? firstDueDay : addMonths(firstDueDay, index, dueDay);
    const dueDate = startOfBusinessDay(day);
    // As the daily jobs leave them: the first card installment is paid at issuance; a later one is
    // paid on its due day (card charge) or a few days before (boleto), or Overdue from the day
    // after its due day; one not yet due is Pending. A cancellation cancels what was unpaid.
    const cardFirst = paymentMethod === "CREDIT-CARD" && index === 0;
    const past = day < businessDay(now);
    // Left unpaid: 1 in 20 past installments, 1 in 2 of those due in the last 30 days (the overdue
    // ones a broker is still chasing). One draw either way, as chance(0.05) was, so later draws stay.
    const unpaidOdds = addDays(day, RECENTLY_DUE_DAYS) >= businessDay(now) ? 0.5 : 0.05;
    const leftUnpaid = !cardFirst && past && random.next() < unpaidOdds && status !== "Expired";
    let installmentStatus: InstallmentStatus =
      cardFirst || (past && !leftUnpaid) ? "Paid" : past ? "Overdue" : "Pending";
    if (status === "Canceled" && installmentStatus !== "Paid") installmentStatus = "Canceled";
    const paidAt =
      installmentStatus !== "Paid"
        ? null
        : cardFirst
          ? createdAt
          : paymentMethod === "CREDIT-CARD"
            ? new Date(dueDate.getTime() + 9 * 3_600_000)
            : new Date(
                Math.max(createdAt.getTime(), dueDate.getTime() - random.int(0, 5) * DAY_MS) + 15 * 3_600_000,
              );
    return {
      paidAt,
      paidCents: paidAt ? premiumTotalCents : null,
      installmentNumber: index + 1,
      dueDate,
      iofCents: taxes[index]!,
      tariffPremiumCents: premiumTotalCents - taxes[index]!,
      premiumTotalCents,
      status: installmentStatus,
    };
  });
  return {
    modality,
    personType,
    insured,
    status,
    paymentMethod,
    createdAt,
    vigencyStartedAt,
    vigencyExpiredAt,
    limitCents,
    netCents,
    taxCents,
    totalCents,
    commissionCents,
    commissionPercent,
    installments,
  };
}
