import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "@/db/index";
import { confirmQuotationWithCheckout, findCheckoutTarget } from "@/db/queries/checkouts";
import { type PaymentMethod, policies, policyInstallments } from "@/db/schema";
import { getModalityByCode } from "@/lib/catalogue";
import type { RawAnswer } from "@/lib/catalogue/evaluate";
import { issuePolicy } from "@/lib/checkout/issue-policy";
import { addDays, businessDay, startOfBusinessDay } from "@/lib/dates";
import { issueEndorsement, previewEndorsement } from "@/lib/endorsement-service/service";
import { effectiveDayBounds } from "@/lib/endorsements/rules";
import { getPaymentGateway } from "@/lib/payments/gateway";
import { PROPOSAL_METHODS, type ProposalMethod } from "@/lib/proposals/proposal-form";
import { createProposal } from "@/lib/proposals/service";
import { createQuotation } from "@/lib/quotations/service";
import { storedAnswersToRaw } from "@/lib/renewals/renew-policy";
import type { EndorsementQuotationRequest } from "@/lib/schemas/endorsement";
import { proposalRequestSchema } from "@/lib/schemas/proposal";
import { demoAnswers } from "./answers";
import { createRandom } from "./people";
import { type DemoModality, demoPolicy } from "./policies";

const DAY_MS = 86_400_000;

/**
 * Policies the end-to-end specs and the README examples pick are left alone: the newest issued ones
 * (the cancellation spec takes the newest), those ending within this many days (renewals, the
 * endorsement spec) and the first policy numbers (the lookups and the bank's return file).
 */
const SPARED_NEWEST = 10;
const SPARED_ENDING_WITHIN_DAYS = 301;
const SPARED_FIRST_NUMBERS = 10;

/** The limit the COVERAGE demo policy is issued with, and the one its endorsement raises it to. */
const COVERAGE_LIMITS = { issued: 100_000, endorsed: 200_000 };

/** The days before `now` the COVERAGE demo policy was quoted, checked out and issued. */
const COVERAGE_ISSUED_DAYS_AGO = 10;

export type DemoEndorsementBroker = { id: string; registerNumber: string; brokerIndex: number };

type Candidate = {
  id: string;
  policyNumber: string;
  paymentMethod: "TICKET" | "CREDIT-CARD";
  vigencyStartedAt: Date;
  vigencyExpiredAt: Date;
  pending: number;
  paid: number;
};

/**
 * A few endorsements of the broker's demo policies, previewed and issued by the real service as of
 * `now`: two REGISTRATION (a new e-mail, an address complement), one PAYMENT (a new due day of a
 * boleto policy's pending installments), one COVERAGE (a higher limit, on a policy issued ten days
 * before through quotation, proposal, checkout and issuance, the only way a policy has the priced
 * variant a coverage change re-prices) and two CANCELLATION (a card policy, refunded through the
 * sandbox gateway, and a boleto policy, whose refund awaits the insured's bank details), with their
 * commission differences and clawbacks. Policies are chosen deterministically among those no spec
 * picks. Answers how many endorsements were issued.
 */
export async function seedDemoEndorsements(
  db: Database,
  broker: DemoEndorsementBroker,
  modalityRows: DemoModality[],
  now: Date,
): Promise<number> {
  const candidates = await listCandidates(db, broker.id, now);
  const used = new Set<string>();
  const take = (fits: (candidate: Candidate) => boolean) => {
    const found = candidates.find((candidate) => !used.has(candidate.id) && fits(candidate));
    if (found) used.add(found.id);
    return found;
  };
  let issued = 0;
  const endorse = async (
    policy: Pick<Candidate, "policyNumber" | "vigencyStartedAt" | "vigencyExpiredAt"> | undefined,
    request: Pick<EndorsementQuotationRequest, "type" | "answers" | "reason">,
  ) => {
    if (!policy) return;
    const preview = await previewEndorsement(
      db,
      broker.id,
      {
        registerNumber: broker.registerNumber,
        policyNumber: policy.policyNumber,
        effectiveDate: { kind: "day", day: effectiveDayBounds(policy, now).from },
        ...request,
      },
      { now },
    );
    await issueEndorsement(db, broker.id, { endorsementIdentifier: preview.endorsementIdentifier }, { now });
    issued++;
  };

  const email = take(() => true);
  await endorse(email, {
    type: "REGISTRATION",
    answers: [{ code: "INSURED-EMAIL", answer: `contato.${email?.policyNumber}@exemplo.com.br` }],
    reason: "Novo e-mail do segurado",
  });
  await endorse(
    take(() => true),
    {
      type: "REGISTRATION",
      answers: [{ code: "INSURED-ADDRESS-COMPLEMENT", answer: "Sala 1204" }],
      reason: "Mudança de sala no mesmo endereço",
    },
  );
  const boleto = take((c) => c.paymentMethod === "TICKET" && c.pending > 0);
  if (boleto) {
    const rows = await db
      .select({ dueDate: policyInstallments.dueDate })
      .from(policyInstallments)
      .where(and(eq(policyInstallments.policyId, boleto.id), eq(policyInstallments.status, "Pending")))
      .orderBy(asc(policyInstallments.installmentNumber))
      .limit(1);
    const currentDay = Number(businessDay(rows[0]!.dueDate).slice(8, 10));
    await endorse(boleto, {
      type: "PAYMENT",
      answers: [{ code: "DUE-DAY", answer: currentDay === 15 ? 5 : 15 }],
      reason: "Segurado pediu outro dia de vencimento",
    });
  }
  // Card policies whose number ends in 7 hold the sandbox's declining test card (seed.ts). One paid
  // in full, so that the unearned premium it paid is refunded whatever the day of the seeding.
  await endorse(
    take(
      (c) =>
        c.paymentMethod === "CREDIT-CARD" && c.paid > 0 && c.pending === 0 && !c.policyNumber.endsWith("7"),
    ),
    { type: "CANCELLATION", reason: "Segurado encerrou a atividade" },
  );
  await endorse(
    take((c) => c.paymentMethod === "TICKET" && c.paid > 0),
    { type: "CANCELLATION", reason: "Desistência do segurado" },
  );

  const coverage = await issueDemoPolicyThroughCheckout(db, broker, {
    modality:
      modalityRows.find((row) => row.productCode !== "DIRECTORS-OFFICERS-CIVIL-LIABILITY") ??
      modalityRows[0]!,
    at: new Date(now.getTime() - COVERAGE_ISSUED_DAYS_AGO * DAY_MS),
    seed: 9000 + broker.brokerIndex,
    limit: COVERAGE_LIMITS.issued,
  });
  await endorse(coverage, {
    type: "COVERAGE",
    answers: [
      {
        code: limitFieldOf(coverage.modalityCode),
        answer: COVERAGE_LIMITS.endorsed,
      },
    ],
    reason: "Aumento do limite a pedido do segurado",
  });
  return issued;
}

/** The broker's Issued policies no spec picks, by policy number, with their installments counted. */
async function listCandidates(db: Database, brokerId: string, now: Date): Promise<Candidate[]> {
  const rows = await db
    .select({
      id: policies.id,
      policyNumber: policies.policyNumber,
      paymentMethod: policies.paymentMethod,
      vigencyStartedAt: policies.vigencyStartedAt,
      vigencyExpiredAt: policies.vigencyExpiredAt,
      createdAt: policies.createdAt,
    })
    .from(policies)
    .where(and(eq(policies.brokerId, brokerId), eq(policies.status, "Issued")));
  const newest = new Set(
    [...rows]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .slice(0, SPARED_NEWEST)
      .map((row) => row.id),
  );
  const firstNumbers = new Set(
    [...rows]
      .map((row) => row.policyNumber)
      .sort()
      .slice(0, SPARED_FIRST_NUMBERS),
  );
  const endingAfter = startOfBusinessDay(addDays(businessDay(now), SPARED_ENDING_WITHIN_DAYS));
  const kept = rows
    .filter(
      (row) =>
        !newest.has(row.id) &&
        !firstNumbers.has(row.policyNumber) &&
        row.vigencyExpiredAt > endingAfter &&
        row.vigencyStartedAt.getTime() <= now.getTime() + 60 * DAY_MS,
    )
    .sort((a, b) => a.policyNumber.localeCompare(b.policyNumber));
  if (!kept.length) return [];
  const installments = await db
    .select({ policyId: policyInstallments.policyId, status: policyInstallments.status })
    .from(policyInstallments)
    .where(
      inArray(
        policyInstallments.policyId,
        kept.map((row) => row.id),
      ),
    );
  const count = (policyId: string, status: string) =>
    installments.filter((row) => row.policyId === policyId && row.status === status).length;
  return kept.map((row) => ({
    id: row.id,
    policyNumber: row.policyNumber,
    paymentMethod: row.paymentMethod as Candidate["paymentMethod"],
    vigencyStartedAt: row.vigencyStartedAt,
    vigencyExpiredAt: row.vigencyExpiredAt,
    pending: count(row.id, "Pending"),
    paid: count(row.id, "Paid"),
  }));
}

/** How a policy issued through checkout is paid: `method` (default card) on `installments` (default 3). */
export type DemoCheckoutPayment = {
  method?: PaymentMethod;
  installments?: number;
  /** Boleto and Pix: the DUE-DAY answer of the proposal (default 10). */
  dueDay?: number;
  /** Days from `at` to the vigency's start (default 3; the catalogue accepts up to 90). */
  startInDays?: number;
};

/**
 * A policy issued at `at` by the real services, as a partner's checkout makes one: a quotation
 * priced then for a demo insured of `seed`'s generator (with `limit` in reais, vigency from three
 * days later unless `startInDays`), a proposal (by default card in three installments; D&O offers no
 * card, so boleto there), the checkout row startCheckout writes (without the issuance queue: the
 * caller issues at once, as the job would) and the issuance job's own function charging the sandbox
 * card or registering the boletos and Pix charges. Unlike the seed's generated policies it has the
 * priced variant a COVERAGE endorsement re-prices (the demo seed and the endorsement benchmark use
 * it) and the Pix charges of issuance (lib/demo/collection.ts).
 */
export async function issueDemoPolicyThroughCheckout(
  db: Database,
  broker: { id: string; registerNumber: string },
  options: { modality: DemoModality; at: Date; seed: number; limit: number } & DemoCheckoutPayment & {
      /** The answers of an item-based product (the generated ones are of limit-option products). */
      answers?: RawAnswer[];
    },
) {
  const { modality, at } = options;
  const demo = {
    ...demoPolicy(createRandom(options.seed), modality, at),
    limitCents: options.limit * 100,
  };
  const startDay = addDays(businessDay(at), options.startInDays ?? 3);
  const answers =
    options.answers ??
    storedAnswersToRaw(demoAnswers({ ...demo, vigencyStartedAt: startOfBusinessDay(startDay) }, at));
  const item = await createQuotation(
    db,
    broker.id,
    {
      operationCode: getModalityByCode(modality.code).operationCode,
      registerNumber: broker.registerNumber,
      answers,
    },
    at,
  );
  // The first variant with plans: an item-based quotation's aggregate (its items' have none).
  const variant = item.pricing.find((p) => p.payment.paymentOptions.length)!;
  const wanted = PROPOSAL_METHODS[options.method ?? "CREDIT-CARD"];
  const option =
    variant.payment.paymentOptions.find((o) => o.paymentType === wanted) ??
    variant.payment.paymentOptions.find((o) => o.paymentType === "Ticket") ??
    variant.payment.paymentOptions[0]!;
  const count = options.installments ?? 3;
  const plan = option.installments.find((p) => p.number === count) ?? option.installments.at(-1)!;
  const method = (Object.keys(PROPOSAL_METHODS) as ProposalMethod[]).find(
    (key) => PROPOSAL_METHODS[key] === option.paymentType,
  )!;
  const card = method === "CREDIT-CARD";
  await createProposal(
    db,
    broker.id,
    proposalRequestSchema.parse({
      identifier: item.quotationIdentifier,
      registerNumber: broker.registerNumber,
      answers: [
        { code: "PAYMENT-METHOD", answer: method },
        ...(card ? [] : [{ code: "DUE-DAY", answer: options.dueDay ?? 10 }]),
        { code: "SELECTED-VARIANT-IDENTIFIER", answer: variant.variantIdentifier },
        { code: "PAYMENT-INSTALLMENT-IDENTIFIER", answer: plan.identifier },
      ],
    }),
    "",
    at,
  );
  const target = await findCheckoutTarget(db, broker.id, item.quotationIdentifier);
  const token = card
    ? await getPaymentGateway().tokenize({
        number: "4111111111111111",
        holderName: demo.insured.name.toUpperCase(),
        cvv: "123",
        expiryMonth: 12,
        expiryYear: at.getUTCFullYear() + 3,
      })
    : undefined;
  const checkoutId = randomUUID();
  await db.transaction((tx) =>
    confirmQuotationWithCheckout(tx, {
      id: checkoutId,
      brokerId: broker.id,
      quotationId: item.quotationIdentifier,
      proposalId: target!.proposal!.id,
      paymentMethod: method,
      at,
      card: token
        ? {
            token: token.token,
            brand: token.brand,
            last4: token.last4,
            expiryMonth: token.expiryMonth,
            expiryYear: token.expiryYear,
            holderName: demo.insured.name.toUpperCase(),
            billingAddress: null,
          }
        : null,
    }),
  );
  const outcome = await issuePolicy(db, checkoutId, { now: at });
  if (outcome.outcome !== "issued") throw new Error(`demo policy not issued: ${outcome.outcome}`);
  const [policy] = await db
    .select({
      id: policies.id,
      policyNumber: policies.policyNumber,
      modalityCode: policies.modalityCode,
      vigencyStartedAt: policies.vigencyStartedAt,
      vigencyExpiredAt: policies.vigencyExpiredAt,
    })
    .from(policies)
    .where(eq(policies.id, outcome.policyId));
  return policy!;
}

/** The limit field of a limit-options product (the demo's coverage change picks one). */
function limitFieldOf(modalityCode: string): string {
  const definition = getModalityByCode(modalityCode);
  if (definition.shape !== "limit-options") throw new Error(`${modalityCode} has no limit options`);
  return definition.variants.limitField;
}
