import { randomInt } from "node:crypto";
import type { Executor } from "@/db/index";
import { insertBoletos } from "@/db/queries/boletos";
import {
  type Address,
  brokers,
  installmentPlans,
  modalities,
  type PaymentMethod,
  pixCharges,
  policies,
  policyInstallments,
  proposals,
  quotations,
  quotationVariants,
  type Rate,
} from "@/db/schema";
import { normalizeName } from "@/lib/identity";
import { splitInstallments } from "@/lib/money";
import { buildBoleto } from "./boleto";
import { createPolicyDocuments, createProposalDocument } from "./create-documents";
import { fixturePixCharge } from "./testing/pix";

export const FIXTURE_ADDRESS: Address = {
  zipCode: "01310100",
  street: "Avenida Paulista",
  number: "1578",
  complement: "conjunto 42",
  neighborhood: "Bela Vista",
  city: "São Paulo",
  state: "SP",
};

export const FIXTURE_RATES: Rate[] = [
  {
    code: "PROFESSIONAL-LIABILITY",
    description: "Responsabilidade civil profissional",
    limitCents: 10_000_000,
    netCents: 111_110,
    deductible: { code: "DEFAULT", text: "10% dos prejuízos, mínimo de R$ 2.000,00" },
  },
  {
    code: "DEFENSE-COSTS",
    description: "Custos de defesa",
    limitCents: 2_000_000,
    netCents: 12_346,
    deductible: { code: "DEFAULT", text: "Sem franquia" },
  },
];

/** Premium of the fixture: net 1.234,56, IOF round(net x 7.38 %) = 91,11, total 1.325,67, 4 boletos. */
export const FIXTURE_PREMIUM = {
  netCents: 123_456,
  taxCents: 9_111,
  totalCents: 132_567,
  commissionCents: 24_691,
};
export const FIXTURE_DUE_DATES = [
  "2026-03-08T03:00:00.000Z",
  "2026-04-08T03:00:00.000Z",
  "2026-05-08T03:00:00.000Z",
  "2026-06-08T03:00:00.000Z",
];

const PLAN_PAYMENT_TYPES = { TICKET: "Ticket", "CREDIT-CARD": "CreditCard", PIX: "Pix" } as const;

/**
 * Inserts a whole issued policy directly (broker, modality, quotation, variant, plan, proposal,
 * policy, installments with boletos, the Pix charges of TICKET and PIX installments: `Paid` for
 * the paid first one) and its document rows, as the worker would leave them.
 */
export async function seedIssuedPolicy(
  db: Executor,
  options: {
    paymentMethod?: PaymentMethod;
    /** When the boletos and their remessa entries are recorded; null records none (the test does). */
    boletosAt?: Date | null;
  } = {},
) {
  const paymentMethod = options.paymentMethod ?? "TICKET";
  const serial = String(randomInt(1, 999_999_999)).padStart(9, "0");
  const [broker] = await db
    .insert(brokers)
    .values({ registerNumber: `9${serial.slice(-5)}`, name: "Corretora Fixture Ltda." })
    .returning();
  await db
    .insert(modalities)
    .values({
      code: "MEDICAL-CIVIL-LIABILITY",
      operationCode: "MEDICAL-CIVIL-LIABILITY-PARTNER",
      text: "Médico",
      productCode: "PROFESSIONAL-CIVIL-LIABILITY",
      productText: "RC Profissional",
      definition: {},
    })
    .onConflictDoNothing();
  const insuredName = "João Araújo da Conceição";
  const vigencyStartedAt = new Date("2026-03-01T03:00:00.000Z");
  const vigencyExpiredAt = new Date("2027-03-01T03:00:00.000Z");
  const [quotation] = await db
    .insert(quotations)
    .values({
      brokerId: broker!.id,
      modalityCode: "MEDICAL-CIVIL-LIABILITY",
      status: "Finished",
      personType: "NATURAL",
      insuredName,
      insuredIdentity: "52998224725",
      insuredEmail: "joao.conceicao@example.com",
      insuredPhone: "11987654321",
      insuredAddress: FIXTURE_ADDRESS,
      vigencyStartedAt,
      vigencyExpiredAt,
      commissionPercent: "20.00",
      grievancePercent: "0.00",
      answers: {},
    })
    .returning();
  const [variant] = await db
    .insert(quotationVariants)
    .values({
      quotationId: quotation!.id,
      position: 0,
      limitCents: 10_000_000,
      deductibleCode: "DEFAULT",
      ...FIXTURE_PREMIUM,
      rates: FIXTURE_RATES,
    })
    .returning();
  const count = FIXTURE_DUE_DATES.length;
  const [plan] = await db
    .insert(installmentPlans)
    .values({
      variantId: variant!.id,
      paymentType: PLAN_PAYMENT_TYPES[paymentMethod],
      installmentCount: count,
      ...FIXTURE_PREMIUM,
      installmentCents: Math.round(FIXTURE_PREMIUM.totalCents / count),
      installmentTaxCents: Math.round(FIXTURE_PREMIUM.taxCents / count),
      dueDates: FIXTURE_DUE_DATES,
    })
    .returning();
  const [proposal] = await db
    .insert(proposals)
    .values({
      quotationId: quotation!.id,
      number: `10000${serial}`,
      variantId: variant!.id,
      planId: plan!.id,
      paymentMethod,
      dueDay: paymentMethod === "CREDIT-CARD" ? null : 8,
      createdAt: new Date("2026-02-26T15:00:00.000Z"),
    })
    .returning();
  const policyNumber = `1000${serial}`;
  const [policy] = await db
    .insert(policies)
    .values({
      brokerId: broker!.id,
      quotationId: quotation!.id,
      number: `03512026${policyNumber}001`,
      policyNumber,
      personType: "NATURAL",
      insuredName,
      insuredNameNormalized: normalizeName(insuredName),
      insuredIdentity: "52998224725",
      modalityCode: "MEDICAL-CIVIL-LIABILITY",
      modalityText: "Médico",
      productCode: "PROFESSIONAL-CIVIL-LIABILITY",
      productText: "RC Profissional",
      vigencyStartedAt,
      vigencyExpiredAt,
      policyLimitCents: 10_000_000,
      ...FIXTURE_PREMIUM,
      paymentMethod,
      createdAt: new Date("2026-02-27T12:00:00.000Z"),
    })
    .returning();
  const amounts = splitInstallments(FIXTURE_PREMIUM.totalCents, count);
  const taxes = splitInstallments(FIXTURE_PREMIUM.taxCents, count);
  const installments = await db
    .insert(policyInstallments)
    .values(
      amounts.map((amountCents, i) => {
        const ourNumber = `${serial.slice(-6)}${String(i + 1).padStart(2, "0")}`;
        const boleto =
          paymentMethod === "TICKET"
            ? buildBoleto({ ourNumber, amountCents, dueDate: new Date(FIXTURE_DUE_DATES[i]!) })
            : undefined;
        return {
          policyId: policy!.id,
          installmentNumber: i + 1,
          dueDate: new Date(FIXTURE_DUE_DATES[i]!),
          iofCents: taxes[i]!,
          tariffPremiumCents: amountCents - taxes[i]!,
          premiumTotalCents: amountCents,
          status: i === 0 ? ("Paid" as const) : ("Pending" as const),
          boletoOurNumber: boleto?.ourNumber ?? null,
          typeableLine: boleto?.typeableLine ?? null,
        };
      }),
    )
    .returning();
  installments.sort((a, b) => a.installmentNumber - b.installmentNumber);
  if (paymentMethod === "TICKET" && options.boletosAt !== null) {
    // As issuance records them: each boleto with its remessa entry, matched by the bank's return.
    await insertBoletos(
      db,
      installments.map((row) => ({
        installmentId: row.id,
        ourNumber: row.boletoOurNumber!,
        typeableLine: row.typeableLine!,
        amountCents: row.premiumTotalCents,
        dueDate: row.dueDate,
      })),
      options.boletosAt ?? new Date("2026-02-27T12:00:00.000Z"),
    );
  }
  if (paymentMethod !== "CREDIT-CARD") {
    await db
      .insert(pixCharges)
      .values(
        installments.map((row) =>
          fixturePixCharge(
            row,
            `${policyNumber}:${row.installmentNumber}`,
            row.status === "Paid" ? "Paid" : "Active",
          ),
        ),
      );
  }
  const documents = await createPolicyDocuments(db, {
    brokerId: broker!.id,
    policyId: policy!.id,
    paymentMethod,
    installmentIds: installments.map((row) => row.id),
  });
  const proposalDocument = await createProposalDocument(db, {
    brokerId: broker!.id,
    proposalId: proposal!.id,
  });
  return {
    broker: broker!,
    quotation: quotation!,
    variant: variant!,
    plan: plan!,
    proposal: proposal!,
    policy: policy!,
    installments,
    documents,
    proposalDocumentId: proposalDocument.id,
  };
}
