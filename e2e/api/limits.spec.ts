import { expect } from "@playwright/test";
import { policyListResponseSchema } from "@/lib/schemas/policy";
import {
  type ApiAnswer,
  ApiClient,
  awayFromWindowEdge,
  describeAnswer,
  expectGateway,
  expectSuccess,
  rateLimitHeaders,
  retryAfter,
  test,
} from "../support/api";

/**
 * The gateway's 403 and 429 (docs/limits.md) on keys made for them: daily quota 3,
 * and fresh keys for the list window (10 per 20 s), the lookup window (20 per 20 s) and the
 * all-calls window (100 per 60 s).
 */
const WINDOW_MESSAGE = /^Rate limit is exceeded\. Try again in (\d+) seconds\.$/;
const QUOTA_MESSAGE = /^Out of call volume quota\. Quota will be replenished in (\d{2}):(\d{2}):(\d{2})\.$/;

function countStatuses(answers: ApiAnswer[]) {
  const counts: Record<number, number> = {};
  for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
  return counts;
}

/** Every answer that is not one of the expected statuses, with its body (for the failure message). */
function unexpected(answers: ApiAnswer[], statuses: number[]) {
  return answers.filter((a) => !statuses.includes(a.status)).map(describeAnswer);
}

function expectWindowRefusal(answer: ApiAnswer, limit: number, windowSeconds: number) {
  expectGateway(answer, 429, WINDOW_MESSAGE);
  const seconds = Number(WINDOW_MESSAGE.exec(answer.json.message)![1]);
  expect(seconds, describeAnswer(answer)).toBeGreaterThanOrEqual(1);
  expect(seconds, describeAnswer(answer)).toBeLessThanOrEqual(windowSeconds);
  expect(retryAfter(answer)).toBe(seconds);
  expect(rateLimitHeaders(answer), describeAnswer(answer)).toEqual({ limit, remaining: 0, reset: seconds });
}

test.describe("daily quota", () => {
  test("a key with quota 3: three calls pass, the fourth is 403 with the time to 00:00 UTC", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.quota);
    for (const remaining of [2, 1, 0]) {
      const answer = await api.get("/api/v1/policy/100000/all?itemsPerPage=1", { noRetry: true });
      expectSuccess(answer, policyListResponseSchema);
      expect(rateLimitHeaders(answer), describeAnswer(answer)).toMatchObject({ limit: 3, remaining });
    }
    const refused = await api.get("/api/v1/policy/100000/all?itemsPerPage=1", { noRetry: true });
    expectGateway(refused, 403, QUOTA_MESSAGE);
    const [, hh, mm, ss] = QUOTA_MESSAGE.exec(refused.json.message)!.map(Number) as number[];
    const seconds = hh! * 3600 + mm! * 60 + ss!;
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    expect(
      Math.abs(seconds - (midnight.getTime() - Date.now()) / 1000),
      describeAnswer(refused),
    ).toBeLessThan(5);
    expect(retryAfter(refused)).toBe(seconds);
    expect(rateLimitHeaders(refused)).toEqual({ limit: 3, remaining: 0, reset: seconds });

    // The quota covers every endpoint of the key.
    const checkout = await api.post("/api/v1/checkout", {}, { noRetry: true });
    expectGateway(checkout, 403, QUOTA_MESSAGE);
  });
});

test.describe("window limits", () => {
  test("15 parallel list calls on a fresh key: exactly 10 pass and 5 are 429 with Retry-After", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.listBurst);
    await awayFromWindowEdge(20_000, 8_000);
    const answers = await Promise.all(
      Array.from({ length: 15 }, () =>
        api.get("/api/v1/policy/100000/all?itemsPerPage=1", { noRetry: true }),
      ),
    );
    expect(unexpected(answers, [200, 429])).toEqual([]);
    expect(countStatuses(answers)).toEqual({ 200: 10, 429: 5 });
    const passed = answers.filter((a) => a.status === 200);
    for (const answer of passed) expectSuccess(answer, policyListResponseSchema);
    // Each passing call saw its own place in the window: 9 down to 0 left, once each.
    expect(passed.map((a) => rateLimitHeaders(a).remaining).sort((x, y) => x - y)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    for (const answer of answers.filter((a) => a.status === 429)) expectWindowRefusal(answer, 10, 20);
  });

  test("21 parallel lookups on a fresh key: exactly 20 answered and 1 is 429", async ({ request, keys }) => {
    const api = new ApiClient(request, keys.lookupBurst);
    await awayFromWindowEdge(20_000, 8_000);
    const answers = await Promise.all(
      Array.from({ length: 21 }, () => api.get("/api/v1/policy/100000/9999999999999", { noRetry: true })),
    );
    expect(unexpected(answers, [404, 429])).toEqual([]);
    expect(countStatuses(answers)).toEqual({ 404: 20, 429: 1 });
    expectWindowRefusal(answers.find((a) => a.status === 429)!, 20, 20);
  });

  test("the all-calls window: the 101st call within a minute is 429 with RateLimit-Limit 100", async ({
    request,
    keys,
  }) => {
    // Checkout has no window of its own: only the quota and the all-calls window count it.
    const api = new ApiClient(request, keys.allCalls);
    await awayFromWindowEdge(60_000, 25_000);
    const answers: ApiAnswer[] = [];
    for (let batch = 0; batch < 5; batch++) {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 20 }, () => api.post("/api/v1/checkout", {}, { noRetry: true })),
        )),
      );
    }
    expect(unexpected(answers, [400])).toEqual([]);
    expect(rateLimitHeaders(answers.at(-1)!).limit).toBe(100);
    const refused = await api.post("/api/v1/checkout", {}, { noRetry: true });
    expectWindowRefusal(refused, 100, 60);
  });
});
