import { expect } from "@playwright/test";
import { addDays, businessDay } from "@/lib/dates";
import { claimListResponseSchema, claimNoticeResultSchema } from "@/lib/schemas/claim";
import { policyListResponseSchema, policyResponseSchema } from "@/lib/schemas/policy";
import { renewalResultSchema } from "@/lib/schemas/renewal";
import { ApiClient, expectApiError, expectSuccess, test } from "../support/api";

/** Claims notice and renewal over HTTP, on the seeded demo policies. */
const CLAIM = "/api/v1/claim";
const RENEWAL = "/api/v1/quotation/renewal";
const today = () => businessDay(new Date());

/** Policies of a broker from the list (the same filters a partner uses). */
async function policiesWhere(api: ApiClient, registerNumber: string, query: string) {
  const answer = await api.get(`/api/v1/policy/${registerNumber}/all?itemsPerPage=100&${query}`);
  return expectSuccess(answer, policyListResponseSchema).list;
}

/** Issued policies ending within the next 60 days: started about a year ago, renewable now. */
const ENDING_SOON = () => `status=Issued&endDate=${addDays(today(), 60)}`;

const claimBody = (policyNumber: string, overrides: Record<string, unknown> = {}) => ({
  registerNumber: "100000",
  policyNumber,
  occurredAt: today(),
  description: "Cliente alega orientação errada sobre a cobertura contratada.",
  claimantName: "Carlos Reclamante",
  estimatedValue: 2500.75,
  ...overrides,
});

test.describe("claims notice", () => {
  test("notices a claim: 12-digit protocol, listed on the policy, counted in totalClaims", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.claims);
    const [policy] = await policiesWhere(api, "100000", `${ENDING_SOON()}&sort=-createdat`);
    expect(policy, "a seeded Issued policy ending within 60 days").toBeDefined();
    const before = policy!.totalClaims;

    const { item } = expectSuccess(
      await api.post(CLAIM, claimBody(policy!.policyNumber)),
      claimNoticeResultSchema,
    );
    expect(item.protocol).toMatch(/^\d{12}$/);
    expect(item.status).toBe("Open");

    const list = expectSuccess(
      await api.get(`${CLAIM}/100000/${policy!.policyNumber}?itemsPerPage=100`),
      claimListResponseSchema,
    );
    expect(list.totalItems).toBe(before + 1);
    expect(list.list[0]).toMatchObject({
      protocol: item.protocol,
      status: "Open",
      statusText: "Aberto",
      estimatedValue: 2500.75,
      claimantName: "Carlos Reclamante",
    });
    const lookup = expectSuccess(
      await api.get(`/api/v1/policy/100000/${policy!.policyNumber}`),
      policyResponseSchema,
    );
    expect(lookup.policy.totalClaims).toBe(before + 1);

    const page = expectSuccess(
      await api.get(`${CLAIM}/100000/${policy!.policyNumber}?itemsPerPage=1&page=${before + 5}`),
      claimListResponseSchema,
    );
    expect(page).toEqual({ totalItems: before + 1, itemsPerPage: 1, list: [] });
  });

  test("refuses each rule with its documented error", async ({ request, keys }) => {
    const api = new ApiClient(request, keys.claims);
    const [issued] = await policiesWhere(api, "100000", `${ENDING_SOON()}&sort=insuredname`);
    const [canceled] = await policiesWhere(api, "100000", "status=Canceled");

    expectApiError(
      await api.post(CLAIM, {
        registerNumber: "100000",
        policyNumber: issued!.policyNumber,
        occurredAt: "ontem",
        estimatedValue: 1.001,
      }),
      400,
      ["INVALID-FORM-FIELD"],
      ["occurredAt", "description", "claimantName", "estimatedValue"],
    );
    expectApiError(
      await api.post(CLAIM, claimBody("9999999999999")),
      404,
      ["POLICY-NOT-FOUND"],
      ["policyNumber"],
    );
    expectApiError(
      await api.post(CLAIM, claimBody(canceled!.policyNumber)),
      400,
      ["POLICY-NOT-ACTIVE"],
      ["policyNumber"],
    );
    expectApiError(
      await api.post(CLAIM, claimBody(issued!.policyNumber, { occurredAt: addDays(today(), 1) })),
      400,
      ["OCCURRENCE-OUTSIDE-VIGENCY"],
      ["occurredAt"],
    );
    expectApiError(
      await api.post(
        CLAIM,
        claimBody(issued!.policyNumber, { occurredAt: addDays(issued!.vigencyStartedAt.slice(0, 10), -2) }),
      ),
      400,
      ["OCCURRENCE-OUTSIDE-VIGENCY"],
      ["occurredAt"],
    );
  });

  test("another broker's policy answers exactly like an unknown one", async ({ request, keys }) => {
    const other = new ApiClient(request, keys.otherBroker);
    const [foreign] = await policiesWhere(other, "200000", "status=Issued");
    const api = new ApiClient(request, keys.claims);
    const notice = await api.post(CLAIM, claimBody(foreign!.policyNumber));
    const unknown = await api.post(CLAIM, claimBody("9999999999999"));
    expectApiError(notice, 404, ["POLICY-NOT-FOUND"]);
    expect({ ...notice.json, executed: "" }).toEqual({ ...unknown.json, executed: "" });
    const list = await api.get(`${CLAIM}/100000/${foreign!.policyNumber}`);
    expectApiError(list, 404, ["POLICY-NOT-FOUND"]);
    expectApiError(await api.get(`${CLAIM}/200000/${foreign!.policyNumber}`), 400, [
      "INCORRECT-OR-NONEXISTENT",
      "TOKEN-ERROR",
    ]);
  });
});

test.describe("renewal", () => {
  test("renews a policy in its window once: pre-filled quotation linked to the policy", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.renewals);
    const candidates = await policiesWhere(api, "100000", `${ENDING_SOON()}&sort=-insuredname`);
    const policy = candidates[0]!;
    const { item } = expectSuccess(
      await api.post(RENEWAL, {
        registerNumber: "100000",
        policyNumber: policy.policyNumber,
        answers: [{ code: "INSURED-EMAIL", answer: "renovacao@example.com" }],
      }),
      renewalResultSchema,
    );
    expect(item.status).toBe("Draft");
    expect(item.previousPolicyNumber).toBe(policy.policyNumber);
    expect(item.pricing.length).toBeGreaterThan(0);
    expectApiError(
      await api.post(RENEWAL, { registerNumber: "100000", policyNumber: policy.policyNumber }),
      400,
      ["RENEWAL-ALREADY-EXISTS"],
    );
  });

  test("refuses a policy outside the window, a canceled one and another broker's", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.renewals);
    const [far] = await policiesWhere(api, "100000", `status=Issued&startDate=${addDays(today(), -200)}`);
    expectApiError(
      await api.post(RENEWAL, { registerNumber: "100000", policyNumber: far!.policyNumber }),
      400,
      ["RENEWAL-NOT-AVAILABLE"],
      ["policyNumber"],
    );
    const [canceled] = await policiesWhere(api, "100000", "status=Canceled");
    expectApiError(
      await api.post(RENEWAL, { registerNumber: "100000", policyNumber: canceled!.policyNumber }),
      400,
      ["RENEWAL-NOT-AVAILABLE"],
    );
    const [foreign] = await policiesWhere(new ApiClient(request, keys.otherBroker), "200000", ENDING_SOON());
    const foreignAnswer = await api.post(RENEWAL, {
      registerNumber: "100000",
      policyNumber: foreign!.policyNumber,
    });
    const unknown = await api.post(RENEWAL, { registerNumber: "100000", policyNumber: "9999999999999" });
    expectApiError(foreignAnswer, 404, ["POLICY-NOT-FOUND"], ["policyNumber"]);
    expect({ ...foreignAnswer.json, executed: "" }).toEqual({ ...unknown.json, executed: "" });
  });

  test("the OpenAPI document lists the three endpoints", async ({ request }) => {
    const document = await (await request.get("/api/openapi.json")).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/{version}/claim",
        "/v1/claim/{registerNumber}/{policyNumber}",
        "/{version}/quotation/renewal",
      ]),
    );
    expect(document.paths["/{version}/claim"].post.responses["400"].description).toContain(
      "OCCURRENCE-OUTSIDE-VIGENCY",
    );
  });
});
