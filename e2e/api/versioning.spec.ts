import { expect } from "@playwright/test";
import { startCheckoutEndpoint } from "@/lib/checkout/endpoint";
import { quotationReadResponseSchema } from "@/lib/schemas/quotation-read";
import { ApiClient, describeAnswer, expectSuccess, test } from "../support/api";
import { quotationReadyForCheckout, uniqueInsuredName } from "../support/api-flows";

/**
 * One version number wherever a partner reads it, the checkout's Location, and the usage report's
 * time zone and quota reset, over HTTP on the build.
 */
test("the OpenAPI document, /api/health and /docs give the same version, in the changelog's form", async ({
  request,
  page,
}) => {
  const document = await (await request.get("/api/openapi.json")).json();
  const health = await (await request.get("/api/health")).json();
  expect(document.info.version).toMatch(/^\d+\.\d+\.\d+$/);
  expect(health.version).toBe(document.info.version);
  await page.goto("/docs");
  await expect(page.getByTestId("api-version")).toHaveText(document.info.version);
});

test("the checkout's 200 keeps its body and adds Location: the quotation lookup, which answers", async ({
  request,
  keys,
}) => {
  const api = new ApiClient(request, keys.versioning);
  const { quotation } = await quotationReadyForCheckout(api, "100000", {
    method: "TICKET",
    name: uniqueInsuredName("Contrato Location"),
  });
  const answer = await api.post("/api/v1/checkout", {
    registerNumber: "100000",
    quotationIdentifier: quotation.quotationIdentifier,
  });
  expectSuccess(answer, startCheckoutEndpoint.response);
  expect(Object.keys(answer.json).sort()).toEqual(["executed", "success"]);
  const location = answer.headers.location;
  expect(location, describeAnswer(answer)).toMatch(
    new RegExp(`^https?://[^/]+/api/v1/quotation/100000/${quotation.quotationIdentifier}$`),
  );
  const lookup = await api.get(new URL(location!).pathname);
  const item = expectSuccess(lookup, quotationReadResponseSchema).item;
  expect(item.quotationIdentifier).toBe(quotation.quotationIdentifier);
});

test("the usage report names its days' time zone and when the quota starts again", async ({
  request,
  keys,
}) => {
  const api = new ApiClient(request, keys.versioning);
  const answer = await api.get("/api/v1/metrics");
  expect(answer.status, describeAnswer(answer)).toBe(200);
  expect(answer.json.timeZone).toBe("America/Sao_Paulo");
  const reset = new Date(answer.json.quotaResetsAt);
  const nextUtcMidnight = new Date();
  nextUtcMidnight.setUTCHours(24, 0, 0, 0);
  expect(Math.abs(reset.getTime() - nextUtcMidnight.getTime())).toBeLessThanOrEqual(60_000);
  expect(reset.toISOString()).toMatch(/T00:00:00\.000Z$/);
});
