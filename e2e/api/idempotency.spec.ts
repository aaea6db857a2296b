import { randomUUID } from "node:crypto";
import { expect } from "@playwright/test";
import { addDays, businessDay } from "@/lib/dates";
import { sampleQuotationRequest } from "@/lib/quotations/fixtures";
import { claimListResponseSchema, claimNoticeResultSchema } from "@/lib/schemas/claim";
import { policyListResponseSchema } from "@/lib/schemas/policy";
import { proposalResultSchema } from "@/lib/schemas/proposal";
import { quotationResultSchema } from "@/lib/schemas/quotation";
import { renewalResultSchema } from "@/lib/schemas/renewal";
import {
  type ApiAnswer,
  ApiClient,
  describeAnswer,
  expectApiError,
  expectSuccess,
  test,
} from "../support/api";
import { proposalAnswers, proposalBody, uniqueInsuredName, waitForIssuedPolicy } from "../support/api-flows";

/**
 * Idempotency-Key over HTTP (docs/idempotency.md): each POST of the README's flow sent once, the
 * client giving up right after sending (a client timeout), then retried with the same key until
 * answered, does its work exactly once; a replay is the first answer byte for byte.
 */
const today = () => businessDay(new Date());
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Sent = { path: string; body: unknown; key: string };

/**
 * The partner's client timing out: the request goes out in full, then the client aborts before the
 * answer (the server may or may not have done the work by then).
 */
async function sendAndGiveUp(baseURL: string, apiKey: string, sent: Sent): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 15);
  const attempt = (async () => {
    try {
      const response = await fetch(new URL(sent.path, baseURL), {
        method: "POST",
        headers: {
          "Ocp-Apim-Subscription-Key": apiKey,
          "Content-Type": "application/json",
          "Idempotency-Key": sent.key,
        },
        body: JSON.stringify(sent.body),
        signal: controller.signal,
      });
      await response.arrayBuffer();
    } catch {
      // The abort: what a partner's client sees as a timeout.
    }
  })();
  // The abort settles the call within milliseconds; a read that never settles after it (seen once in
  // a few hundred runs: the test hung here until its timeout) is left behind, as a client would.
  await Promise.race([attempt, sleep(2_000)]);
  clearTimeout(timer);
  await sleep(300);
}

/** Retries with the same key, waiting out 409 IDEMPOTENCY-KEY-IN-USE, until the call is answered. */
async function retryUntilAnswered(api: ApiClient, sent: Sent): Promise<ApiAnswer> {
  for (let attempt = 0; attempt < 30; attempt++) {
    const answer = await api.post(sent.path, sent.body, { headers: { "Idempotency-Key": sent.key } });
    if (answer.status !== 409) return answer;
    expectApiError(answer, 409, ["IDEMPOTENCY-KEY-IN-USE"]);
    expect(answer.headers["retry-after"], describeAnswer(answer)).toBe("1");
    await sleep(1_000);
  }
  throw new Error(`${sent.path} still in use after 30 retries`);
}

/** Gives up once, retries until answered, then checks that one more call is a byte-for-byte replay. */
async function sendOnceForSure(api: ApiClient, baseURL: string, sent: Sent): Promise<ApiAnswer> {
  await sendAndGiveUp(baseURL, api.key!, sent);
  const answer = await retryUntilAnswered(api, sent);
  const replay = await api.post(sent.path, sent.body, { headers: { "Idempotency-Key": sent.key } });
  expect(replay.status, describeAnswer(replay)).toBe(answer.status);
  expect(replay.headers["idempotent-replayed"], describeAnswer(replay)).toBe("true");
  expect(replay.text, "the replay's body is the first answer's, byte for byte").toBe(answer.text);
  expect(replay.headers["content-type"]).toBe(answer.headers["content-type"]);
  expect(replay.headers.location).toBe(answer.headers.location);
  return answer;
}

async function policiesWhere(api: ApiClient, query: string) {
  const answer = await api.get(`/api/v1/policy/100000/all?itemsPerPage=100&${query}`);
  return expectSuccess(answer, policyListResponseSchema).list;
}

test.describe("Idempotency-Key", () => {
  test("quotation, proposal and checkout retried after a client timeout: one quotation, one policy", async ({
    request,
    keys,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const api = new ApiClient(request, keys.idempotency);
    const name = uniqueInsuredName("Idempotente");

    const creation: Sent = {
      path: "/api/v1/quotation/contracting",
      body: sampleQuotationRequest("broker", "100000", { "INSURED-NAME": name }),
      key: randomUUID(),
    };
    const { item: quotation } = expectSuccess(
      await sendOnceForSure(api, baseURL!, creation),
      quotationResultSchema,
    );
    const quotations = await api.get(`/api/v1/quotation/100000/all?search=${encodeURIComponent(name)}`);
    expect(quotations.json.totalItems, describeAnswer(quotations)).toBe(1);

    const proposal: Sent = {
      path: "/api/v1/quotation/proposal",
      body: proposalBody(
        quotation.quotationIdentifier,
        "100000",
        proposalAnswers(quotation.pricing[0]!, "TICKET"),
      ),
      key: randomUUID(),
    };
    const proposed = expectSuccess(await sendOnceForSure(api, baseURL!, proposal), proposalResultSchema);
    const lookup = await api.get(`/api/v1/quotation/100000/${quotation.quotationIdentifier}`);
    expect(lookup.json.item?.proposal?.number, describeAnswer(lookup)).toBe(proposed.item.proposal.number);

    const checkout: Sent = {
      path: "/api/v1/checkout",
      body: { registerNumber: "100000", quotationIdentifier: quotation.quotationIdentifier },
      key: randomUUID(),
    };
    const checkedOut = await sendOnceForSure(api, baseURL!, checkout);
    expect(checkedOut.status, describeAnswer(checkedOut)).toBe(200);
    // Exactly one policy for the insured (waitForIssuedPolicy waits for a count of 1).
    const policy = await waitForIssuedPolicy(api, "100000", name);
    expect(policy.quotationIdentifier).toBe(quotation.quotationIdentifier);

    // The same key with another body is refused, and does nothing.
    expectApiError(
      await api.post(
        creation.path,
        sampleQuotationRequest("broker", "100000", { "INSURED-NAME": `${name} Outra` }),
        { headers: { "Idempotency-Key": creation.key } },
      ),
      422,
      ["IDEMPOTENCY-KEY-REUSED"],
    );
    const after = await api.get(`/api/v1/quotation/100000/all?search=${encodeURIComponent(name)}`);
    expect(after.json.totalItems, describeAnswer(after)).toBe(1);
  });

  test("claim and renewal retried after a client timeout: one claim, one renewal", async ({
    request,
    keys,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const api = new ApiClient(request, keys.idempotency);
    const candidates = await policiesWhere(
      api,
      `status=Issued&endDate=${addDays(today(), 60)}&renewal=none&sort=insuredname`,
    );
    const policy = candidates[0];
    expect(policy, "a seeded Issued policy ending within 60 days, not renewed yet").toBeDefined();
    const claims = `/api/v1/claim/100000/${policy!.policyNumber}?itemsPerPage=1`;
    const before = expectSuccess(await api.get(claims), claimListResponseSchema).totalItems;

    const claim: Sent = {
      path: "/api/v1/claim",
      body: {
        registerNumber: "100000",
        policyNumber: policy!.policyNumber,
        occurredAt: today(),
        description: "Aviso enviado com Idempotency-Key.",
        claimantName: "Carlos Reclamante",
        estimatedValue: 1234.56,
      },
      key: randomUUID(),
    };
    expectSuccess(await sendOnceForSure(api, baseURL!, claim), claimNoticeResultSchema);
    expect(expectSuccess(await api.get(claims), claimListResponseSchema).totalItems).toBe(before + 1);
    expectApiError(
      await api.post(
        claim.path,
        { ...(claim.body as object), description: "Outro aviso." },
        { headers: { "Idempotency-Key": claim.key } },
      ),
      422,
      ["IDEMPOTENCY-KEY-REUSED"],
    );
    expect(expectSuccess(await api.get(claims), claimListResponseSchema).totalItems).toBe(before + 1);

    const renewal: Sent = {
      path: "/api/v1/quotation/renewal",
      body: { registerNumber: "100000", policyNumber: policy!.policyNumber },
      key: randomUUID(),
    };
    const { item } = expectSuccess(await sendOnceForSure(api, baseURL!, renewal), renewalResultSchema);
    expect(item.previousPolicyNumber).toBe(policy!.policyNumber);
    const renewals = await api.get(
      `/api/v1/quotation/100000/all?previousPolicyNumber=${policy!.policyNumber}`,
    );
    expect(renewals.json.totalItems, describeAnswer(renewals)).toBe(1);
  });

  test("20 concurrent identical claims with one key notice one claim; the rest 409 or replay", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.idempotencyBurst);
    const [policy] = await policiesWhere(
      api,
      `status=Issued&endDate=${addDays(today(), 60)}&sort=-insuredname`,
    );
    expect(policy, "a seeded Issued policy").toBeDefined();
    const claims = `/api/v1/claim/100000/${policy!.policyNumber}?itemsPerPage=1`;
    const before = expectSuccess(await api.get(claims), claimListResponseSchema).totalItems;
    const key = randomUUID();
    const body = {
      registerNumber: "100000",
      policyNumber: policy!.policyNumber,
      occurredAt: today(),
      description: "Vinte envios iguais.",
      claimantName: "Carlos Reclamante",
    };
    // 20 calls: exactly the claims notice window (20 per 20 s), so none is limited.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api.post("/api/v1/claim", body, { headers: { "Idempotency-Key": key }, noRetry: true }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(
      statuses.every((status) => status === 200 || status === 409),
      statuses.join(),
    ).toBe(true);
    const ok = answers.filter((answer) => answer.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(ok.filter((answer) => answer.headers["idempotent-replayed"] === undefined)).toHaveLength(1);
    expect(new Set(ok.map((answer) => answer.text)).size).toBe(1);
    for (const busy of answers.filter((answer) => answer.status === 409)) {
      expectApiError(busy, 409, ["IDEMPOTENCY-KEY-IN-USE"]);
    }
    expect(expectSuccess(await api.get(claims), claimListResponseSchema).totalItems).toBe(before + 1);
  });
});
