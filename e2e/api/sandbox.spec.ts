import { expect } from "@playwright/test";
import { startCheckoutEndpoint } from "@/lib/checkout/endpoint";
import { policyResponseSchema } from "@/lib/schemas/policy";
import { ApiClient, describeAnswer, expectApiError, expectSuccess, test } from "../support/api";
import { quotationReadyForCheckout, uniqueInsuredName, waitForIssuedPolicy } from "../support/api-flows";

/**
 * The sandbox endpoints over HTTP (the e2e server runs with SANDBOX=on): a boleto policy made
 * through the API flow is paid, made overdue and expired, each move read back from the lookup.
 */
const PAY = "/api/v1/sandbox/installment/pay";
const OVERDUE = "/api/v1/sandbox/installment/overdue";
const EXPIRE = "/api/v1/sandbox/policy/expire";

const statuses = (policy: { installments: { status: string }[] }) =>
  policy.installments.map((installment) => installment.status);

/** A fresh boleto policy of broker 100000 with at least two installments, issued through the API. */
async function issuedBoletoPolicy(api: ApiClient) {
  const name = uniqueInsuredName("Contrato Sandbox");
  const { quotation } = await quotationReadyForCheckout(api, "100000", {
    method: "TICKET",
    installments: 3,
    name,
  });
  expectSuccess(
    await api.post("/api/v1/checkout", {
      registerNumber: "100000",
      quotationIdentifier: quotation.quotationIdentifier,
    }),
    startCheckoutEndpoint.response,
  );
  const policy = await waitForIssuedPolicy(api, "100000", name);
  expect(policy.installments.length).toBeGreaterThanOrEqual(2);
  expect(new Set(statuses(policy))).toEqual(new Set(["Pending"]));
  return policy;
}

/** The events of the given types about one policy, read from the events feed page by page. */
async function feedEventsOf(api: ApiClient, types: string, policyNumber: string) {
  const found: { type: string; data: Record<string, unknown> }[] = [];
  let after = "";
  for (let page = 0; page < 40; page++) {
    const answer = await api.get(
      `/api/v1/events/100000?type=${types}&limit=500${after ? `&after=${after}` : ""}`,
    );
    expect(answer.status, describeAnswer(answer)).toBe(200);
    const list = answer.json.list as { id: string; type: string; data: Record<string, unknown> }[];
    found.push(...list.filter((event) => event.data.policyNumber === policyNumber));
    if (!answer.json.hasMore || !list.length) break;
    after = list.at(-1)!.id;
  }
  return found;
}

test.describe("sandbox endpoints", () => {
  test("pay installment 1 → Paid, installment 2 overdue → Overdue, expire → Expired, as the lookup shows", async ({
    request,
    keys,
  }) => {
    test.setTimeout(120_000);
    const api = new ApiClient(request, keys.sandbox);
    const policy = await issuedBoletoPolicy(api);
    const target = { registerNumber: "100000", policyNumber: policy.policyNumber };
    const lookup = async () =>
      expectSuccess(await api.get(`/api/v1/policy/100000/${policy.policyNumber}`), policyResponseSchema)
        .policy;

    const paid = expectSuccess(
      await api.post(PAY, { ...target, installmentNumber: 1 }),
      policyResponseSchema,
    );
    expect(statuses(paid.policy)).toEqual(["Paid", ...statuses(policy).slice(1)]);
    expect(paid.policy.installments[0]!.paidAt).toBeTruthy();
    expect((await lookup()).installments).toEqual(paid.policy.installments);
    expectApiError(
      await api.post(PAY, { ...target, installmentNumber: 1 }),
      400,
      ["INSTALLMENT-ALREADY-PAID"],
      ["installmentNumber"],
    );

    const late = expectSuccess(
      await api.post(OVERDUE, { ...target, installmentNumber: 2 }),
      policyResponseSchema,
    );
    expect(statuses(late.policy).slice(0, 2)).toEqual(["Paid", "Overdue"]);
    // The due date stays as issued: the sandbox moved that installment's clock, not the calendar.
    expect(late.policy.installments[1]!.dueDate).toBe(policy.installments[1]!.dueDate);
    expect(statuses(await lookup()).slice(0, 2)).toEqual(["Paid", "Overdue"]);
    expectApiError(
      await api.post(OVERDUE, { ...target, installmentNumber: 2 }),
      400,
      ["INSTALLMENT-ALREADY-OVERDUE"],
      ["installmentNumber"],
    );
    expectApiError(
      await api.post(OVERDUE, { ...target, installmentNumber: 99 }),
      400,
      ["INSTALLMENT-NOT-FOUND"],
      ["installmentNumber"],
    );

    const expired = expectSuccess(await api.post(EXPIRE, target), policyResponseSchema);
    expect(expired.policy).toMatchObject({ status: "Expired", vigencyExpiredAt: policy.vigencyExpiredAt });
    expect((await lookup()).status).toBe("Expired");
    expectApiError(await api.post(EXPIRE, target), 400, ["POLICY-NOT-ACTIVE"], ["policyNumber"]);

    // The moves' events, in commit order, as the events feed serves them (the webhooks deliver the same).
    const moves = await feedEventsOf(
      api,
      "installment.paid,installment.overdue,policy.expired",
      policy.policyNumber,
    );
    expect(
      moves.map((event) => [event.type, event.data.installmentNumber ?? null, event.data.status]),
    ).toEqual([
      ["installment.paid", 1, "Paid"],
      ["installment.overdue", 2, "Overdue"],
      ["policy.expired", null, "Expired"],
    ]);
  });

  test("another broker's key: its own registerNumber finds no such policy, ours is refused", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.sandbox);
    const list = await api.get("/api/v1/policy/100000/all?status=Issued&itemsPerPage=1");
    const policyNumber = list.json.list[0].policyNumber as string;
    const other = api.withKey(keys.otherBroker);
    for (const [path, extra] of [
      [PAY, { installmentNumber: 1 }],
      [OVERDUE, { installmentNumber: 1 }],
      [EXPIRE, {}],
    ] as const) {
      expectApiError(
        await other.post(path, { registerNumber: "200000", policyNumber, ...extra }),
        404,
        ["POLICY-NOT-FOUND"],
        ["policyNumber"],
      );
      expectApiError(await other.post(path, { registerNumber: "100000", policyNumber, ...extra }), 400, [
        "INCORRECT-OR-NONEXISTENT",
        "TOKEN-ERROR",
      ]);
    }
    const still = expectSuccess(await api.get(`/api/v1/policy/100000/${policyNumber}`), policyResponseSchema);
    expect(still.policy.status).toBe("Issued");
  });
});
