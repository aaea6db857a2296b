import { eq } from "drizzle-orm";
import type { Database } from "@/db/index";
import { checkouts, type PaymentMethod, policies } from "@/db/schema";
import { businessDay } from "@/lib/dates";
import type { PaymentGateway } from "@/lib/payments/gateway";
import { PROPOSAL_METHODS } from "@/lib/proposals/proposal-form";
import { createProposal } from "@/lib/proposals/service";
import { createQuotation } from "@/lib/quotations/service";
import { issuePolicy } from "./issue-policy";
import { startCheckout } from "./start-checkout";

/** A valid CPF that the fixtures use for insureds and cardholders. */
export const TEST_CPF = "529.982.247-25";
export const TEST_CARD_CPF = "111.444.777-35";

/** Sandbox cards (docs/checkout.md): approved, declined, temporary failure once, tokenise 503, always failing. */
export const TEST_CARDS = {
  approved: "4111111111111111",
  approvedMastercard: "5555555555554444",
  declined: "4000000000000002",
  temporaryOnce: "4000000000000036",
  tokenizeUnavailable: "4000000000000044",
  alwaysUnavailable: "4000000000000051",
} as const;

export function testCard(number: string = TEST_CARDS.approved, overrides: Record<string, unknown> = {}) {
  return {
    number,
    name: "MARIA DA SILVA",
    identity: TEST_CARD_CPF,
    cvv: "857",
    expiryMonth: 12,
    expiryYear: new Date().getUTCFullYear() + 3,
    useCustomerAddress: true,
    ...overrides,
  };
}

const a = (code: string, answer: unknown) => ({ code, answer });

/** The answers of a broker E&O quotation for a natural person, with `limits` price variants. */
export function brokerQuotationAnswers(options: { insuredName?: string; limits?: number[] } = {}) {
  return [
    a("MODALITY", "INSURANCE-BROKER-CIVIL-LIABILITY"),
    a("PERSON-TYPE", "NATURAL"),
    a("CONGENER", "NEW"),
    a("START-VIGENCY-DATE", businessDay(new Date())),
    a("IDENTITY", TEST_CPF),
    a("INSURED-NAME", options.insuredName ?? "José Antônio Pereira"),
    a("INSURED-EMAIL", "jose.pereira@example.com"),
    a("INSURED-CELLPHONE", "11987654321"),
    a("INSURED-ADDRESS-ZIPCODE", "01310100"),
    a("INSURED-ADDRESS-STREET", "Avenida Paulista"),
    a("INSURED-ADDRESS-NUMBER", "1000"),
    a("INSURED-ADDRESS-COMPLEMENT", "conjunto 12"),
    a("INSURED-ADDRESS-NEIGHBORHOOD", "Bela Vista"),
    a("INSURED-ADDRESS-CITY", "São Paulo"),
    a("INSURED-ADDRESS-STATE", "SP"),
    a("PROFESSIONAL-REGISTER", "202012345"),
    a("REGISTER-NUMBER-TYPE", "FULL"),
    a("CATEGORIES", ["CAR", "OTHERS"]),
    a("CLAIMS", 0),
    a("CLAIM-EXPECTATION", false),
    a(
      "LIMIT-DEDUCTIBLE",
      (options.limits ?? [100000]).map((limit) => [a("LIMIT", limit), a("DEDUCTIBLE", "DEFAULT")]),
    ),
  ];
}

export type ReadyQuotation = {
  quotationId: string;
  proposalNumber: string;
  totalCents: number;
  installments: number;
};

export type QuotationWithProposalOptions = {
  method: PaymentMethod;
  installments?: number;
  dueDay?: number;
  insuredName?: string;
  /** Another product's quotation (operationCode and answers); the broker E&O one by default. */
  quotation?: { operationCode: string; answers: unknown[] };
};

/**
 * A quotation with a proposal, made through the real quotation and proposal services:
 * `TICKET` or `PIX` with DUE-DAY, or `CREDIT-CARD`, on the plan with `installments` installments.
 */
export async function createQuotationWithProposal(
  db: Database,
  broker: { id: string; registerNumber: string },
  options: QuotationWithProposalOptions,
): Promise<ReadyQuotation> {
  const item = await createQuotation(db, broker.id, {
    operationCode: options.quotation?.operationCode ?? "INSURANCE-BROKER-CIVIL-LIABILITY-PARTNER",
    registerNumber: broker.registerNumber,
    answers: options.quotation?.answers ?? brokerQuotationAnswers({ insuredName: options.insuredName }),
  } as never);
  // The first variant with plans: an item-based quotation's aggregate (its items' have none).
  const pricing = item.pricing.find((p) => p.payment.paymentOptions.length)!;
  const paymentType = PROPOSAL_METHODS[options.method];
  const option = pricing.payment.paymentOptions.find((o) => o.paymentType === paymentType)!;
  const wanted = options.installments ?? 1;
  const plan = option.installments.find((p) => p.number === wanted) ?? option.installments.at(-1)!;
  const answers = [
    a("PAYMENT-METHOD", options.method),
    a("SELECTED-VARIANT-IDENTIFIER", pricing.variantIdentifier),
    a("PAYMENT-INSTALLMENT-IDENTIFIER", plan.identifier),
    ...(options.method !== "CREDIT-CARD" ? [a("DUE-DAY", options.dueDay ?? 10)] : []),
  ];
  const result = await createProposal(
    db,
    broker.id,
    { identifier: item.quotationIdentifier, registerNumber: broker.registerNumber, answers } as never,
    "http://localhost:3000",
  );
  return {
    quotationId: item.quotationIdentifier,
    proposalNumber: result.proposal!.number,
    totalCents: Math.round(plan.totalValue * 100),
    installments: plan.number,
  };
}

/**
 * A policy issued through the real quotation, proposal, checkout and issuance job (the card charged
 * by `gateway`), issued at `now`; throws when any step does not reach an issued policy.
 */
export async function issueTestPolicy(
  db: Database,
  broker: { id: string; registerNumber: string },
  gateway: PaymentGateway,
  options: Omit<QuotationWithProposalOptions, "dueDay" | "insuredName"> & { now?: Date },
): Promise<typeof policies.$inferSelect> {
  const { method } = options;
  const q = await createQuotationWithProposal(db, broker, options);
  const started = await startCheckout(db, broker.id, {
    registerNumber: broker.registerNumber,
    quotationIdentifier: q.quotationId,
    ...(method === "CREDIT-CARD" ? { creditCard: testCard(TEST_CARDS.approved) } : {}),
  } as never);
  if (started.outcome !== "queued") throw new Error(`checkout not queued: ${started.outcome}`);
  const [checkout] = await db.select().from(checkouts).where(eq(checkouts.quotationId, q.quotationId));
  const outcome = await issuePolicy(db, checkout!.id, { gateway, now: options.now });
  if (outcome.outcome !== "issued") throw new Error(`not issued: ${outcome.outcome}`);
  const [policy] = await db.select().from(policies).where(eq(policies.id, outcome.policyId));
  return policy!;
}
