import { expect } from "@playwright/test";
import { GATEWAY_MESSAGES } from "@/lib/http/errors";
import { ApiClient, describeAnswer, expectGateway, rateLimitHeaders, test } from "../support/api";

/**
 * Calls without a valid key: the 401 gateway bodies. The per-address limit on such
 * calls is tested in keyless-limit.last.spec.ts, which runs after every other API test (it leaves
 * keyless calls from this machine refused for a minute).
 */

const KEYED_CALLS = [
  ["GET", "/api/v1/policy/100000/all"],
  ["GET", "/api/v1/policy/100000/1000000000001"],
  ["POST", "/api/v1/quotation/contracting"],
  ["POST", "/api/v1/quotation/proposal"],
  ["POST", "/api/v1/checkout"],
] as const;

test.describe("calls without a valid key", () => {
  test("every keyed endpoint answers 401 with the gateway's missing-key message and the per-address limit headers", async ({
    request,
  }) => {
    const api = new ApiClient(request);
    for (const [method, path] of KEYED_CALLS) {
      const answer = await api.call(method, path, method === "POST" ? { json: {} } : {});
      expectGateway(answer, 401, GATEWAY_MESSAGES.missingKey);
      expect(rateLimitHeaders(answer).limit, describeAnswer(answer)).toBe(100);
    }
  });

  test("an unknown, malformed or revoked-looking key is 401 invalid key; an empty header counts as missing", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request);
    const path = "/api/v1/policy/100000/all";
    for (const key of [`bpk_live_${"x".repeat(40)}`, "not-a-key", keys.policies.slice(0, -1)]) {
      expectGateway(await api.withKey(key).get(path), 401, GATEWAY_MESSAGES.invalidKey);
    }
    const spelled = await api.get(path, { headers: { "Ocp-Apim_Subscription-Key": "wrong" } });
    expectGateway(spelled, 401, GATEWAY_MESSAGES.invalidKey);
    expectGateway(
      await api.get(path, { headers: { "Ocp-Apim-Subscription-Key": "" } }),
      401,
      GATEWAY_MESSAGES.missingKey,
    );
  });
});
