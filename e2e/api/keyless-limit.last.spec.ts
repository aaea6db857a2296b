import { expect, test } from "@playwright/test";
import {
  type ApiAnswer,
  ApiClient,
  expectGateway,
  expectStatus,
  rateLimitHeaders,
  retryAfter,
} from "../support/api";

/**
 * Calls without a valid key are limited per client address, 100 per 60 s. Project
 * `api-last` runs this file after every other API test: it leaves keyless calls from this machine
 * refused for a minute. Each test tolerates the other having spent the address's window first.
 */
const LIST = "/api/v1/policy/100000/all";
const WINDOW_MESSAGE = /^Rate limit is exceeded\. Try again in (\d+) seconds\.$/;

/** Sends keyless calls in parallel batches of 10 until one is refused (at most 110 calls). */
async function callUntilRefused(send: () => Promise<ApiAnswer>) {
  const statuses: number[] = [];
  let refused: ApiAnswer | undefined;
  for (let batch = 0; batch < 11 && !refused; batch++) {
    const answers = await Promise.all(Array.from({ length: 10 }, send));
    for (const answer of answers) {
      statuses.push(answer.status);
      // Only 401 (not yet limited) or 429 are acceptable; anything else fails with its body.
      if (answer.status !== 429) expectStatus(answer, 401);
      else refused ??= answer;
    }
  }
  return { statuses, refused };
}

function expectWindowRefusal(refused: ApiAnswer) {
  expectGateway(refused, 429, WINDOW_MESSAGE);
  const seconds = Number(WINDOW_MESSAGE.exec(refused.json.message)![1]);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(60);
  expect(retryAfter(refused)).toBe(seconds);
  expect(rateLimitHeaders(refused)).toMatchObject({ limit: 100, remaining: 0 });
}

test.describe("keyless calls per client address", () => {
  // The client address must not trust an X-Forwarded-For the client sent itself (TRUSTED_PROXIES,
  // default 0: the socket address), or a client could pick a fresh address per call.
  test("hardening: a forged X-Forwarded-For does not dodge the per-address limit", async ({ request }) => {
    const api = new ApiClient(request);
    let n = 0;
    const { statuses, refused } = await callUntilRefused(() => {
      n += 1;
      const forged = `203.0.${Math.floor(n / 250)}.${(n % 250) + 1}`;
      return api.get(LIST, {
        noRetry: true,
        headers: { "X-Forwarded-For": forged, "X-Real-IP": forged },
      });
    });
    expect(refused, `no 429 after ${statuses.length} keyless calls with forged addresses`).toBeDefined();
    expectWindowRefusal(refused!);
  });

  test("after 100 keyless calls in a minute: 429 with Retry-After, never a 500", async ({ request }) => {
    const api = new ApiClient(request);
    const { statuses, refused } = await callUntilRefused(() => api.get(LIST, { noRetry: true }));
    expect(refused, `no 429 after ${statuses.length} keyless calls`).toBeDefined();
    expectWindowRefusal(refused!);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(100);
    // Once refused, keyless calls stay limited, whatever key they guess: the sliding window frees a
    // slot now and then as the previous bucket's weight decays, so a burst of 5 still meets a 429.
    const guessing = api.withKey(`bpk_live_${"g".repeat(40)}`);
    const next = await Promise.all(Array.from({ length: 5 }, () => guessing.get(LIST, { noRetry: true })));
    for (const answer of next) if (answer.status !== 429) expectStatus(answer, 401);
    const limited = next.filter((answer) => answer.status === 429);
    expect(limited.length, "429s among 5 guessed keys right after the refusal").toBeGreaterThanOrEqual(1);
    for (const answer of limited) expectWindowRefusal(answer);
  });
});
