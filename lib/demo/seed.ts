import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database, Executor } from "@/db/index";
import { insertClaimsCounted } from "@/db/queries/claims";
import { countPoliciesOfBroker, listModalityLabels, nextPolicyNumbers } from "@/db/queries/policies";
import {
  apiKeys,
  brokers,
  checkouts,
  installmentBoletos,
  policies,
  policyInstallments,
  quotations,
  users,
} from "@/db/schema";
import { createApiKey } from "@/lib/api-keys/key-store";
import { hashPassword } from "@/lib/auth/password";
import { getModalityByCode } from "@/lib/catalogue";
import { syncCatalogue } from "@/lib/catalogue/sync";
import { backfillCommissionLedger } from "@/lib/commissions/backfill";
import { rateOfPercent } from "@/lib/commissions/core";
import { runPastCommissionPayouts } from "@/lib/commissions/payouts";
import { addDays, addMonths, businessDay, startOfBusinessDay } from "@/lib/dates";
import { demoAnswers } from "@/lib/demo/answers";
import { demoClaims } from "@/lib/demo/claims";
import { type DemoCollectionBroker, seedDemoCollection } from "@/lib/demo/collection";
import { type DemoEndorsementBroker, seedDemoEndorsements } from "@/lib/demo/endorsements";
import { runDemoHistory, sendDemoNotices } from "@/lib/demo/history";
import { seedDemoItemPolicies } from "@/lib/demo/items";
import { createRandom } from "@/lib/demo/people";
import { type DemoModality, type DemoPolicy, demoPolicy } from "@/lib/demo/policies";
import { portalPricing } from "@/lib/demo/pricing";
import { boletoOurNumber, buildBoleto } from "@/lib/documents/boleto";
import { createPolicyDocuments } from "@/lib/documents/create-documents";
import { normalizeName } from "@/lib/identity";
import { registerMissingPixCharges } from "@/lib/payments/pix/missing-charges";
import { formatLongPolicyNumber } from "@/lib/policies/numbers";
import { createProposal } from "@/lib/proposals/service";
import { expireQuotations } from "@/lib/quotations/expire-quotations";
import { createQuotation } from "@/lib/quotations/service";
import { storedAnswersToRaw } from "@/lib/renewals/renew-policy";
import { proposalRequestSchema } from "@/lib/schemas/proposal";

export const DEMO_PASSWORD = "demo12345";
/** Quotations per broker quoted weeks ago and never taken further, now Expired: what "Recalcular" is for. */
export const DEMO_EXPIRED_QUOTATIONS = 6;
/** Valid quotations per broker the home's cards show: some expiring this week, some awaiting checkout. */
export const DEMO_OPEN_QUOTATIONS = { expiring: 2, awaitingCheckout: 2 };
const DAY_MS = 86_400_000;
const DEMO_KEY_NAME = "Chave demo";

/**
 * The demo data (README): two brokers with an admin each (and a member for the first), a key each
 * and a few hundred policies; a third with users and a key only.
 */
export const DEMO_BROKERS = [
  {
    registerNumber: "100000",
    name: "Corretora Demo",
    policies: 300,
    users: [
      { email: "admin@corretorademo.com.br", name: "Ana Administradora", role: "admin" as const },
      { email: "membro@corretorademo.com.br", name: "Marcos Membro", role: "member" as const },
    ],
  },
  {
    registerNumber: "200000",
    name: "Corretora Exemplo",
    policies: 120,
    users: [{ email: "admin@corretoraexemplo.com.br", name: "Eduardo Exemplo", role: "admin" as const }],
  },
  {
    // Users only: where the second factor is tried (an admin may require it of every user of the
    // broker) without changing how the other brokers' users sign in.
    registerNumber: "300000",
    name: "Corretora Segura",
    policies: 0,
    users: [
      { email: "admin@corretorasegura.com.br", name: "Sofia Segura", role: "admin" as const },
      { email: "membro@corretorasegura.com.br", name: "Mateus Seguro", role: "member" as const },
      { email: "totp@corretorasegura.com.br", name: "Tânia Token", role: "member" as const },
      { email: "chave@corretorasegura.com.br", name: "Paulo Chaves", role: "member" as const },
    ],
  },
];

export type SeedReport = {
  logins: { email: string; password: string; registerNumber: string; role: string }[];
  keys: { registerNumber: string; prefix: string; key?: string }[];
  policiesCreated: number;
  /** Endorsements issued on the demo policies (lib/demo/endorsements.ts), on the run that made them. */
  endorsementsIssued: number;
  /** Pix policies issued through checkout for premium collection (lib/demo/collection.ts). */
  collectionPoliciesIssued: number;
  /** Notices to the insured the notices job put in the outbox (the history's and today's), on the run that made them. */
  noticesSent: number;
  /** Policies the history's daily runs canceled for non-payment (lib/demo/history.ts). */
  canceledForNonPayment: number;
  /** Bike and construction equipment policies issued through the checkout (lib/demo/items.ts). */
  itemPoliciesIssued: number;
};

/** Idempotent: a second run adds nothing and reports the existing key prefixes (keys are shown once). */
export async function seedDemoData(db: Database, now = new Date()): Promise<SeedReport> {
  await syncCatalogue(db);
  // The generated book is of limit-option products; item-based ones are issued apart (lib/demo/items.ts).
  const modalityRows = (await listModalityLabels(db)).filter(
    (row) => getModalityByCode(row.code).shape === "limit-options",
  );
  const report: SeedReport = {
    logins: [],
    keys: [],
    policiesCreated: 0,
    endorsementsIssued: 0,
    collectionPoliciesIssued: 0,
    noticesSent: 0,
    canceledForNonPayment: 0,
    itemPoliciesIssued: 0,
  };
  const endorsing: (DemoEndorsementBroker & DemoCollectionBroker)[] = [];
  for (const [brokerIndex, demo] of DEMO_BROKERS.entries()) {
    await db
      .insert(brokers)
      .values({ registerNumber: demo.registerNumber, name: demo.name })
      .onConflictDoNothing();
    const [broker] = await db.select().from(brokers).where(eq(brokers.registerNumber, demo.registerNumber));
    if (!broker) throw new Error(`broker ${demo.registerNumber} missing after insert`);

    let adminUserId: string | undefined;
    for (const user of demo.users) {
      const [existing] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${user.email}`);
      const id =
        existing?.id ??
        (
          await db
            .insert(users)
            .values({ ...user, brokerId: broker.id, passwordHash: await hashPassword(DEMO_PASSWORD) })
            .returning({ id: users.id })
        )[0]!.id;
      if (user.role === "admin") adminUserId ??= id;
      report.logins.push({
        email: user.email,
        password: DEMO_PASSWORD,
        registerNumber: demo.registerNumber,
        role: user.role,
      });
    }

    const [demoKey] = await db
      .select({ prefix: apiKeys.prefix })
      .from(apiKeys)
      .where(
        and(eq(apiKeys.brokerId, broker.id), eq(apiKeys.name, DEMO_KEY_NAME), isNull(apiKeys.revokedAt)),
      );
    if (demoKey) {
      report.keys.push({ registerNumber: demo.registerNumber, prefix: demoKey.prefix });
    } else {
      const created = await createApiKey(db, { registerNumber: demo.registerNumber, name: DEMO_KEY_NAME });
      report.keys.push({ registerNumber: demo.registerNumber, prefix: created.prefix, key: created.key });
    }

    if (demo.policies > 0 && (await countPoliciesOfBroker(db, broker.id)) === 0) {
      const random = createRandom(1000 + brokerIndex);
      const pricing = portalPricing(now);
      const generated = Array.from({ length: demo.policies }, (_, i) =>
        demoPolicy(random, modalityRows[i % modalityRows.length] as DemoModality, now, pricing),
      );
      await db.transaction(async (tx) => {
        const numbers = await nextPolicyNumbers(tx, generated.length);
        const inserted: { id: string; demo: DemoPolicy }[] = [];
        for (const [i, policy] of generated.entries()) {
          inserted.push({
            id: await insertDemoPolicy(tx, broker.id, policy, numbers[i]!, now),
            demo: policy,
          });
        }
        // The commission ledger, as issuance and the payments made it (lib/commissions).
        await backfillCommissionLedger(tx, broker.id);
        // A few claims, from their own generator so the policies stay as they were.
        const claims = demoClaims(createRandom(5000 + brokerIndex), inserted, now);
        await insertClaimsCounted(
          tx,
          claims.map((claim) => ({ ...claim, brokerId: broker.id })),
        );
      });
      report.policiesCreated += generated.length;
      const quoting: DemoQuoting = {
        db,
        broker: { id: broker.id, registerNumber: demo.registerNumber },
        modalityRows: modalityRows as DemoModality[],
        brokerIndex,
        now,
      };
      await seedExpiredQuotations(quoting);
      await seedOpenQuotations(quoting);
      endorsing.push({
        id: broker.id,
        registerNumber: demo.registerNumber,
        brokerIndex,
        adminUserId: adminUserId!,
      });
    }
  }
  if (endorsing.length) {
    // The daily runs over the generated history (before the payouts: a cancellation claws back).
    const history = await runDemoHistory(db, now);
    report.noticesSent += history.notices;
    report.canceledForNonPayment = history.canceled;
    // Each unpaid boleto with its Pix charge (boleto híbrido), as the daily job registers a missing one.
    await registerMissingPixCharges(db, { day: businessDay(now), now });
  }
  // A year of monthly commission payouts, each as the job would have made it on its 10th (idempotent).
  await runPastCommissionPayouts(db, addMonths(`${businessDay(now).slice(0, 7)}-01`, -12).slice(0, 7), now);
  // Then today's endorsements (after the payouts: a cancellation claws back commission paid out).
  for (const broker of endorsing) {
    report.endorsementsIssued += await seedDemoEndorsements(db, broker, modalityRows as DemoModality[], now);
  }
  // Last, so that the generated policies keep their numbers and no endorsement picks these.
  for (const broker of endorsing) {
    report.collectionPoliciesIssued += await seedDemoCollection(
      db,
      broker,
      modalityRows as DemoModality[],
      now,
    );
  }
  for (const broker of endorsing) {
    report.itemPoliciesIssued += await seedDemoItemPolicies(db, broker, now);
  }
  if (endorsing.length) {
    const notices = await sendDemoNotices(db, now);
    report.noticesSent += notices["due-soon"] + notices.overdue + notices.formal;
  }
  return report;
}

/** What the demo quotations of one broker are made with. */
type DemoQuoting = {
  db: Database;
  broker: { id: string; registerNumber: string };
  modalityRows: DemoModality[];
  brokerIndex: number;
  now: Date;
};

/** A demo person's quotation priced at `at` by the real service, for a vigency starting on `startDay`. */
async function quoteDemo({ db, broker }: DemoQuoting, demo: DemoPolicy, startDay: string, at: Date) {
  const answers = demoAnswers({ ...demo, vigencyStartedAt: startOfBusinessDay(startDay) }, at);
  return createQuotation(
    db,
    broker.id,
    {
      operationCode: getModalityByCode(demo.modality.code).operationCode,
      registerNumber: broker.registerNumber,
      answers: storedAnswersToRaw(answers),
    },
    at,
  );
}

/**
 * Quotations priced 40 days before `now` by the real service for a vigency starting 10 days after
 * `now` (so validity ended 30 days after the quote, and a re-quote keeps the start),
 * dated then and marked Expired by the expiry job's own function. From their own generator, so the
 * policies stay as they were.
 */
async function seedExpiredQuotations(quoting: DemoQuoting) {
  const { db, modalityRows, brokerIndex, now } = quoting;
  const random = createRandom(7000 + brokerIndex);
  const quotedAt = new Date(now.getTime() - 40 * DAY_MS);
  const startDay = addDays(businessDay(quotedAt), 50);
  const ids: string[] = [];
  for (let i = 0; i < DEMO_EXPIRED_QUOTATIONS; i++) {
    const demo = demoPolicy(random, modalityRows[i % modalityRows.length]!, quotedAt);
    const item = await quoteDemo(quoting, demo, startDay, quotedAt);
    ids.push(item.quotationIdentifier);
  }
  await db
    .update(quotations)
    .set({ createdAt: quotedAt, updatedAt: quotedAt })
    .where(inArray(quotations.id, ids));
  await expireQuotations(db, now);
}

/**
 * Quotations priced now by the real service: some for a vigency starting in 3 days (their validity
 * ends with that day: "expiram nesta semana"), some with a boleto proposal made by the proposal
 * service and no checkout ("propostas aguardam pagamento"). From their own generator.
 */
async function seedOpenQuotations(quoting: DemoQuoting) {
  const { db, broker, modalityRows, brokerIndex, now } = quoting;
  const random = createRandom(8000 + brokerIndex);
  const { expiring, awaitingCheckout } = DEMO_OPEN_QUOTATIONS;
  for (let i = 0; i < expiring + awaitingCheckout; i++) {
    const awaiting = i >= expiring;
    const demo = demoPolicy(random, modalityRows[i % modalityRows.length]!, now);
    const startDay = addDays(businessDay(now), awaiting ? 20 : 3);
    const item = await quoteDemo(quoting, demo, startDay, now);
    if (!awaiting) continue;
    const variant = item.pricing[0]!;
    const options = variant.payment.paymentOptions;
    const option = options.find((o) => o.paymentType === "Ticket") ?? options[0]!;
    const ticket = option.paymentType === "Ticket";
    const request = proposalRequestSchema.parse({
      identifier: item.quotationIdentifier,
      registerNumber: broker.registerNumber,
      answers: [
        { code: "PAYMENT-METHOD", answer: ticket ? "TICKET" : "CREDIT-CARD" },
        ...(ticket ? [{ code: "DUE-DAY", answer: 10 }] : []),
        { code: "SELECTED-VARIANT-IDENTIFIER", answer: variant.variantIdentifier },
        { code: "PAYMENT-INSTALLMENT-IDENTIFIER", answer: option.installments[0]!.identifier },
      ],
    });
    // No origin: the answer's document link is not used here (the pages sign their own).
    await createProposal(db, broker.id, request, "", now);
  }
}

async function insertDemoPolicy(
  tx: Executor,
  brokerId: string,
  demo: DemoPolicy,
  policyNumber: string,
  now: Date,
): Promise<string> {
  const [quotation] = await tx
    .insert(quotations)
    .values({
      brokerId,
      modalityCode: demo.modality.code,
      status: "Finished",
      personType: demo.personType,
      insuredName: demo.insured.name,
      insuredIdentity: demo.insured.identity,
      insuredEmail: demo.insured.email,
      insuredPhone: demo.insured.phone,
      insuredAddress: demo.insured.address,
      vigencyStartedAt: demo.vigencyStartedAt,
      vigencyExpiredAt: demo.vigencyExpiredAt,
      commissionPercent: demo.commissionPercent,
      grievancePercent: "0",
      // Real answers, so that the quotation lookup shows them and a renewal can copy them.
      answers: demoAnswers(demo, now),
      quotedAt: demo.createdAt,
      createdAt: demo.createdAt,
      updatedAt: demo.createdAt,
    })
    .returning({ id: quotations.id });
  // Card policies keep the sandbox token their later installments are charged with (daily job);
  // every tenth uses test card 0069, whose later charges are declined (docs/checkout.md).
  const last4 = policyNumber.endsWith("7") ? "0069" : "1111";
  const [checkout] =
    demo.paymentMethod === "CREDIT-CARD"
      ? await tx
          .insert(checkouts)
          .values({
            brokerId,
            quotationId: quotation!.id,
            paymentMethod: "CREDIT-CARD",
            status: "Issued",
            cardToken: `tok_sandbox_${last4}_demoseed`,
            cardBrand: "VISA",
            cardLast4: last4,
            cardExpiryMonth: 12,
            cardExpiryYear: 2031,
            cardHolderName: demo.insured.name,
            attempts: 1,
            createdAt: demo.createdAt,
            updatedAt: demo.createdAt,
            finishedAt: demo.createdAt,
          })
          .returning({ id: checkouts.id })
      : [];
  const [policy] = await tx
    .insert(policies)
    .values({
      brokerId,
      quotationId: quotation!.id,
      checkoutId: checkout?.id ?? null,
      number: formatLongPolicyNumber(demo.modality.productCode, demo.createdAt, policyNumber),
      policyNumber,
      status: demo.status,
      canceledAt: demo.status === "Canceled" ? demo.createdAt : null,
      cancelReason: demo.status === "Canceled" ? "Solicitação do segurado" : null,
      personType: demo.personType,
      insuredName: demo.insured.name,
      insuredNameNormalized: normalizeName(demo.insured.name),
      insuredIdentity: demo.insured.identity,
      modalityCode: demo.modality.code,
      modalityText: demo.modality.text,
      productCode: demo.modality.productCode,
      productText: demo.modality.productText,
      vigencyStartedAt: demo.vigencyStartedAt,
      vigencyExpiredAt: demo.vigencyExpiredAt,
      policyLimitCents: demo.limitCents,
      netCents: demo.netCents,
      taxCents: demo.taxCents,
      totalCents: demo.totalCents,
      commissionCents: demo.commissionCents,
      commissionRate: rateOfPercent(demo.commissionPercent),
      paymentMethod: demo.paymentMethod,
      createdAt: demo.createdAt,
    })
    .returning({ id: policies.id });
  const installmentRows = await tx
    .insert(policyInstallments)
    .values(
      demo.installments.map((installment) => {
        const boleto =
          demo.paymentMethod === "TICKET"
            ? buildBoleto({
                ourNumber: boletoOurNumber(policyNumber, installment.installmentNumber),
                amountCents: installment.premiumTotalCents,
                dueDate: installment.dueDate,
              })
            : undefined;
        return {
          policyId: policy!.id,
          ...installment,
          boletoOurNumber: boleto ? boletoOurNumber(policyNumber, installment.installmentNumber) : null,
          typeableLine: boleto?.typeableLine ?? null,
          createdAt: demo.createdAt,
        };
      }),
    )
    .returning({
      id: policyInstallments.id,
      boletoOurNumber: policyInstallments.boletoOurNumber,
      typeableLine: policyInstallments.typeableLine,
      premiumTotalCents: policyInstallments.premiumTotalCents,
      dueDate: policyInstallments.dueDate,
      status: policyInstallments.status,
    });
  // Each boleto as the bank registered it online at issuance (as migration 0026 keeps the boletos
  // issued before its table): what the return file and a second copy match by our number.
  const boletoRows = installmentRows.flatMap((row) =>
    row.boletoOurNumber && row.typeableLine
      ? [
          {
            installmentId: row.id,
            ourNumber: row.boletoOurNumber,
            typeableLine: row.typeableLine,
            amountCents: row.premiumTotalCents,
            dueDate: row.dueDate,
            status: row.status === "Canceled" ? ("WrittenOff" as const) : ("Active" as const),
            registration: "Registered" as const,
            createdAt: demo.createdAt,
            writtenOffAt: row.status === "Canceled" ? demo.createdAt : null,
          },
        ]
      : [],
  );
  if (boletoRows.length) await tx.insert(installmentBoletos).values(boletoRows);
  await createPolicyDocuments(tx, {
    brokerId,
    policyId: policy!.id,
    paymentMethod: demo.paymentMethod,
    installmentIds: installmentRows.map((row) => row.id),
  });
  return policy!.id;
}

/** What the seed prints: the demo logins, and each demo key the first time it is made. */
export function formatSeedReport(report: SeedReport): string {
  const lines = ["", "Demo data ready.", "  Portal logins (password demo12345):"];
  for (const login of report.logins)
    lines.push(`    ${login.email}  (broker ${login.registerNumber}, ${login.role})`);
  lines.push("  Partner API keys:");
  for (const key of report.keys) {
    lines.push(
      key.key
        ? `    broker ${key.registerNumber}: ${key.key}`
        : `    broker ${key.registerNumber}: ${key.prefix}… (shown when it was created; make another under Chaves de API or with npm run keys:create)`,
    );
  }
  if (report.policiesCreated) lines.push(`  Policies created: ${report.policiesCreated}`);
  if (report.endorsementsIssued) lines.push(`  Endorsements issued: ${report.endorsementsIssued}`);
  if (report.itemPoliciesIssued) {
    lines.push(`  Bike and equipment policies issued through checkout: ${report.itemPoliciesIssued}`);
  }
  if (report.collectionPoliciesIssued) {
    lines.push(`  Pix policies issued through checkout: ${report.collectionPoliciesIssued}`);
  }
  if (report.noticesSent) lines.push(`  Notices to the insured in the outbox: ${report.noticesSent}`);
  if (report.canceledForNonPayment) {
    lines.push(`  Policies canceled for non-payment by the daily jobs: ${report.canceledForNonPayment}`);
  }
  return lines.join("\n");
}
