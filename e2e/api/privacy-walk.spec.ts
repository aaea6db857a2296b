import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { ENDPOINTS } from "@/lib/api/endpoints";
import { startCheckoutEndpoint } from "@/lib/checkout/endpoint";
import { businessDay } from "@/lib/dates";
import { extractServedPdfText } from "@/lib/documents/testing-pdf";
import { sampleQuotationRequest } from "@/lib/quotations/fixtures";
import { claimNoticeResultSchema } from "@/lib/schemas/claim";
import { endorsementPreviewResponseSchema } from "@/lib/schemas/endorsement-api";
import { policyResponseSchema } from "@/lib/schemas/policy";
import { proposalResultSchema } from "@/lib/schemas/proposal";
import { type Pricing, quotationResultSchema } from "@/lib/schemas/quotation";
import {
  type ApiAnswer,
  ApiClient,
  describeAnswer,
  expectApiError,
  expectPdfWithoutKey,
  expectSuccess,
  test,
} from "../support/api";
import { proposalAnswers, proposalBody, uniqueInsuredName, waitForIssuedPolicy } from "../support/api-flows";
import { signIn, USERS } from "../support/auth";

/**
 * The LGPD walk (docs/privacy.md): a person with a policy (a claim, an endorsement preview, boletos)
 * and a quotation never issued; their deletion carried out on the portal's privacy page; then every
 * endpoint of the API's registry and every page and download of the portal is called with that
 * person's numbers, and none answers their name, CPF, e-mail, phone or address. An endpoint added to
 * the registry, or a page or route added under app/(portal), without an entry here fails the walk.
 */
const REGISTER = "100000";
const today = () => businessDay(new Date());

/** A valid CPF no one else has: nine random digits and their check digits. */
function randomCpf(): string {
  const digits = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((total, digit, i) => total + digit * (length + 1 - i), 0);
    digits.push(((sum * 10) % 11) % 10);
  }
  return digits.join("");
}

const formatCpf = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
const letters = (prefix: string) => uniqueInsuredName(prefix).split(" ").pop()!;

type Person = {
  name: string;
  /** The name's own word (no other record has it): what a search or a leak would show. */
  token: string;
  cpf: string;
  email: string;
  phone: string;
  street: string;
  /** The quotation that became the policy: retained with it. */
  retainedQuotationId: string;
  /** The quotation never issued: anonymised. */
  openQuotationId: string;
  pricing: Pricing;
  policyNumber: string;
  number: string;
  draftEndorsementId: string;
  /** Signed links handed out before the deletion: the person's documents. */
  links: { kind: string; url: string }[];
  /** The anonymised quotation's proposal PDF (signed before the deletion). */
  anonymisedProposalLink: string;
};

let person: Person;

/** What must never come back: each needle, compared case-insensitively (the remessa prints capitals). */
function needles(p: Person): string[] {
  const phoneDigits = p.phone.replace(/\D/g, "");
  return [
    p.token,
    p.cpf,
    formatCpf(p.cpf),
    p.email,
    phoneDigits,
    p.phone.slice(-10),
    p.street.split(" ").pop()!,
  ];
}

/**
 * The values a URL itself carries (path segments, query values): a page may echo its own address
 * (the router's state, a search box), which is not a leak. They are cut from the text before the
 * needles are looked for, so each page is asked for with a different form of the CPF.
 */
function echoesOf(url: string): string[] {
  const parsed = new URL(url, "http://x");
  return [
    ...parsed.pathname.split("/").map((segment) => decodeURIComponent(segment)),
    ...[...parsed.searchParams.values()],
  ].filter((value) => value.length >= 6);
}

function expectNothingOfThePerson(text: string, where: string) {
  let haystack = text.toLowerCase();
  for (const echo of echoesOf(where)) haystack = haystack.replaceAll(echo.toLowerCase(), "");
  for (const needle of needles(person)) {
    expect(haystack.includes(needle.toLowerCase()), `${where} shows "${needle}"`).toBe(false);
  }
}

/** The text of an answer: a PDF's text, anything else as sent. */
async function textOf(response: { headers(): Record<string, string>; body(): Promise<Buffer> }) {
  const body = await response.body();
  return (response.headers()["content-type"] ?? "").includes("application/pdf")
    ? extractServedPdfText(body)
    : body.toString("utf8");
}

// ---- The API walk: one entry per endpoint of the registry ----

/** `blocked`: 451 POLICY-BLOCKED; `clean`: 200. Either way, nothing of the person in the answer. */
type Expectation = "blocked" | "clean";

/** The registry's path with its parameters filled; an unknown parameter fails (a new endpoint needs its values). */
function fill(path: string, values: Record<string, string>): string {
  return `/api${path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no walk value for {${name}} in ${path}`);
    return encodeURIComponent(value);
  })}`;
}

type WalkEntry = (
  p: Person,
) => { values?: Record<string, string>; query?: string; body?: unknown; expect: Expectation }[];

const policyValues = (p: Person) => ({ policyNumber: p.policyNumber });
const namePrefix = (p: Person) => p.token.slice(0, 7).toLowerCase();
const cpfPrefix = (p: Person) => p.cpf.slice(0, 9);

const WALK: Record<string, WalkEntry> = {
  getPolicy: (p) => [
    { values: { policyNumber: p.policyNumber }, expect: "blocked" },
    { values: { policyNumber: p.number }, expect: "blocked" },
  ],
  listPolicies: (p) =>
    ["itemsPerPage=100", `search=${namePrefix(p)}`, `search=${cpfPrefix(p)}`, `search=${p.policyNumber}`].map(
      (query) => ({ query, expect: "clean" as const }),
    ),
  getQuotation: (p) => [
    { values: { quotationIdentifier: p.retainedQuotationId }, expect: "blocked" },
    { values: { quotationIdentifier: p.openQuotationId }, expect: "clean" },
  ],
  listQuotations: (p) =>
    [
      "itemsPerPage=100",
      `search=${namePrefix(p)}`,
      `search=${cpfPrefix(p)}`,
      `previousPolicyNumber=${p.policyNumber}`,
    ].map((query) => ({ query, expect: "clean" as const })),
  listClaims: (p) => [{ values: policyValues(p), expect: "blocked" }],
  listEndorsements: (p) => [{ values: policyValues(p), expect: "blocked" }],
  getCommissionStatement: (p) => [
    { expect: "clean" },
    { query: `policyNumber=${p.policyNumber}`, expect: "clean" },
  ],
  getUsage: () => [{ expect: "clean" }],
  listCatalogue: () => [{ expect: "clean" }],
  getCatalogueProduct: () => [
    { values: { operationCode: "INSURANCE-BROKER-CIVIL-LIABILITY-PARTNER" }, expect: "clean" },
  ],
  listEvents: () => [{ query: "limit=100", expect: "clean" }],
  // The writes that name the person's records: each refused, nothing of them in the answer.
  createQuotation: (p) => [
    {
      body: {
        ...sampleQuotationRequest("broker", REGISTER, { IDENTITY: p.cpf }),
        quotationIdentifier: p.retainedQuotationId,
      },
      expect: "blocked",
    },
  ],
  createProposal: (p) => [
    {
      body: proposalBody(p.retainedQuotationId, REGISTER, proposalAnswers(p.pricing, "TICKET")),
      expect: "blocked",
    },
  ],
  startCheckout: (p) => [
    { body: { registerNumber: REGISTER, quotationIdentifier: p.retainedQuotationId }, expect: "blocked" },
  ],
  noticeClaim: (p) => [
    {
      body: {
        registerNumber: REGISTER,
        policyNumber: p.policyNumber,
        occurredAt: today(),
        description: "Reclamação avisada depois da eliminação",
        claimantName: "Reclamante Posterior",
      },
      expect: "blocked",
    },
  ],
  renewPolicy: (p) => [
    { body: { registerNumber: REGISTER, policyNumber: p.policyNumber }, expect: "blocked" },
  ],
  previewEndorsement: (p) => [
    {
      body: {
        registerNumber: REGISTER,
        policyNumber: p.policyNumber,
        type: "CANCELLATION",
        effectiveDate: today(),
        reason: "Pedido do segurado",
      },
      expect: "blocked",
    },
  ],
  issueEndorsement: (p) => [
    { body: { registerNumber: REGISTER, endorsementIdentifier: p.draftEndorsementId }, expect: "blocked" },
  ],
  createSecondCopy: (p) => [
    {
      body: { registerNumber: REGISTER, policyNumber: p.policyNumber, installmentNumber: 1 },
      expect: "blocked",
    },
  ],
  setRefundDestination: (p) => [
    {
      body: {
        registerNumber: REGISTER,
        policyNumber: p.policyNumber,
        refundIdentifier: "5b0c8f5e-7a51-4c7e-9a1e-3f1d2b6c9e40",
        destination: { type: "PIX-KEY", keyType: "CPF", key: p.cpf },
      },
      expect: "blocked",
    },
  ],
  sandboxPayInstallment: (p) => [
    {
      body: { registerNumber: REGISTER, policyNumber: p.policyNumber, installmentNumber: 1 },
      expect: "blocked",
    },
  ],
  sandboxOverdueInstallment: (p) => [
    {
      body: { registerNumber: REGISTER, policyNumber: p.policyNumber, installmentNumber: 1 },
      expect: "blocked",
    },
  ],
  sandboxExpirePolicy: (p) => [
    { body: { registerNumber: REGISTER, policyNumber: p.policyNumber }, expect: "blocked" },
  ],
};

// ---- The portal walk: one entry per page and route under app/(portal) ----

const PORTAL_ROOT = join(process.cwd(), "app", "(portal)");

/** Every page and route handler of the portal as its URL pattern: route groups dropped, `[param]` kept. */
function portalRoutes(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name === "page.tsx" || entry.name === "route.ts") {
        const segments = relative(PORTAL_ROOT, dir)
          .split("/")
          .filter((segment) => segment && !/^\(.*\)$/.test(segment));
        found.push(`/${segments.join("/")}`);
      }
    }
  };
  walk(PORTAL_ROOT);
  return [...new Set(found)].sort();
}

type PortalContext = { webhookIds: string[] };
type PortalEntry = ((p: Person, context: PortalContext) => string[]) | { skip: string };

/** The notice a blocked record's page shows instead of it. */
const NOTICE = "Dados bloqueados a pedido do titular (LGPD)";

const PORTAL: Record<string, PortalEntry> = {
  "/": () => ["/"],
  "/account": () => ["/account"],
  "/commissions": () => ["/commissions"],
  "/commissions/export": () => ["/commissions/export"],
  "/commissions/pdf": () => ["/commissions/pdf"],
  "/forbidden": () => ["/forbidden"],
  "/insureds/[identity]": (p) => [`/insureds/${p.cpf}`, `/insureds/${formatCpf(p.cpf)}`],
  "/policies": (p) => [
    "/policies",
    `/policies?search=${namePrefix(p)}`,
    `/policies?search=${cpfPrefix(p)}`,
    `/policies?search=${p.policyNumber}`,
    "/policies?installment=due-soon",
  ],
  "/policies/[number]": (p) => [`/policies/${p.policyNumber}`, `/policies/${p.number}`],
  "/policies/export": (p) => ["/policies/export", `/policies/export?search=${cpfPrefix(p)}`],
  "/quotations": (p) => [
    "/quotations",
    `/quotations?search=${namePrefix(p)}`,
    `/quotations?search=${cpfPrefix(p)}`,
  ],
  "/quotations/[id]": (p) => [`/quotations/${p.retainedQuotationId}`, `/quotations/${p.openQuotationId}`],
  "/quotations/[id]/proposal": (p) => [
    `/quotations/${p.retainedQuotationId}/proposal`,
    `/quotations/${p.openQuotationId}/proposal`,
  ],
  "/quotations/[id]/checkout": (p) => [
    `/quotations/${p.retainedQuotationId}/checkout`,
    `/quotations/${p.openQuotationId}/checkout`,
  ],
  "/quotations/[id]/checkout/status": (p) => [
    `/quotations/${p.retainedQuotationId}/checkout/status`,
    `/quotations/${p.openQuotationId}/checkout/status`,
  ],
  "/quotations/new": (p) => [
    `/quotations/new?insured=${p.cpf}`,
    `/quotations/new?insured=${formatCpf(p.cpf)}&modality=INSURANCE-BROKER-CIVIL-LIABILITY`,
  ],
  "/renewals": () => ["/renewals"],
  "/settings/audit": () => ["/settings/audit"],
  "/settings/audit/export": () => ["/settings/audit/export"],
  "/settings/keys": () => ["/settings/keys"],
  "/settings/outbox": () => ["/settings/outbox"],
  "/settings/payments": () => ["/settings/payments"],
  "/settings/payments/remessa": () => [`/settings/payments/remessa?date=${today()}`],
  "/settings/privacy": () => ["/settings/privacy"],
  "/settings/privacy/[id]/export": {
    skip: "the access export is the person's own right of access to what is retained (docs/privacy.md); this walk registers no access request",
  },
  "/settings/users": () => ["/settings/users"],
  "/settings/webhooks": () => ["/settings/webhooks"],
  "/settings/webhooks/[id]": (_p, context) => context.webhookIds.map((id) => `/settings/webhooks/${id}`),
};

/** Pages that open the person's records by number: they show the notice instead. */
const BLOCKED_PAGES = (p: Person) => [
  `/insureds/${p.cpf}`,
  `/policies/${p.policyNumber}`,
  `/quotations/${p.retainedQuotationId}`,
  `/quotations/${p.retainedQuotationId}/proposal`,
  `/quotations/${p.retainedQuotationId}/checkout`,
];

async function signedInPage(page: Page): Promise<APIRequestContext> {
  await signIn(page, USERS.admin);
  return page.request;
}

test.describe
  .serial("the LGPD walk: after a deletion nothing answers the person's data", () => {
    test.describe.configure({ timeout: 240_000 });

    test("a person with a policy, a claim, a preview and an open quotation; their deletion on the privacy page", async ({
      page,
      request,
      keys,
    }) => {
      const api = new ApiClient(request, keys.privacy);
      const portal = await signedInPage(page);
      const token = letters("Titular");
      const name = `Titular Sigilo ${token}`;
      const cpf = randomCpf();
      const phone = `(11) 9${String(Math.floor(Math.random() * 1e4)).padStart(4, "0")}-${String(Math.floor(Math.random() * 1e4)).padStart(4, "0")}`;
      const personal = {
        IDENTITY: formatCpf(cpf),
        "INSURED-NAME": name,
        "INSURED-EMAIL": `sigilo.${token.toLowerCase()}@example.com`,
        "INSURED-CELLPHONE": phone,
        "INSURED-ADDRESS-STREET": `Travessa ${letters("Rua")}`,
        "START-VIGENCY-DATE": today(),
      };
      const create = async () =>
        expectSuccess(
          await api.post(
            "/api/v1/quotation/contracting",
            sampleQuotationRequest("broker", REGISTER, personal),
          ),
          quotationResultSchema,
        ).item;

      // The quotation that becomes the policy; its PDF link as the portal's page hands it out.
      const retained = await create();
      const quotationPage = await (await portal.get(`/quotations/${retained.quotationIdentifier}`)).text();
      const quotationPdf = quotationPage
        .match(/\/api\/documents\/quotation-[^"]+/)?.[0]
        ?.replaceAll("&amp;", "&");
      expect(quotationPdf, "the quotation page's PDF link").toBeTruthy();
      const variant = retained.pricing.find((v) => v.payment.paymentOptions.length)!;
      const retainedProposal = expectSuccess(
        await api.post(
          "/api/v1/quotation/proposal",
          proposalBody(retained.quotationIdentifier, REGISTER, proposalAnswers(variant, "TICKET", 3)),
        ),
        proposalResultSchema,
      ).item;
      expectSuccess(
        await api.post("/api/v1/checkout", {
          registerNumber: REGISTER,
          quotationIdentifier: retained.quotationIdentifier,
        }),
        startCheckoutEndpoint.response,
      );
      const listed = await waitForIssuedPolicy(api, REGISTER, name);
      const lookup = await api.get(`/api/v1/policy/${REGISTER}/${listed.policyNumber}`);
      const policy = expectSuccess(lookup, policyResponseSchema).policy;
      expectSuccess(
        await api.post("/api/v1/claim", {
          registerNumber: REGISTER,
          policyNumber: policy.policyNumber,
          occurredAt: today(),
          description: "Cliente reclama de orientação recebida",
          claimantName: "Reclamante Anterior",
        }),
        claimNoticeResultSchema,
      );
      const preview = expectSuccess(
        await api.post("/api/v1/endorsement/quotation", {
          registerNumber: REGISTER,
          policyNumber: policy.policyNumber,
          type: "REGISTRATION",
          effectiveDate: today(),
          answers: [{ code: "INSURED-EMAIL", answer: `novo.${token.toLowerCase()}@example.com` }],
        }),
        endorsementPreviewResponseSchema,
      ).item;

      // The quotation never issued, with a proposal.
      const open = await create();
      const openProposal = expectSuccess(
        await api.post(
          "/api/v1/quotation/proposal",
          proposalBody(open.quotationIdentifier, REGISTER, proposalAnswers(open.pricing[0]!, "TICKET")),
        ),
        proposalResultSchema,
      ).item;

      person = {
        name,
        token,
        cpf,
        email: personal["INSURED-EMAIL"],
        phone,
        street: personal["INSURED-ADDRESS-STREET"],
        retainedQuotationId: retained.quotationIdentifier,
        openQuotationId: open.quotationIdentifier,
        pricing: variant,
        policyNumber: policy.policyNumber,
        number: policy.number,
        draftEndorsementId: preview.endorsementIdentifier,
        links: [
          { kind: "policy", url: policy.quotationDocumentUrl! },
          { kind: "boletos", url: policy.TicketUrl! },
          { kind: "proposal", url: retainedProposal.proposal!.documentUrl },
          { kind: "quotation", url: quotationPdf! },
        ],
        anonymisedProposalLink: openProposal.proposal!.documentUrl,
      };

      // Before the deletion the walk's needles find the person (so that finding none after means something).
      expect(() => expectNothingOfThePerson(lookup.text, "the policy lookup")).toThrow();
      const remessa = await portal.get(`/settings/payments/remessa?date=${today()}`);
      expect(remessa.status()).toBe(200);
      const remessaText = await remessa.text();
      expect(() => expectNothingOfThePerson(remessaText, "the remessa")).toThrow();
      for (const link of person.links) await expectPdfWithoutKey(request, link.url);

      // The deletion, as an admin carries it out.
      await page.goto("/settings/privacy");
      const form = page.getByRole("form", { name: "Nova solicitação do titular" });
      await form.getByLabel("CPF ou CNPJ do titular").fill(formatCpf(cpf));
      await form.getByRole("radio", { name: "Eliminação dos dados" }).check();
      await form.getByRole("button", { name: "Registrar solicitação" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Solicitação registrada." })).toBeVisible();
      await page.getByRole("button", { name: `Executar eliminação de ${formatCpf(cpf)}` }).click();
      await page.getByRole("button", { name: "Eliminar dados" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Eliminação concluída." })).toBeVisible();
      await page.reload();
      const masked = `${cpf.slice(0, 2)}*******${cpf.slice(-2)}`;
      await expect(page.getByRole("row").filter({ hasText: masked }).first()).toContainText("Concluída");
    });

    test("every endpoint of the API's registry has a walk entry, and none answers the person's data", async ({
      request,
      keys,
    }) => {
      const operations = ENDPOINTS.map((endpoint) => endpoint.operationId);
      expect(
        operations.filter((id) => !(id in WALK)),
        "endpoints without a walk entry: add one to WALK (what it must answer after a deletion)",
      ).toEqual([]);
      expect(
        Object.keys(WALK).filter((id) => !operations.includes(id)),
        "walk entries of no endpoint",
      ).toEqual([]);

      const api = new ApiClient(request, keys.privacyWalk);
      const base = { registerNumber: REGISTER, version: "v1" };
      for (const endpoint of ENDPOINTS) {
        for (const call of WALK[endpoint.operationId]!(person)) {
          const path = `${fill(endpoint.path, { ...base, ...call.values })}${call.query ? `?${call.query}` : ""}`;
          const answer: ApiAnswer =
            endpoint.method === "GET"
              ? await api.withKey(endpoint.auth === "key" ? keys.privacyWalk : undefined).get(path)
              : await api.post(path, call.body);
          const where = `${endpoint.method} ${path}`;
          if (call.expect === "blocked") {
            const [error] = expectApiError(answer, 451, ["POLICY-BLOCKED"]);
            expect(error!.message, describeAnswer(answer)).toContain("LGPD");
          } else {
            expect(answer.status, describeAnswer(answer)).toBe(200);
          }
          expectNothingOfThePerson(answer.text, where);
          // A search by the person's name, CPF or policy finds nothing.
          if (/search=|previousPolicyNumber=/.test(path) && endpoint.method === "GET") {
            expect(answer.json.totalItems, describeAnswer(answer)).toBe(0);
          }
        }
      }
    });

    test("links signed before the deletion stop serving the documents; the anonymised proposal shows no one", async ({
      request,
    }) => {
      for (const link of person.links) {
        const response = await request.get(link.url);
        expect(response.status(), `${link.kind} ${link.url}`).toBe(451);
        expect(response.headers()["content-type"]).toMatch(/^application\/json/);
        const text = await response.text();
        expect(JSON.parse(text)).toMatchObject({ success: false, errors: [{ code: "POLICY-BLOCKED" }] });
        expectNothingOfThePerson(text, link.url);
      }
      const anonymised = await request.get(person.anonymisedProposalLink);
      expect(anonymised.status()).toBe(200);
      const text = await textOf(anonymised);
      expect(text).toContain("Titular anonimizado");
      expectNothingOfThePerson(text, person.anonymisedProposalLink);
    });

    test("every page and download of the portal has a walk entry, and none shows the person", async ({
      page,
    }) => {
      const routes = portalRoutes();
      expect(
        routes.filter((route) => !(route in PORTAL)),
        "portal pages or routes without a walk entry: add one to PORTAL",
      ).toEqual([]);
      expect(
        Object.keys(PORTAL).filter((route) => !routes.includes(route)),
        "walk entries of no page",
      ).toEqual([]);

      const portal = await signedInPage(page);
      const webhooks = await (await portal.get("/settings/webhooks")).text();
      const context: PortalContext = {
        webhookIds: [
          ...new Set([...webhooks.matchAll(/\/settings\/webhooks\/([0-9a-f-]{36})/g)].map((m) => m[1]!)),
        ],
      };
      const blocked = BLOCKED_PAGES(person);
      let opened = 0;
      for (const route of routes) {
        const entry = PORTAL[route]!;
        if (typeof entry !== "function") continue;
        for (const url of entry(person, context)) {
          const response = await portal.get(url);
          expect(response.status(), `${url} → ${response.status()}`).toBeLessThan(500);
          const text = await textOf(response);
          expectNothingOfThePerson(text, url);
          if (blocked.includes(url)) expect(text, url).toContain(NOTICE);
          if (url.endsWith("/checkout/status") && url.includes(person.retainedQuotationId)) {
            expect(response.status(), url).toBe(451);
          }
          opened += 1;
        }
      }
      expect(opened).toBeGreaterThan(30);
    });
  });
