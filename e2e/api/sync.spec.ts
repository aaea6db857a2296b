import { randomUUID } from "node:crypto";
import { expect } from "@playwright/test";
import { ENDPOINTS } from "@/lib/api/endpoints";
import { startCheckoutEndpoint } from "@/lib/checkout/endpoint";
import { addDays, businessDay } from "@/lib/dates";
import { policyListResponseSchema, policyResponseSchema } from "@/lib/schemas/policy";
import { quotationListResponseSchema, quotationReadResponseSchema } from "@/lib/schemas/quotation-read";
import { renewalResultSchema } from "@/lib/schemas/renewal";
import { ApiClient, describeAnswer, expectApiError, expectSuccess, ISO_INSTANT, test } from "../support/api";
import { quotationReadyForCheckout, uniqueInsuredName, waitForIssuedPolicy } from "../support/api-flows";

/** Partner sync over HTTP: strict query parameters, updatedAt / updatedFrom, and the renewal links. */
const SAMPLE_PARAMS: Record<string, string> = {
  version: "v1",
  registerNumber: "100000",
  policyNumber: "1000000000001",
  operationCode: "unknown-operation",
};

const sampleValue = (name: string) =>
  SAMPLE_PARAMS[name] ?? (name.endsWith("Identifier") ? randomUUID() : "x");

test.describe("strict query parameters", () => {
  test("every read of the registry refuses an unknown parameter, naming it", async ({ request, keys }) => {
    const api = new ApiClient(request, keys.sync);
    const reads = ENDPOINTS.filter((endpoint) => endpoint.method === "GET");
    expect(reads.length).toBeGreaterThan(3);
    for (const endpoint of reads) {
      const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => sampleValue(name));
      const answer = await api
        .withKey(endpoint.auth === "key" ? keys.sync : undefined)
        .get(`/api${path}?stauts=Canceled`);
      const [error] = expectApiError(answer, 400, ["INVALID-FORM-FIELD"], ["stauts"]);
      expect(error!.message, describeAnswer(answer)).toContain('"stauts"');
    }
  });

  test("a misspelt filter never widens the policy list; the documented ones still work", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.sync);
    expectApiError(
      await api.get("/api/v1/policy/100000/all?stauts=Canceled&Status=Canceled"),
      400,
      ["INVALID-FORM-FIELD"],
      ["stauts", "Status"],
    );
    const canceled = expectSuccess(
      await api.get(
        "/api/v1/policy/100000/all?page=1&itemsPerPage=5&sort=producttext,-createdat&status=canceled",
      ),
      policyListResponseSchema,
    );
    expect(canceled.list.every((policy) => policy.status === "Canceled")).toBe(true);
  });
});

test.describe("updatedAt and updatedFrom", () => {
  test("a paid installment moves the policy's updatedAt, and updatedFrom finds it", async ({
    request,
    keys,
  }) => {
    test.setTimeout(120_000);
    const api = new ApiClient(request, keys.sync);
    const name = uniqueInsuredName("Contrato Sync");
    const { quotation } = await quotationReadyForCheckout(api, "100000", {
      method: "TICKET",
      installments: 2,
      name,
    });
    expectSuccess(
      await api.post("/api/v1/checkout", {
        registerNumber: "100000",
        quotationIdentifier: quotation.quotationIdentifier,
      }),
      startCheckoutEndpoint.response,
    );
    const issued = await waitForIssuedPolicy(api, "100000", name);
    expect(issued.updatedAt).toMatch(ISO_INSTANT);
    const lookup = async () =>
      expectSuccess(await api.get(`/api/v1/policy/100000/${issued.policyNumber}`), policyResponseSchema)
        .policy;
    const before = (await lookup()).updatedAt;

    expectSuccess(
      await api.post("/api/v1/sandbox/installment/pay", {
        registerNumber: "100000",
        policyNumber: issued.policyNumber,
        installmentNumber: 1,
      }),
      policyResponseSchema,
    );
    const paid = await lookup();
    expect(paid.installments[0]!.status).toBe("Paid");
    expect(paid.updatedAt > before).toBe(true);

    const since = (from: string) =>
      api.get(
        `/api/v1/policy/100000/all?search=${encodeURIComponent(name)}&updatedFrom=${encodeURIComponent(from)}`,
      );
    expect(expectSuccess(await since(paid.updatedAt), policyListResponseSchema).list).toEqual([
      expect.objectContaining({ policyNumber: issued.policyNumber, updatedAt: paid.updatedAt }),
    ]);
    const later = new Date(Date.parse(paid.updatedAt) + 1).toISOString();
    expect(expectSuccess(await since(later), policyListResponseSchema).totalItems).toBe(0);
    expectApiError(await since("not-a-date"), 400, ["INVALID-FORM-FIELD"], ["updatedFrom"]);

    // The quotation the policy came from: updatedAt on the lookup and the list, and its filter.
    const item = expectSuccess(
      await api.get(`/api/v1/quotation/100000/${quotation.quotationIdentifier}`),
      quotationReadResponseSchema,
    ).item;
    expect(item.status).toBe("Finished");
    expect(item.updatedAt).toMatch(ISO_INSTANT);
    const quotations = expectSuccess(
      await api.get(
        `/api/v1/quotation/100000/all?search=${encodeURIComponent(name)}&updatedFrom=${encodeURIComponent(item.updatedAt)}`,
      ),
      quotationListResponseSchema,
    );
    expect(quotations.list.map((q) => [q.quotationIdentifier, q.updatedAt])).toEqual([
      [item.quotationIdentifier, item.updatedAt],
    ]);
  });
});

test.describe("renewal links", () => {
  test("RENEWAL-ALREADY-EXISTS names the live renewal, and the quotation list finds it by previousPolicyNumber", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.sync);
    const today = businessDay(new Date());
    const candidates = expectSuccess(
      await api.get(
        `/api/v1/policy/100000/all?status=Issued&renewal=none&endDate=${addDays(today, 60)}&sort=insuredname&itemsPerPage=20`,
      ),
      policyListResponseSchema,
    ).list;
    // Another spec renews the last of these by name; this one takes a policy from the other end.
    const policy = candidates[0]!;
    const renewed = await api.post("/api/v1/quotation/renewal", {
      registerNumber: "100000",
      policyNumber: policy.policyNumber,
    });
    const { item } = expectSuccess(renewed, renewalResultSchema);

    const again = await api.post("/api/v1/quotation/renewal", {
      registerNumber: "100000",
      policyNumber: policy.policyNumber,
    });
    const [error] = expectApiError(again, 400, ["RENEWAL-ALREADY-EXISTS"]);
    expect(error!.message).toBe(
      `Policy ${policy.policyNumber} already has a live renewal: quotation ${item.quotationIdentifier}.`,
    );

    const linked = expectSuccess(
      await api.get(`/api/v1/quotation/100000/all?previousPolicyNumber=${policy.policyNumber}`),
      quotationListResponseSchema,
    );
    expect(linked.list.map((q) => q.quotationIdentifier)).toContain(item.quotationIdentifier);
    expect(linked.list.every((q) => q.previousPolicyNumber === policy.policyNumber)).toBe(true);
    expectApiError(
      await api.get("/api/v1/quotation/100000/all?previousPolicyNumber=12"),
      400,
      ["INVALID-FORM-FIELD"],
      ["previousPolicyNumber"],
    );
  });
});
