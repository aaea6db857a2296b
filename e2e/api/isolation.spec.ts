import { expect } from "@playwright/test";
import { sampleQuotationRequest } from "@/lib/quotations/fixtures";
import { policyListResponseSchema } from "@/lib/schemas/policy";
import { proposalResultSchema } from "@/lib/schemas/proposal";
import { ApiClient, expectApiError, expectSuccess, test } from "../support/api";
import {
  createQuotation,
  proposalAnswers,
  proposalBody,
  quotationReadyForCheckout,
} from "../support/api-flows";

/** A key acts for its own broker only: broker 100000's key against broker 200000. */
const NOT_ALLOWED = ["INCORRECT-OR-NONEXISTENT", "TOKEN-ERROR"];

test.describe("isolation between brokers", () => {
  test("another broker's or an unknown registerNumber is 400 INCORRECT-OR-NONEXISTENT + TOKEN-ERROR on every endpoint", async ({
    request,
    keys,
  }) => {
    const api = new ApiClient(request, keys.isolation);
    for (const registerNumber of ["200000", "999999"]) {
      expectApiError(await api.get(`/api/v1/policy/${registerNumber}/all`), 400, NOT_ALLOWED);
      expectApiError(await api.get(`/api/v1/policy/${registerNumber}/1000000000001`), 400, NOT_ALLOWED);
      expectApiError(
        await api.post("/api/v1/quotation/contracting", sampleQuotationRequest("broker", registerNumber)),
        400,
        NOT_ALLOWED,
      );
      expectApiError(
        await api.post(
          "/api/v1/quotation/proposal",
          proposalBody("00000000-0000-4000-8000-000000000000", registerNumber, []),
        ),
        400,
        NOT_ALLOWED,
      );
      expectApiError(
        await api.post("/api/v1/checkout", {
          registerNumber,
          quotationIdentifier: "00000000-0000-4000-8000-000000000000",
        }),
        400,
        NOT_ALLOWED,
      );
    }
  });

  test("another broker's policy is 404 POLICY-NOT-FOUND by either number, and never in the list", async ({
    request,
    keys,
  }) => {
    const other = new ApiClient(request, keys.otherBroker);
    const theirs = expectSuccess(
      await other.get("/api/v1/policy/200000/all?itemsPerPage=1"),
      policyListResponseSchema,
    ).list[0]!;
    const api = new ApiClient(request, keys.isolation);
    expectApiError(await api.get(`/api/v1/policy/100000/${theirs.policyNumber}`), 404, ["POLICY-NOT-FOUND"]);
    expectApiError(await api.get(`/api/v1/policy/100000/${theirs.number}`), 404, ["POLICY-NOT-FOUND"]);
    const searched = expectSuccess(
      await api.get(`/api/v1/policy/100000/all?search=${theirs.insuredIdentity}&itemsPerPage=100`),
      policyListResponseSchema,
    );
    expect(searched.list.map((policy) => policy.identifier)).not.toContain(theirs.identifier);
  });

  test("another broker's quotation is QUOTATION-NOT-FOUND on re-quote, proposal and checkout, and stays untouched", async ({
    request,
    keys,
  }) => {
    const other = new ApiClient(request, keys.otherBroker);
    const { quotation } = await quotationReadyForCheckout(other, "200000", { method: "TICKET" });
    const id = quotation.quotationIdentifier;
    const api = new ApiClient(request, keys.isolation);
    expectApiError(
      await api.post("/api/v1/quotation/contracting", {
        ...sampleQuotationRequest("broker", "100000"),
        quotationIdentifier: id,
      }),
      400,
      ["QUOTATION-NOT-FOUND"],
    );
    expectApiError(
      await api.post(
        "/api/v1/quotation/proposal",
        proposalBody(id, "100000", proposalAnswers(quotation.pricing[0]!, "TICKET")),
      ),
      400,
      ["QUOTATION-NOT-FOUND"],
    );
    expectApiError(
      await api.post("/api/v1/checkout", { registerNumber: "100000", quotationIdentifier: id }),
      400,
      ["QUOTATION-NOT-FOUND"],
    );
    // Its own broker still sees it as it was: a Draft with the same variants, open to a proposal.
    const again = expectSuccess(
      await other.post(
        "/api/v1/quotation/proposal",
        proposalBody(id, "200000", proposalAnswers(quotation.pricing[0]!, "TICKET")),
      ),
      proposalResultSchema,
    ).item;
    expect(again.status).toBe("Draft");
    expect(again.pricing.map((v) => v.variantIdentifier)).toEqual(
      quotation.pricing.map((v) => v.variantIdentifier),
    );
    // And broker 100000 can quote normally with the same key.
    await createQuotation(api, "100000");
  });
});
