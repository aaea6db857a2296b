import { expect } from "@playwright/test";
import { addDays, businessDay } from "@/lib/dates";
import { endorsementListResponseSchema } from "@/lib/schemas/endorsement";
import {
  endorsementIssueResponseSchema,
  endorsementPreviewResponseSchema,
} from "@/lib/schemas/endorsement-api";
import { policyListResponseSchema, policyResponseSchema } from "@/lib/schemas/policy";
import { ApiClient, expectApiError, expectPdfWithoutKey, expectSuccess, test } from "../support/api";

/** Endorsements and cancellation over HTTP, on the seeded demo policies (docs/endorsements.md). */
const PREVIEW = "/api/v1/endorsement/quotation";
const ISSUE = "/api/v1/endorsement/issue";
const today = () => businessDay(new Date());

async function issuedPolicies(api: ApiClient, query = "") {
  const answer = await api.get(
    `/api/v1/policy/100000/all?status=Issued&itemsPerPage=20&endDate=${addDays(today(), 300)}&sort=-createdat${query}`,
  );
  return expectSuccess(answer, policyListResponseSchema).list;
}

test.describe("endorsements", () => {
  test("previews and issues a registration change: version 02.00, listed, on the lookup, with its PDF", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.endorsements);
    const [policy] = await issuedPolicies(api);
    expect(policy, "a seeded Issued policy").toBeDefined();
    const version = Number(policy!.version.slice(0, 2));

    const { item: preview } = expectSuccess(
      await api.post(PREVIEW, {
        registerNumber: "100000",
        policyNumber: policy!.policyNumber,
        type: "REGISTRATION",
        effectiveDate: today(),
        answers: [{ code: "INSURED-EMAIL", answer: `endosso.${Date.now()}@example.com` }],
      }),
      endorsementPreviewResponseSchema,
    );
    expect(preview).toMatchObject({ type: "REGISTRATION", status: "Draft", premiumDifference: 0, refund: 0 });
    expect(preview.policyAfter.version).toBe(`${String(version + 1).padStart(2, "0")}.00`);

    const { item } = expectSuccess(
      await api.post(ISSUE, {
        registerNumber: "100000",
        endorsementIdentifier: preview.endorsementIdentifier,
      }),
      endorsementIssueResponseSchema,
    );
    expect(item).toMatchObject({
      status: "Issued",
      statusText: "Emitido",
      policyVersion: preview.policyAfter.version,
    });
    await expectPdfWithoutKey(request, item.documentUrl);

    const lookup = expectSuccess(
      await api.get(`/api/v1/policy/100000/${policy!.policyNumber}`),
      policyResponseSchema,
    );
    expect(lookup.policy.version).toBe(preview.policyAfter.version);
    expect(lookup.policy.endorsements.map((e) => e.endorsementIdentifier)).toContain(
      preview.endorsementIdentifier,
    );

    const list = expectSuccess(
      await api.get(`/api/v1/endorsement/100000/${policy!.policyNumber}?itemsPerPage=5`),
      endorsementListResponseSchema,
    );
    expect(list.list[0]).toMatchObject({
      endorsementIdentifier: preview.endorsementIdentifier,
      status: "Issued",
    });

    // The preview is spent: issuing again answers it as it is.
    const again = expectSuccess(
      await api.post(ISSUE, {
        registerNumber: "100000",
        endorsementIdentifier: preview.endorsementIdentifier,
      }),
      endorsementIssueResponseSchema,
    );
    expect(again.item.policyVersion).toBe(item.policyVersion);
  });

  test("cancels with a refund listed on the policy", async ({ request, keys }) => {
    const api = new ApiClient(request, keys.endorsements);
    const [, policy] = await issuedPolicies(api);
    const { item: preview } = expectSuccess(
      await api.post(PREVIEW, {
        registerNumber: "100000",
        policyNumber: policy!.policyNumber,
        type: "CANCELLATION",
        effectiveDate: today(),
        reason: "Pedido do segurado (teste e2e)",
      }),
      endorsementPreviewResponseSchema,
    );
    expect(preview.policyAfter.status).toBe("Canceled");
    expect(preview.refund).toBeGreaterThanOrEqual(0);
    expect(["PRO-RATA", "SHORT-RATE", "WITHDRAWAL"]).toContain(preview.refundBasis);
    expectSuccess(
      await api.post(ISSUE, {
        registerNumber: "100000",
        endorsementIdentifier: preview.endorsementIdentifier,
      }),
      endorsementIssueResponseSchema,
    );
    const lookup = expectSuccess(
      await api.get(`/api/v1/policy/100000/${policy!.policyNumber}`),
      policyResponseSchema,
    );
    expect(lookup.policy.status).toBe("Canceled");
    if (preview.refund > 0) {
      expect(lookup.policy.refunds.at(-1)).toMatchObject({
        endorsementIdentifier: preview.endorsementIdentifier,
        value: preview.refund,
      });
    }
    expectApiError(
      await api.post(PREVIEW, {
        registerNumber: "100000",
        policyNumber: policy!.policyNumber,
        type: "CANCELLATION",
        effectiveDate: today(),
        reason: "De novo",
      }),
      400,
      ["POLICY-NOT-ACTIVE"],
    );
  });

  test("refuses each rule with its documented error, changing nothing", async ({ request, keys }) => {
    const api = new ApiClient(request, keys.endorsements);
    const other = new ApiClient(request, keys.endorsementsOther);
    const [, , policy] = await issuedPolicies(api);
    const body = (overrides: Record<string, unknown>) => ({
      registerNumber: "100000",
      policyNumber: policy!.policyNumber,
      type: "REGISTRATION",
      effectiveDate: today(),
      answers: [{ code: "INSURED-CELLPHONE", answer: "11912345678" }],
      ...overrides,
    });
    expectApiError(await api.post(PREVIEW, body({ effectiveDate: addDays(today(), -1) })), 400, [
      "ENDORSEMENT-DATE-INVALID",
    ]);
    expectApiError(
      await api.post(PREVIEW, body({ type: "SOMETHING" })),
      400,
      ["INVALID-FORM-FIELD"],
      ["type"],
    );
    expectApiError(
      await api.post(PREVIEW, body({ answers: [{ code: "IDENTITY", answer: "52998224725" }] })),
      400,
      ["INVALID-FORM-FIELD"],
      ["answers.IDENTITY"],
    );
    expectApiError(
      await other.post(PREVIEW, body({ registerNumber: "200000" })),
      404,
      ["POLICY-NOT-FOUND"],
      ["policyNumber"],
    );
    expectApiError(
      await api.post(ISSUE, {
        registerNumber: "100000",
        endorsementIdentifier: "6f1c2a52-4f1e-4c43-9a55-0c9c1d7b8e21",
      }),
      400,
      ["ENDORSEMENT-NOT-FOUND"],
    );

    // A preview made stale by another endorsement issued after it.
    const first = expectSuccess(await api.post(PREVIEW, body({})), endorsementPreviewResponseSchema).item;
    const second = expectSuccess(
      await api.post(PREVIEW, body({ answers: [{ code: "INSURED-CELLPHONE", answer: "11912340000" }] })),
      endorsementPreviewResponseSchema,
    ).item;
    expectSuccess(
      await api.post(ISSUE, { registerNumber: "100000", endorsementIdentifier: first.endorsementIdentifier }),
      endorsementIssueResponseSchema,
    );
    expectApiError(
      await api.post(ISSUE, {
        registerNumber: "100000",
        endorsementIdentifier: second.endorsementIdentifier,
      }),
      400,
      ["ENDORSEMENT-EXPIRED"],
    );
    // Another broker's endorsement is an unknown one.
    expectApiError(
      await other.post(ISSUE, {
        registerNumber: "200000",
        endorsementIdentifier: second.endorsementIdentifier,
      }),
      400,
      ["ENDORSEMENT-NOT-FOUND"],
    );
  });
});
