import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as notFound from "@/app/api/[version]/[...rest]/route";
import * as lookup from "@/app/api/v1/policy/[registerNumber]/[policyNumber]/route";
import * as list from "@/app/api/v1/policy/[registerNumber]/all/route";
import { type DatabaseHandle, useDatabaseForTesting } from "@/db/index";
import { POLICY_SORT_FIELDS } from "@/db/queries/policy-sort";
import { GATEWAY_MESSAGES } from "@/lib/http/errors";
import { normalizeName } from "@/lib/identity";
import { createConfiguredLimiter, useLimiterForTesting } from "@/lib/rate-limit";
import { keyHeader } from "@/lib/testing/fixtures";
import {
  createPolicyTestDatabase,
  insertTestPolicy,
  type TestPolicyInput,
} from "@/lib/testing/policy-fixtures";
import { callRoute } from "@/lib/testing/route";

const DAY = 86_400_000;
const BASE = Date.UTC(2026, 0, 10, 15, 0, 0);
const NAMES = [
  "João da Silva",
  "Joana Araújo",
  "Ângela Gonçalves",
  "Bruno Simões",
  "Cecília Brandão",
  "Álvaro Souza",
  "Zeca Pereira",
  "Márcia Lima",
];
const CPFS = ["52998224725", "11144477735", "39053344705", "16899535009", "82317541081", "74154236006"];
const CNPJS = ["11222333000181", "45723174000110"];
const MODALITIES = [
  "MEDICAL-CIVIL-LIABILITY",
  "DENTIST-CIVIL-LIABILITY",
  "DIRECTORS-OFFICERS-CIVIL-LIABILITY",
  "INSURANCE-BROKER-CIVIL-LIABILITY",
] as const;
const STATUSES = ["Issued", "Expired", "Canceled"] as const;

let handle: DatabaseHandle;
let keyA: string;
let keyB: string;
let policyOfB: string;
const inputs: TestPolicyInput[] = [];

function policyInput(i: number): TestPolicyInput {
  const start = new Date(BASE + (i % 11) * 10 * DAY);
  return {
    insuredName: NAMES[i % NAMES.length]!,
    insuredIdentity: i % 5 === 4 ? CNPJS[i % CNPJS.length]! : CPFS[i % CPFS.length]!,
    modalityCode: MODALITIES[i % MODALITIES.length],
    status: STATUSES[i % STATUSES.length],
    // Some creation instants repeat on purpose: the identifier tie-break must keep pages apart.
    createdAt: new Date(BASE - (i % 9) * DAY),
    vigencyStartedAt: start,
    installments: 1 + (i % 3),
  };
}

const listUrl = (registerNumber: string, query = "") =>
  `/api/v1/policy/${registerNumber}/all${query ? `?${query}` : ""}`;

async function listAs(key: string, query = "", registerNumber = "100000") {
  return callRoute(list.GET, listUrl(registerNumber, query), {
    params: { registerNumber },
    headers: keyHeader(key),
  });
}

/** Every policy of broker A, through the API, for the query given (walks all pages). */
async function listAll(query: string) {
  const items = [];
  for (let page = 1; ; page++) {
    const response = await listAs(keyA, `${query}&itemsPerPage=100&page=${page}`);
    expect(response.status).toBe(200);
    items.push(...response.json.list);
    if (response.json.list.length < 100) return items;
  }
}

beforeAll(async () => {
  const { a, b, ...opened } = await createPolicyTestDatabase();
  handle = opened.handle;
  useDatabaseForTesting(handle);
  // Limits have their own suite (lib/rate-limit); here they would only get in the way of paging.
  useLimiterForTesting(createConfiguredLimiter({ enabled: false }));
  keyA = a.key;
  keyB = b.key;
  for (let i = 0; i < 40; i++) {
    inputs.push(policyInput(i));
    await insertTestPolicy(handle.db, a.broker.id, inputs[i]!);
  }
  const other = await insertTestPolicy(handle.db, b.broker.id, {
    insuredName: "Segurado Exclusivo De Bê",
    insuredIdentity: "29537914000188",
    createdAt: new Date(BASE),
    vigencyStartedAt: new Date(BASE),
  });
  policyOfB = other.policyNumber;
});

afterAll(async () => {
  useDatabaseForTesting(undefined);
  useLimiterForTesting(undefined);
  await handle.close();
});

type Item = Record<string, string>;
const SORT_VALUE: Record<(typeof POLICY_SORT_FIELDS)[number], (item: Item) => string> = {
  producttext: (item) => item.productText!,
  modalitytext: (item) => item.modalityText!,
  createdat: (item) => item.createdAt!,
  status: (item) => item.status!,
  insuredname: (item) => normalizeName(item.insuredName!),
  insuredidentity: (item) => item.insuredIdentity!,
  vigencyexpiredat: (item) => item.vigencyExpiredAt!,
  updatedat: (item) => item.updatedAt!,
};
// Byte order, as the database's "C" collation compares.
const compareText = (a: string, b: string) =>
  Buffer.from(a) < Buffer.from(b) ? -1 : Buffer.from(a) > Buffer.from(b) ? 1 : 0;

describe("GET /api/v1/policy/{registerNumber}/all", () => {
  it("answers the list envelope with the default page size and -createdat order", async () => {
    const response = await listAs(keyA);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ success: true, totalItems: 40, itemsPerPage: 10 });
    expect(response.json.executed).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(response.json.list).toHaveLength(10);
    const created = response.json.list.map((item: Item) => item.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it("returns every documented field, statusText in pt-BR and installments, and nothing else", async () => {
    const response = await listAs(keyA, "itemsPerPage=1");
    const [item] = response.json.list;
    expect(Object.keys(item).sort()).toEqual(
      [
        "identifier",
        "number",
        "policyNumber",
        "status",
        "statusText",
        "insuredName",
        "insuredIdentity",
        "modalityCode",
        "modalityText",
        "productCode",
        "productText",
        "vigencyStartedAt",
        "vigencyExpiredAt",
        "createdAt",
        "updatedAt",
        "quotationIdentifier",
        "version",
        "totalClaims",
        "installments",
        "endorsements",
        "refunds",
      ].sort(),
    );
    expect(item.number).toMatch(/^\d{24}$/);
    expect(item.policyNumber).toMatch(/^\d{13}$/);
    expect({ Issued: "Emitida", Expired: "Expirada", Canceled: "Cancelada" }[item.status as string]).toBe(
      item.statusText,
    );
    expect(item.installments[0]).toMatchObject({
      installmentNumber: 1,
      status: "Pending",
      statusText: "pendente",
      paidAt: null,
    });
    expect(item.version).toBe("01.00");
  });

  for (const field of POLICY_SORT_FIELDS) {
    for (const descending of [false, true]) {
      it(`sorts by ${descending ? "-" : ""}${field} with the identifier as tie-break`, async () => {
        const items: Item[] = await listAll(`sort=${descending ? "-" : ""}${field.toUpperCase()}`);
        expect(items).toHaveLength(40);
        const direction = descending ? -1 : 1;
        for (let i = 1; i < items.length; i++) {
          const order =
            compareText(SORT_VALUE[field](items[i - 1]!), SORT_VALUE[field](items[i]!)) * direction;
          const tie = compareText(items[i - 1]!.identifier!, items[i]!.identifier!) * direction;
          expect(order < 0 || (order === 0 && tie < 0)).toBe(true);
        }
      });
    }
  }

  it("sorts by two fields: status ascending, then createdAt descending", async () => {
    const items: Item[] = await listAll("sort=status,-createdat");
    for (let i = 1; i < items.length; i++) {
      const previous = items[i - 1]!;
      const current = items[i]!;
      const byStatus = compareText(previous.status!, current.status!);
      expect(byStatus <= 0).toBe(true);
      if (byStatus === 0) expect(previous.createdAt! >= current.createdAt!).toBe(true);
    }
  });

  it("pages never overlap or skip, even where the sort key repeats", async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 6; page++) {
      const response = await listAs(keyA, `sort=status&itemsPerPage=7&page=${page}`);
      expect(response.json.totalItems).toBe(40);
      seen.push(...response.json.list.map((item: Item) => item.identifier));
    }
    expect(seen).toHaveLength(40);
    expect(new Set(seen).size).toBe(40);
  });

  it("answers an empty list with the true total for a page past the end", async () => {
    const response = await listAs(keyA, "page=99");
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ totalItems: 40, list: [] });
  });

  it("searches names without accents and case, and CPF/CNPJ digits typed with punctuation", async () => {
    const byName: Item[] = await listAll("search=JOAO");
    expect(byName.length).toBe(inputs.filter((p) => p.insuredName === "João da Silva").length);
    expect(byName.every((item) => item.insuredName === "João da Silva")).toBe(true);
    const byPart: Item[] = await listAll("search=goncal");
    expect(byPart.length).toBeGreaterThan(0);
    expect(byPart.every((item) => item.insuredName === "Ângela Gonçalves")).toBe(true);
    const byCpf: Item[] = await listAll(`search=${encodeURIComponent("529.982.247-25")}`);
    expect(byCpf.length).toBe(inputs.filter((p) => p.insuredIdentity === "52998224725").length);
    const byCnpjPrefix: Item[] = await listAll(`search=${encodeURIComponent("11.222.333/")}`);
    expect(byCnpjPrefix.length).toBeGreaterThan(0);
    expect(byCnpjPrefix.every((item) => item.insuredIdentity === "11222333000181")).toBe(true);
  });

  it("filters by status (any case), modality and product (code or accent-free text)", async () => {
    const expired: Item[] = await listAll("status=expired");
    expect(expired.length).toBe(inputs.filter((p) => p.status === "Expired").length);
    expect(expired.every((item) => item.status === "Expired")).toBe(true);
    const medical: Item[] = await listAll("modality=medico");
    expect(medical.length).toBe(inputs.filter((p) => p.modalityCode === "MEDICAL-CIVIL-LIABILITY").length);
    const dentistByCode: Item[] = await listAll("modality=dentist-civil-liability");
    expect(dentistByCode.every((item) => item.modalityCode === "DENTIST-CIVIL-LIABILITY")).toBe(true);
    expect(dentistByCode.length).toBe(
      inputs.filter((p) => p.modalityCode === "DENTIST-CIVIL-LIABILITY").length,
    );
    const directors: Item[] = await listAll("product=administradores");
    expect(directors.length).toBe(
      inputs.filter((p) => p.modalityCode === "DIRECTORS-OFFICERS-CIVIL-LIABILITY").length,
    );
    const byProductCode: Item[] = await listAll("product=PROFESSIONAL-CIVIL-LIABILITY&status=Issued");
    expect(
      byProductCode.every(
        (item) => item.productCode === "PROFESSIONAL-CIVIL-LIABILITY" && item.status === "Issued",
      ),
    ).toBe(true);
    expect(await listAll("modality=nothing-like-this")).toEqual([]);
  });

  it("filters vigency by São Paulo calendar days and by exact timestamps", async () => {
    // BASE is 2026-01-10 12:00 in São Paulo; policies start at BASE + k*10 days, k = 0..10.
    const fromDay: Item[] = await listAll("startDate=2026-01-20");
    expect(fromDay.length).toBe(
      inputs.filter((p) => p.vigencyStartedAt.getTime() >= BASE + 10 * DAY - 12 * 3600_000).length,
    );
    expect(fromDay.every((item) => item.vigencyStartedAt! >= "2026-01-20T03:00:00.000Z")).toBe(true);
    const untilDay: Item[] = await listAll("endDate=2027-01-10");
    expect(untilDay.length).toBe(inputs.filter((p) => p.vigencyStartedAt.getTime() === BASE).length);
    const fromInstant: Item[] = await listAll(
      `startDate=${encodeURIComponent(new Date(BASE + 100 * DAY).toISOString())}`,
    );
    expect(fromInstant.length).toBe(
      inputs.filter((p) => p.vigencyStartedAt.getTime() >= BASE + 100 * DAY).length,
    );
  });

  it("answers 400 INVALID-FORM-FIELD naming every bad parameter", async () => {
    const cases: [string, string[]][] = [
      ["page=0", ["page"]],
      ["page=abc", ["page"]],
      ["page=1.5", ["page"]],
      ["itemsPerPage=101", ["itemsPerPage"]],
      ["itemsPerPage=0", ["itemsPerPage"]],
      ["sort=premium", ["sort"]],
      ["sort=status,status", ["sort"]],
      ["status=Active", ["status"]],
      ["startDate=2026-13-01", ["startDate"]],
      ["endDate=yesterday", ["endDate"]],
      ["page=-1&sort=x&status=y&startDate=z", ["page", "sort", "status", "startDate"]],
      // NUL and dates whose arithmetic overflows reached PostgreSQL (or JS) and answered 500.
      ["search=%00", ["search"]],
      [
        "search=a%00b&modality=%00&product=x%00&sort=%00&status=Issued%00",
        ["search", "modality", "product", "sort", "status"],
      ],
      ["endDate=9999-12-31", ["endDate"]],
      ["startDate=0000-01-01&endDate=%2B275760-09-13T00:00:00Z", ["startDate", "endDate"]],
    ];
    for (const [query, properties] of cases) {
      const response = await listAs(keyA, query);
      expect(response.status, query).toBe(400);
      expect(response.json.success).toBe(false);
      expect(response.json.errors).toHaveLength(1);
      expect(response.json.errors[0].code).toBe("INVALID-FORM-FIELD");
      expect([...response.json.errors[0].properties].sort()).toEqual([...properties].sort());
    }
  });
});

describe("empty query parameters", () => {
  it("are treated as absent, like search= always was", async () => {
    const empty = "page=&itemsPerPage=&sort=&search=&modality=&product=&startDate=&endDate=&status=";
    const withEmpty = await listAs(keyA, empty);
    expect(withEmpty.status).toBe(200);
    const without = await listAs(keyA);
    expect(withEmpty.json.totalItems).toBe(without.json.totalItems);
    expect(withEmpty.json.itemsPerPage).toBe(10);
    expect(withEmpty.json.list.map((p: { identifier: string }) => p.identifier)).toEqual(
      without.json.list.map((p: { identifier: string }) => p.identifier),
    );
    expect((await listAs(keyA, "status=%20&page=%20")).status).toBe(200);
  });
});

describe("GET /api/v1/policy/{registerNumber}/{policyNumber}", () => {
  async function lookupAs(key: string, policyNumber: string, registerNumber = "100000") {
    return callRoute(lookup.GET, `/api/v1/policy/${registerNumber}/${policyNumber}`, {
      params: { registerNumber, policyNumber },
      headers: keyHeader(key),
    });
  }

  it("finds a policy by its 13-digit policyNumber and by its 24-digit number", async () => {
    const [first] = (await listAs(keyA, "itemsPerPage=1")).json.list;
    const byShort = await lookupAs(keyA, first.policyNumber);
    expect(byShort.status).toBe(200);
    expect(byShort.json.success).toBe(true);
    expect(byShort.json.policy).toEqual(first);
    const byLong = await lookupAs(keyA, first.number);
    expect(byLong.json.policy.identifier).toBe(first.identifier);
  });

  it("answers 404 POLICY-NOT-FOUND for anything that is not one of the broker's policies, after the registerNumber check", async () => {
    for (const number of ["9999999999999", "12ab", "1".repeat(200), "a\u0000b", "\ud800", "%C0"]) {
      const response = await lookupAs(keyA, number);
      expect(response.status, JSON.stringify(number)).toBe(404);
      expect(response.json.errors[0].code).toBe("POLICY-NOT-FOUND");
    }
    const otherBroker = await lookupAs(keyA, "12ab", "200000");
    expect(otherBroker.status).toBe(400);
    expect(otherBroker.json.errors.map((e: { code: string }) => e.code)).toEqual([
      "INCORRECT-OR-NONEXISTENT",
      "TOKEN-ERROR",
    ]);
  });

  it("isolates brokers both ways", async () => {
    const foreignPolicy = await lookupAs(keyA, policyOfB);
    expect(foreignPolicy.status).toBe(404);
    expect(foreignPolicy.json.errors[0].code).toBe("POLICY-NOT-FOUND");
    const ownByB = await lookupAs(keyB, policyOfB, "200000");
    expect(ownByB.status).toBe(200);
    for (const [key, registerNumber] of [
      [keyA, "200000"],
      [keyB, "100000"],
      [keyA, "999999"],
    ] as const) {
      const response = await listAs(key, "", registerNumber);
      expect(response.status).toBe(400);
      expect(response.json.errors.map((e: { code: string }) => e.code)).toEqual([
        "INCORRECT-OR-NONEXISTENT",
        "TOKEN-ERROR",
      ]);
    }
    const listOfB = await listAs(keyB, "itemsPerPage=100", "200000");
    expect(listOfB.json.totalItems).toBe(1);
    expect((await listAll("search=exclusivo")).length).toBe(0);
  });
});

describe("gateway answers", () => {
  it("answers the exact 401 bodies for a missing, an invalid and a revoked-looking key, on both header spellings", async () => {
    const missing = await callRoute(list.GET, listUrl("100000"), { params: { registerNumber: "100000" } });
    expect(missing.status).toBe(401);
    expect(missing.json).toEqual({ statusCode: 401, message: GATEWAY_MESSAGES.missingKey });
    const invalid = await callRoute(list.GET, listUrl("100000"), {
      params: { registerNumber: "100000" },
      headers: { "Ocp-Apim-Subscription-Key": "bpk_live_notarealkeynotarealkeynotarealkeynotareal" },
    });
    expect(invalid.status).toBe(401);
    expect(invalid.json).toEqual({ statusCode: 401, message: GATEWAY_MESSAGES.invalidKey });
    expect(invalid.json.message).toBe(
      "Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.",
    );
    const underscore = await callRoute(list.GET, listUrl("100000"), {
      params: { registerNumber: "100000" },
      headers: { "Ocp-Apim_Subscription-Key": keyA },
    });
    expect(underscore.status).toBe(200);
  });

  it("answers JSON 404 for unknown versions and routes, and JSON 405 for other methods", async () => {
    const version = await callRoute(notFound.GET, "/api/v2/policy/100000/all", {
      params: { version: "v2", rest: ["policy", "100000", "all"] },
    });
    expect(version.status).toBe(404);
    expect(version.json.errors[0].code).toBe("VERSION-NOT-SUPPORTED");
    const route = await callRoute(notFound.POST, "/api/v1/nothing", {
      params: { version: "v1", rest: ["nothing"] },
    });
    expect(route.status).toBe(404);
    expect(route.json.errors[0].code).toBe("ROUTE-NOT-FOUND");
    const method = await callRoute(list.DELETE, listUrl("100000"), {
      method: "DELETE",
      params: { registerNumber: "100000" },
    });
    expect(method.status).toBe(405);
    expect(method.json.errors[0].code).toBe("METHOD-NOT-ALLOWED");
  });
});
