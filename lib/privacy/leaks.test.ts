import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as claimRoute from "@/app/api/[version]/claim/route";
import * as issueRoute from "@/app/api/[version]/endorsement/issue/route";
import * as previewRoute from "@/app/api/[version]/endorsement/quotation/route";
import * as renewalRoute from "@/app/api/[version]/quotation/renewal/route";
import * as documentRoute from "@/app/api/documents/[id]/route";
import * as claimList from "@/app/api/v1/claim/[registerNumber]/[policyNumber]/route";
import * as endorsementList from "@/app/api/v1/endorsement/[registerNumber]/[policyNumber]/route";
import * as quotationLookup from "@/app/api/v1/quotation/[registerNumber]/[quotationIdentifier]/route";
import * as quotationList from "@/app/api/v1/quotation/[registerNumber]/all/route";
import { writeOffActiveBoleto } from "@/db/queries/boletos";
import { listAttentionInstallments } from "@/db/queries/home";
import { listOutboxPage, recordPendingNotices } from "@/db/queries/notices";
import type { PolicyRow } from "@/db/queries/policies";
import {
  claims,
  documents,
  endorsements,
  installmentNotices,
  policyInstallments,
  proposals,
  quotations,
  users,
} from "@/db/schema";
import { createApiKey } from "@/lib/api-keys/key-store";
import type { AuditContext } from "@/lib/audit/context";
import { getCheckoutStatus, startCheckout } from "@/lib/checkout/start-checkout";
import { createQuotationWithProposal, issueTestPolicy, TEST_CPF } from "@/lib/checkout/testing";
import { noticeClaim } from "@/lib/claims/notice-claim";
import { addDays, businessDay, startOfBusinessDay } from "@/lib/dates";
import { signDocumentUrl } from "@/lib/documents/links";
import { signQuotationDocumentUrl } from "@/lib/documents/quotation-pdf";
import { extractServedPdfText } from "@/lib/documents/testing-pdf";
import { issueEndorsement, listEndorsements, previewEndorsement } from "@/lib/endorsement-service/service";
import { resetEnvForTesting } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { normalizeIdentity } from "@/lib/identity";
import { sendInstallmentNotices } from "@/lib/notices/job";
import { useNoticeMailerForTesting } from "@/lib/notices/mailer";
import { parseItauRemessa } from "@/lib/payments/cnab400-remessa";
import { simulatePixPayment } from "@/lib/payments/pix/sandbox-notice";
import { buildRemessa } from "@/lib/payments/remessa";
import { SandboxPaymentGateway } from "@/lib/payments/sandbox";
import { createSecondCopy } from "@/lib/payments/second-copy/service";
import { createProposal } from "@/lib/proposals/service";
import { insuredPrefill } from "@/lib/quotations/insured-prefill";
import { getQuotationForBroker } from "@/lib/quotations/item";
import { getQuotationRead } from "@/lib/quotations/read";
import { duplicateWithStoredAnswers, requoteWithStoredAnswers } from "@/lib/quotations/stored-answers";
import { renewPolicy } from "@/lib/renewals/renew-policy";
import { setUpDomainTestDatabase } from "@/lib/testing/domain-database";
import { keyHeader } from "@/lib/testing/fixtures";
import { callRoute } from "@/lib/testing/route";
import { isQuotationBlocked } from "./blocks";
import { completeDeletionRequest } from "./deletion";
import { listBrokerRequests, type PrivacyCaller, registerDataSubjectRequest } from "./requests";

/**
 * Every path that could still hand out a person's data after their deletion request was carried
 * out (docs/privacy.md), each closed: the reads answer 451 POLICY-BLOCKED or leave the person out,
 * the changes are refused, old signed links stop serving, the notices' copies are redacted and new
 * remessa files never carry the payer.
 */
const gateway = new SandboxPaymentGateway();
const context = setUpDomainTestDatabase({ gateway, registerNumbers: ["100000"] }, () => {
  useNoticeMailerForTesting(undefined);
  delete process.env.SMTP_URL;
  resetEnvForTesting();
});

const ORIGIN = "http://localhost:3000";
const SUBJECT_CPF = normalizeIdentity(TEST_CPF);
/** Everything that names or reaches the person, as the fixtures' answers give it and as files print it. */
const PERSONAL = [
  SUBJECT_CPF,
  TEST_CPF,
  "José Antônio Pereira",
  "JOSE ANTONIO PEREIRA",
  "Pereira",
  "PEREIRA",
  "jose.pereira@example.com",
  "11987654321",
  "98765-4321",
  "Avenida Paulista",
  "AVENIDA PAULISTA",
];

function expectNothingOfThePerson(text: string, where: string) {
  for (const personal of PERSONAL) expect(text, `${where} shows ${personal}`).not.toContain(personal);
}

/** The ApiError's first code and status, or a failure when the promise resolves. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, code: error.errors[0]!.code };
    throw error;
  }
  throw new Error("expected a refusal");
}

const BLOCKED = { status: 451, code: "POLICY-BLOCKED" };

let caller: PrivacyCaller;
let audit: AuditContext;
let key: string;
let broker: { id: string; registerNumber: string };
let policy: PolicyRow;
let openQuotationId: string;
let draftEndorsementId: string;
let links: { kind: string; url: string }[];
let openProposalLink: string;
let redactedNotices: number;
let thirdInstallmentId: string;
const day = () => businessDay(new Date());

beforeAll(async () => {
  const db = context.handle.db;
  broker = context.brokers["100000"];
  const [user] = await db
    .insert(users)
    .values({
      brokerId: broker.id,
      email: "lgpd@corretora.com.br",
      name: "DPO",
      passwordHash: "x",
      role: "admin",
    })
    .returning();
  audit = { actor: { kind: "user", id: user!.id }, clientAddress: "198.51.100.7" };
  caller = { brokerId: broker.id, audit };
  key = (await createApiKey(db, { registerNumber: "100000", name: "privacy leaks" })).key;

  // The person: a boleto policy of 4 installments with a claim, a preview left as a draft, a
  // due-soon notice sent to the outbox and another one pending; and a quotation never issued.
  policy = await issueTestPolicy(db, broker, gateway, { method: "TICKET", installments: 4 });
  await noticeClaim(db, broker.id, {
    policyNumber: policy.policyNumber,
    occurredAt: { kind: "instant", instant: new Date() },
    description: "Reclamação de paciente sobre o atendimento",
    claimantName: "Reclamante Terceiro",
  });
  draftEndorsementId = (
    await previewEndorsement(db, broker.id, {
      registerNumber: "100000",
      policyNumber: policy.policyNumber,
      type: "REGISTRATION",
      effectiveDate: { kind: "day", day: day() },
      answers: [{ code: "INSURED-EMAIL", answer: "jose.novo@example.com" }],
    })
  ).endorsementIdentifier;
  const installments = await db
    .select()
    .from(policyInstallments)
    .where(eq(policyInstallments.policyId, policy.id))
    .orderBy(policyInstallments.installmentNumber);
  const due = businessDay(installments[1]!.dueDate);
  await sendInstallmentNotices(db, {
    day: addDays(due, -3),
    now: new Date(startOfBusinessDay(addDays(due, -3)).getTime() + 6 * 3_600_000),
  });
  thirdInstallmentId = installments[2]!.id;
  await recordPendingNotices(db, [
    {
      brokerId: broker.id,
      policyId: policy.id,
      installmentId: installments[2]!.id,
      kind: "due-soon",
      channel: "outbox",
      recipient: "jose.pereira@example.com",
      subject: "Sua parcela 3/4 do seguro vence em breve",
      body: "Olá, José Antônio Pereira.",
      deadlineAt: null,
      createdAt: new Date(),
    },
  ]);
  openQuotationId = (await createQuotationWithProposal(db, broker, { method: "TICKET" })).quotationId;

  // The links a partner or the insured holds from before the deletion.
  const rows = await db
    .select({ id: documents.id, kind: documents.kind })
    .from(documents)
    .leftJoin(proposals, eq(proposals.id, documents.proposalId))
    .where(
      sql`${documents.policyId} = ${policy.id} or ${proposals.quotationId} in (${policy.quotationId}, ${openQuotationId})`,
    );
  const [openProposal] = await db
    .select({ id: documents.id })
    .from(documents)
    .innerJoin(proposals, eq(proposals.id, documents.proposalId))
    .where(eq(proposals.quotationId, openQuotationId));
  openProposalLink = signDocumentUrl(openProposal!.id, ORIGIN);
  links = [
    ...rows
      .filter((row) => row.id !== openProposal!.id)
      .map((row) => ({ kind: row.kind, url: signDocumentUrl(row.id, ORIGIN) })),
    { kind: "quotation", url: signQuotationDocumentUrl(policy.quotationId, ORIGIN) },
  ];
  expect(links.map((link) => link.kind).sort()).toEqual(
    expect.arrayContaining(["boleto", "policy", "proposal", "quotation"]),
  );
  // Before the deletion every one of them serves the person's data.
  const before = await serve(links[0]!.url);
  expect(before.status).toBe(200);

  const registered = await registerDataSubjectRequest(db, caller, { identity: TEST_CPF, kind: "DELETION" });
  if (!registered.ok) throw new Error("not registered");
  const done = await completeDeletionRequest(db, caller, registered.request.id);
  expect(done).toMatchObject({ ok: true, outcome: { blockedPolicies: 1 } });
  redactedNotices = (done as { outcome: { redactedNotices: number } }).outcome.redactedNotices;
});

async function serve(url: string) {
  const { pathname, search } = new URL(url);
  return callRoute(documentRoute.GET, `${pathname}${search}`, {
    params: { id: pathname.split("/").pop()! },
  });
}

const api = (path: string, options: { params: Record<string, string>; body?: unknown }) => ({
  ...options,
  headers: keyHeader(key),
  url: path,
});

describe("after a deletion, the retained quotation (the one that became the policy)", () => {
  it("answers the API lookup 451 POLICY-BLOCKED, like the policy lookup, with nothing of the person", async () => {
    const call = api(`/api/v1/quotation/100000/${policy.quotationId}`, {
      params: { registerNumber: "100000", quotationIdentifier: policy.quotationId },
    });
    const answer = await callRoute(quotationLookup.GET, call.url, call);
    expect(answer.status).toBe(451);
    expect(answer.json).toMatchObject({ success: false, errors: [{ code: "POLICY-BLOCKED" }] });
    expectNothingOfThePerson(answer.text, "quotation lookup");
    expect(await refusal(getQuotationRead(context.handle.db, broker.id, policy.quotationId, ORIGIN))).toEqual(
      BLOCKED,
    );
  });

  it("leaves the API's quotation list, searched by name or CPF or not at all", async () => {
    for (const query of ["itemsPerPage=100", "search=Pereira", `search=${SUBJECT_CPF}`]) {
      const call = api(`/api/v1/quotation/100000/all?${query}`, { params: { registerNumber: "100000" } });
      const answer = await callRoute(quotationList.GET, call.url, call);
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain(policy.quotationId);
      expectNothingOfThePerson(answer.text, `quotation list ${query}`);
    }
  });

  it("is blocked for the portal's pages and refuses every change: proposal, checkout, re-quote, duplicate", async () => {
    const db = context.handle.db;
    expect(await isQuotationBlocked(db, broker.id, policy.quotationId)).toBe(true);
    expect(await isQuotationBlocked(db, broker.id, openQuotationId)).toBe(false);
    expect(await refusal(getQuotationForBroker(db, broker.id, policy.quotationId, ORIGIN))).toEqual(BLOCKED);
    expect(await refusal(getCheckoutStatus(db, broker.id, policy.quotationId))).toEqual(BLOCKED);
    const before = await db.$count(quotations);
    expect(
      await refusal(
        createProposal(
          db,
          broker.id,
          { identifier: policy.quotationId, registerNumber: "100000", answers: [] } as never,
          ORIGIN,
        ),
      ),
    ).toEqual(BLOCKED);
    expect(
      await refusal(
        startCheckout(db, broker.id, { registerNumber: "100000", quotationIdentifier: policy.quotationId }),
      ),
    ).toEqual(BLOCKED);
    expect(await refusal(requoteWithStoredAnswers(db, broker, policy.quotationId))).toEqual(BLOCKED);
    expect(await refusal(duplicateWithStoredAnswers(db, broker, policy.quotationId))).toEqual(BLOCKED);
    expect(await db.$count(quotations)).toBe(before);
    // Nor does the person's contact pre-fill a new quotation.
    expect(await insuredPrefill(db, broker.id, TEST_CPF)).toBeUndefined();
  });
});

describe("after a deletion, the anonymised quotation (never issued)", () => {
  it("answers the lookup with no personal data", async () => {
    const call = api(`/api/v1/quotation/100000/${openQuotationId}`, {
      params: { registerNumber: "100000", quotationIdentifier: openQuotationId },
    });
    const answer = await callRoute(quotationLookup.GET, call.url, call);
    expect(answer.status).toBe(200);
    expect(answer.json.item.insuredName).toBe("Titular anonimizado");
    expectNothingOfThePerson(answer.text, "anonymised quotation lookup");
  });
});

describe("after a deletion, the blocked policy", () => {
  const params = () => ({ registerNumber: "100000", policyNumber: policy.policyNumber });

  it("answers its claim and endorsement lists 451 POLICY-BLOCKED", async () => {
    for (const [route, path] of [
      [claimList.GET, `/api/v1/claim/100000/${policy.policyNumber}`],
      [endorsementList.GET, `/api/v1/endorsement/100000/${policy.policyNumber}`],
    ] as const) {
      const answer = await callRoute(route, path, { params: params(), headers: keyHeader(key) });
      expect(answer.status, path).toBe(451);
      expect(answer.json).toMatchObject({
        errors: [{ code: "POLICY-BLOCKED", properties: ["policyNumber"] }],
      });
      expectNothingOfThePerson(answer.text, path);
    }
    expect(
      await refusal(
        listEndorsements(context.handle.db, broker.id, policy.policyNumber, { page: 1, itemsPerPage: 10 }),
      ),
    ).toEqual(BLOCKED);
  });

  it("refuses a renewal (no quotation copies the person's data), a claim, a preview and the issue of an earlier preview", async () => {
    const db = context.handle.db;
    const counts = async () => ({
      quotations: await db.$count(quotations),
      claims: await db.$count(claims, eq(claims.policyId, policy.id)),
      endorsements: await db.$count(endorsements, eq(endorsements.policyId, policy.id)),
    });
    const before = await counts();
    const post = (route: typeof claimRoute.POST, path: string, body: unknown) =>
      callRoute(route, path, { params: { version: "v1" }, headers: keyHeader(key), body });
    const answers = [
      await post(renewalRoute.POST, "/api/v1/quotation/renewal", params()),
      await post(claimRoute.POST, "/api/v1/claim", {
        ...params(),
        occurredAt: day(),
        description: "Nova reclamação após a eliminação",
        claimantName: "Outro Reclamante",
      }),
      await post(previewRoute.POST, "/api/v1/endorsement/quotation", {
        ...params(),
        type: "CANCELLATION",
        effectiveDate: day(),
        reason: "Pedido do segurado",
      }),
      await post(issueRoute.POST, "/api/v1/endorsement/issue", {
        registerNumber: "100000",
        endorsementIdentifier: draftEndorsementId,
      }),
    ];
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(451);
      expect(answer.json).toMatchObject({ success: false, errors: [{ code: "POLICY-BLOCKED" }] });
      expectNothingOfThePerson(answer.text, "a refused change");
    }
    expect(await counts()).toEqual(before);
    const [draft] = await db.select().from(endorsements).where(eq(endorsements.id, draftEndorsementId));
    expect(draft!.status).toBe("Draft");

    // The services themselves, as the portal calls them.
    expect(await refusal(renewPolicy(db, broker.id, params()))).toEqual(BLOCKED);
    expect(
      await refusal(
        noticeClaim(db, broker.id, {
          policyNumber: policy.policyNumber,
          occurredAt: { kind: "instant", instant: new Date() },
          description: "Reclamação pelo portal",
          claimantName: "Outro Reclamante",
        }),
      ),
    ).toEqual(BLOCKED);
    expect(
      await refusal(
        issueEndorsement(db, broker.id, { endorsementIdentifier: draftEndorsementId }, { audit }),
      ),
    ).toEqual(BLOCKED);
    expect(
      await refusal(
        createSecondCopy(
          db,
          broker.id,
          { policyNumber: policy.policyNumber, installmentNumber: 2 },
          { audit },
        ),
      ),
    ).toEqual(BLOCKED);
    await expect(
      simulatePixPayment(db, broker.id, { policyNumber: policy.policyNumber, installmentNumber: 2 }),
    ).rejects.toThrow("Dados bloqueados a pedido do titular (LGPD)");
    expect(await counts()).toEqual(before);
  });

  it("leaves the home's attention lists, which name the insured", async () => {
    const now = new Date();
    const far = new Date(now.getTime() + 400 * 86_400_000);
    const bounds = {
      now,
      dueSoonStart: new Date(0),
      dueSoonEnd: far,
      expiringEnd: far,
      endingEnds: { d30: far, d60: far, d90: far },
    };
    // Without the block, its Pending installments would be listed as due soon.
    const pending = await context.handle.db.$count(
      policyInstallments,
      and(eq(policyInstallments.policyId, policy.id), eq(policyInstallments.status, "Pending")),
    );
    expect(pending).toBeGreaterThan(0);
    for (const kind of ["overdue", "due-soon"] as const) {
      const rows = await listAttentionInstallments(context.handle.db, broker.id, bounds, kind);
      expect(rows.map((row) => row.policyNumber)).not.toContain(policy.policyNumber);
    }
  });
});

describe("after a deletion, documents", () => {
  it("refuse every link signed before it (policy, slips, proposal, quotation PDF): 451, no PDF", async () => {
    for (const link of links) {
      const answer = await serve(link.url);
      expect(answer.status, link.kind).toBe(451);
      expect(answer.headers.get("content-type"), link.kind).toMatch(/^application\/json/);
      expect(answer.json).toMatchObject({ success: false, errors: [{ code: "POLICY-BLOCKED" }] });
      expectNothingOfThePerson(answer.text, link.kind);
    }
  });

  it("still serve an anonymised quotation's proposal, with nothing of the person in it", async () => {
    const { pathname, search } = new URL(openProposalLink);
    const request = new Request(`${ORIGIN}${pathname}${search}`);
    const response = await documentRoute.GET(request, {
      params: Promise.resolve({ id: pathname.split("/").pop()! }),
    });
    expect(response.status).toBe(200);
    const text = extractServedPdfText(Buffer.from(await response.arrayBuffer()));
    expect(text).toContain("Titular anonimizado");
    expectNothingOfThePerson(text, "anonymised proposal PDF");
  });
});

describe("after a deletion, the notices", () => {
  it("kept in the outbox have no recipient nor text of the person, and the pending one is never sent", async () => {
    const db = context.handle.db;
    const page = await listOutboxPage(db, broker.id, { limit: 100, offset: 0 });
    const mine = page.rows.filter((row) => row.policyNumber === policy.policyNumber);
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(mine).toHaveLength(redactedNotices);
    expectNothingOfThePerson(JSON.stringify(page.rows), "outbox");
    for (const row of mine) {
      expect(row.recipient).toBe("");
      expect(row.body).toContain("Dados bloqueados a pedido do titular (LGPD)");
    }
    const stored = await db
      .select()
      .from(installmentNotices)
      .where(eq(installmentNotices.policyId, policy.id));
    expect(stored.filter((row) => row.status === "Pending")).toEqual([]);
    expect(stored.find((row) => row.installmentId === thirdInstallmentId)).toMatchObject({
      status: "Failed",
      sentAt: null,
    });
    expectNothingOfThePerson(JSON.stringify(stored), "installment_notices");
  });
});

describe("after a deletion, the remessa", () => {
  it("written again never carries the payer: their entries are left out, a later write-off goes with the payer withheld", async () => {
    const db = context.handle.db;
    const [second] = await db
      .select()
      .from(policyInstallments)
      .where(and(eq(policyInstallments.policyId, policy.id), eq(policyInstallments.installmentNumber, 2)));
    await writeOffActiveBoleto(db, second!.id, new Date());
    const remessa = await buildRemessa(db, { day: day(), brokerId: broker.id });
    expectNothingOfThePerson(remessa.text, "remessa");
    const { details } = parseItauRemessa(remessa.text);
    const ofPolicy = details.filter((detail) => detail.companyReference.startsWith(policy.policyNumber));
    expect(ofPolicy.map((detail) => detail.code)).toEqual(["02"]);
    expect(ofPolicy[0]).toMatchObject({
      ourNumber: second!.boletoOurNumber,
      payerKind: "00",
      payerIdentity: "00000000000000",
      payerName: "",
      street: "",
      zipCode: "00000000",
    });
    expect(remessa.instructionCount).toBe(details.length);
  });
});

describe("after a deletion, the privacy page", () => {
  it("shows every request of the person with the CPF masked", async () => {
    const requests = await listBrokerRequests(context.handle.db, broker.id);
    const texts = requests.map((request) => request.identityText);
    expect(texts).toContain("52*******25");
    expectNothingOfThePerson(JSON.stringify(texts), "privacy requests");
  });
});
