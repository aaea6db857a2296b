import { expect } from "@playwright/test";
import { POLICY_STATUSES } from "@/db/schema/policies";
import { policyListResponseSchema, policyResponseSchema } from "@/lib/schemas/policy";
import {
  ApiClient,
  describeAnswer,
  expectApiError,
  expectPdfWithoutKey,
  expectSuccess,
  rateLimitHeaders,
  test,
} from "../support/api";
import { normalizeName } from "../support/policies";

/** Policy lookup and list (README "The API") over HTTP. */
const LIST = "/api/v1/policy/100000/all";

function listOf(answer: Parameters<typeof expectSuccess>[0]) {
  return expectSuccess(answer, policyListResponseSchema);
}

test.describe("policy list", () => {
  test("default page: 10 newest policies of the broker, documented fields only, RateLimit headers", async ({
    request,
    keys,
  }) => {
    const answer = await new ApiClient(request, keys.policies).get(LIST);
    const body = listOf(answer);
    expect(body.itemsPerPage).toBe(10);
    expect(body.totalItems).toBeGreaterThanOrEqual(300);
    expect(body.list).toHaveLength(10);
    const created = body.list.map((policy) => Date.parse(policy.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    for (const policy of body.list) {
      expect(policy.policyNumber).toMatch(/^\d{13}$/);
      expect(policy.number).toMatch(/^\d{24}$/);
      expect(POLICY_STATUSES).toContain(policy.status);
      expect(policy.installments.length).toBeGreaterThan(0);
    }
    const limits = rateLimitHeaders(answer);
    expect(limits.limit, describeAnswer(answer)).toBe(10);
    expect(limits.remaining).toBeLessThan(10);
    expect(limits.reset).toBeGreaterThanOrEqual(1);
    expect(limits.reset).toBeLessThanOrEqual(20);
  });

  test("pages do not overlap, and a page past the end is empty with the true total", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.policies);
    const first = listOf(await api.get(`${LIST}?page=1&itemsPerPage=5&sort=insuredname`));
    const second = listOf(await api.get(`${LIST}?page=2&itemsPerPage=5&sort=insuredname`));
    expect(first.list).toHaveLength(5);
    expect(second.itemsPerPage).toBe(5);
    const ids = new Set(first.list.map((policy) => policy.identifier));
    expect(second.list.filter((policy) => ids.has(policy.identifier))).toEqual([]);
    const names = [...first.list, ...second.list].map((policy) => normalizeName(policy.insuredName));
    expect(names).toEqual([...names].sort());

    const lastPage = Math.ceil(first.totalItems / 100);
    const past = listOf(await api.get(`${LIST}?page=${lastPage + 1}&itemsPerPage=100`));
    expect(past.list).toEqual([]);
    expect(past.totalItems).toBe(first.totalItems);
  });

  test("filters: status (any case), modality text, name search, identity prefix, vigency dates", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.filters);
    const expired = listOf(await api.get(`${LIST}?status=expired&itemsPerPage=50`));
    expect(expired.totalItems).toBeGreaterThan(0);
    expect(new Set(expired.list.map((policy) => policy.status))).toEqual(new Set(["Expired"]));

    const medical = listOf(await api.get(`${LIST}?modality=medico&itemsPerPage=50`));
    expect(medical.totalItems).toBeGreaterThan(0);
    expect(new Set(medical.list.map((policy) => policy.modalityCode))).toEqual(
      new Set(["MEDICAL-CIVIL-LIABILITY"]),
    );

    const sample = expired.list[0]!;
    const word = sample.insuredName.split(" ").find((part) => part.length >= 4)!;
    const byName = listOf(
      await api.get(`${LIST}?search=${encodeURIComponent(word.toUpperCase())}&itemsPerPage=100`),
    );
    if (byName.totalItems <= 100) {
      expect(byName.list.map((policy) => policy.identifier)).toContain(sample.identifier);
    }
    for (const policy of byName.list) {
      expect(normalizeName(policy.insuredName)).toContain(normalizeName(word));
    }

    const prefix = sample.insuredIdentity.slice(0, 6);
    const punctuated = `${prefix.slice(0, 3)}.${prefix.slice(3)}`;
    const byIdentity = listOf(await api.get(`${LIST}?search=${encodeURIComponent(punctuated)}`));
    expect(byIdentity.totalItems).toBeGreaterThan(0);
    for (const policy of byIdentity.list) expect(policy.insuredIdentity.startsWith(prefix)).toBe(true);

    const dated = listOf(await api.get(`${LIST}?startDate=2027-01-01&endDate=2028-06-30&itemsPerPage=50`));
    for (const policy of dated.list) {
      // Bare dates are São Paulo days (UTC−3).
      expect(Date.parse(policy.vigencyStartedAt)).toBeGreaterThanOrEqual(Date.parse("2027-01-01T03:00:00Z"));
      expect(Date.parse(policy.vigencyExpiredAt)).toBeLessThan(Date.parse("2028-07-01T03:00:00Z"));
    }
  });

  test("bad parameters are 400 INVALID-FORM-FIELD naming each one", async ({ request, keys }) => {
    const api = new ApiClient(request, keys.filters);
    expectApiError(await api.get(`${LIST}?sort=price`), 400, ["INVALID-FORM-FIELD"], ["sort"]);
    expectApiError(await api.get(`${LIST}?status=Active`), 400, ["INVALID-FORM-FIELD"], ["status"]);
    expectApiError(
      await api.get(`${LIST}?page=0&itemsPerPage=101&startDate=yesterday&endDate=2027-02-30&sort=-createdat`),
      400,
      ["INVALID-FORM-FIELD"],
      (properties) => expect(properties.sort()).toEqual(["endDate", "itemsPerPage", "page", "startDate"]),
    );
  });
});

test.describe("policy lookup", () => {
  test("by the 13-digit policyNumber and by the 24-digit number: the list's policy", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.policies);
    const listed = listOf(await api.get(`${LIST}?itemsPerPage=1&status=Issued`)).list[0]!;
    const byPolicyNumber = expectSuccess(
      await api.get(`/api/v1/policy/100000/${listed.policyNumber}`),
      policyResponseSchema,
    ).policy;
    // The same policy, but for the modality's name: the insurer's lookup calls a bike "Bicicletas"
    // where its list says "Bike" (the other products name it alike in both).
    expect({ ...byPolicyNumber, modalityText: listed.modalityText }).toEqual(listed);
    expect(byPolicyNumber.modalityText).toBe(
      listed.modalityCode === "BIKE-MULTIPLE-PERIL" ? "Bicicletas" : listed.modalityText,
    );
    const answer = await api.get(`/api/v1/policy/100000/${listed.number}`);
    expect(expectSuccess(answer, policyResponseSchema).policy.identifier).toBe(listed.identifier);
    expect(rateLimitHeaders(answer).limit, describeAnswer(answer)).toBe(20);
  });

  test("an unknown policy number is 404 POLICY-NOT-FOUND", async ({ request, keys }) => {
    const api = new ApiClient(request, keys.policies);
    expectApiError(await api.get("/api/v1/policy/100000/9999999999999"), 404, ["POLICY-NOT-FOUND"]);
    expectApiError(await api.get(`/api/v1/policy/100000/${"9".repeat(24)}`), 404, ["POLICY-NOT-FOUND"]);
  });

  test("the policy's document links download PDFs without the key", async ({ request, keys }) => {
    const api = new ApiClient(request, keys.policies);
    const listed = listOf(await api.get(`${LIST}?itemsPerPage=5`)).list;
    const withBoleto = listed.find((policy) => policy.TicketUrl) ?? listed[0]!;
    await expectPdfWithoutKey(request, withBoleto.quotationDocumentUrl);
    if (withBoleto.TicketUrl) await expectPdfWithoutKey(request, withBoleto.TicketUrl);
  });
});
