import { randomUUID } from "node:crypto";
import { expect } from "@playwright/test";
import { policyListResponseSchema } from "@/lib/schemas/policy";
import { quotationListResponseSchema, quotationReadResponseSchema } from "@/lib/schemas/quotation-read";
import {
  ApiClient,
  awayFromWindowEdge,
  describeAnswer,
  expectApiError,
  expectGateway,
  expectSuccess,
  rateLimitHeaders,
  retryAfter,
  test,
} from "../support/api";
import { createQuotation, quotationReadyForCheckout, uniqueInsuredName } from "../support/api-flows";

/**
 * The quotation reads over real HTTP: a partner follows a quotation from creation
 * to its issued policy by lookup, lists its quotations, and learns nothing of another broker's.
 */
test.describe("quotation lookup and list", () => {
  test("a boleto quotation followed by lookup from Draft to its issued policy", async ({ request, keys }) => {
    const api = new ApiClient(request, keys.quotationReads);
    const name = uniqueInsuredName("Leitura Cotação");
    const { quotation, proposal } = await quotationReadyForCheckout(api, "100000", {
      method: "TICKET",
      name,
    });
    const path = `/api/v1/quotation/100000/${quotation.quotationIdentifier}`;

    const draft = expectSuccess(await api.get(path), quotationReadResponseSchema).item;
    expect(draft).toMatchObject({
      status: "Draft",
      statusText: "Rascunho",
      insuredName: name,
      checkout: null,
    });
    expect(draft.pricing).toEqual(quotation.pricing);
    expect(draft.proposal?.number).toBe(proposal.proposal.number);
    expect(new Date(draft.expiresAt).getTime()).toBeGreaterThan(Date.now());

    const checkout = await api.post("/api/v1/checkout", {
      registerNumber: "100000",
      quotationIdentifier: quotation.quotationIdentifier,
    });
    expect(checkout.status, describeAnswer(checkout)).toBe(200);
    await expect
      .poll(async () => (await api.get(path)).json?.item?.checkout?.status, {
        timeout: 30_000,
        intervals: [500, 1_000, 2_000],
      })
      .toBe("Issued");
    const issued = expectSuccess(await api.get(path), quotationReadResponseSchema).item;
    expect(issued).toMatchObject({ status: "Finished", statusText: "Finalizada" });
    expect(issued.checkout).toMatchObject({ statusText: "Emitida", paymentMethod: "TICKET", card: null });
    expect(issued.policy?.policyNumber).toMatch(/^\d{13}$/);

    const policies = expectSuccess(
      await api.get(`/api/v1/policy/100000/all?quotationIdentifier=${quotation.quotationIdentifier}`),
      policyListResponseSchema,
    );
    expect(policies.totalItems).toBe(1);
    expect(policies.list[0]!.policyNumber).toBe(issued.policy!.policyNumber);

    const listed = expectSuccess(
      await api.get(`/api/v1/quotation/100000/all?search=${encodeURIComponent(name)}&status=finished`),
      quotationListResponseSchema,
    );
    expect(listed.totalItems).toBe(1);
    expect(listed.list[0]).toMatchObject({
      quotationIdentifier: quotation.quotationIdentifier,
      policy: { policyNumber: issued.policy!.policyNumber },
    });
    expect(listed.list[0]!.totalValue).toBeGreaterThan(0);
    expect(listed.list[0]).not.toHaveProperty("pricing");
  });

  test("another broker's quotation answers exactly like a random id, on the lookup and in the list", async ({
    request,
    keys,
  }) => {
    const other = new ApiClient(request, keys.otherBroker);
    const name = uniqueInsuredName("Cotação Alheia");
    const { item } = await createQuotation(other, "200000", { name });
    const api = new ApiClient(request, keys.quotationReads);
    const foreign = await api.get(`/api/v1/quotation/100000/${item.quotationIdentifier}`);
    const random = await api.get(`/api/v1/quotation/100000/${randomUUID()}`);
    for (const answer of [foreign, random]) expectApiError(answer, 400, ["QUOTATION-NOT-FOUND"]);
    expect({ ...foreign.json, executed: "" }).toEqual({ ...random.json, executed: "" });
    const listed = await api.get(`/api/v1/quotation/100000/all?search=${encodeURIComponent(name)}`);
    expect(expectSuccess(listed, quotationListResponseSchema).totalItems).toBe(0);
    expectApiError(
      await api.get("/api/v1/quotation/100000/all?sort=premium"),
      400,
      ["INVALID-FORM-FIELD"],
      ["sort"],
    );
  });

  test("the lookup's own window: 20 calls per 20 s, then 429 with Retry-After", async ({ request, keys }) => {
    const api = new ApiClient(request, keys.quotationLookupBurst);
    const path = `/api/v1/quotation/100000/${randomUUID()}`;
    await awayFromWindowEdge(20_000, 8_000);
    const answers = await Promise.all(Array.from({ length: 22 }, () => api.get(path, { noRetry: true })));
    expect(answers.filter((a) => a.status === 400)).toHaveLength(20);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(2);
    expectGateway(refused[0]!, 429, /^Rate limit is exceeded\. Try again in \d+ seconds\.$/);
    expect(retryAfter(refused[0]!)).toBeGreaterThanOrEqual(1);
    expect(rateLimitHeaders(refused[0]!).limit).toBe(20);
    // The list has its own counter.
    expect((await api.get("/api/v1/quotation/100000/all", { noRetry: true })).status).toBe(200);
  });
});
