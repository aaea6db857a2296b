import { expect } from "@playwright/test";
import { startCheckoutEndpoint } from "@/lib/checkout/endpoint";
import { commissionStatementSchema } from "@/lib/schemas/commission";
import { ApiClient, expectApiError, expectSuccess, test } from "../support/api";
import { quotationReadyForCheckout, uniqueInsuredName, waitForIssuedPolicy } from "../support/api-flows";

/**
 * The commission statement over HTTP (docs/commissions.md): a boleto policy issued through the API
 * has one PENDING entry per installment; the sandbox's payment of installment 1 (the bank's return
 * file, as production) makes its entry AVAILABLE; the summary follows the filter; another broker's
 * statement is refused.
 */
const statementOf = (api: ApiClient, query = "", registerNumber = "100000") =>
  api.get(`/api/v1/commission/${registerNumber}${query ? `?${query}` : ""}`);

test.describe("commission statement", () => {
  test("issuance forecasts, a payment earns, filters and summary, isolation", async ({ request, keys }) => {
    test.setTimeout(120_000);
    const api = new ApiClient(request, keys.commissions);
    const name = uniqueInsuredName("Comissão Extrato");
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
    const policy = await waitForIssuedPolicy(api, "100000", name);
    const count = policy.installments.length;

    const issued = expectSuccess(
      await statementOf(api, `policyNumber=${policy.policyNumber}&itemsPerPage=100`),
      commissionStatementSchema,
    );
    expect(issued.totalItems).toBe(count);
    expect(issued.list.every((entry) => entry.type === "EARNED" && entry.status === "PENDING")).toBe(true);
    expect(issued.list.map((entry) => entry.installmentNumber).sort()).toEqual(
      policy.installments.map((installment) => installment.installmentNumber).sort(),
    );
    expect(issued.summary.available).toBe(0);
    expect(issued.summary.pending).toBeGreaterThan(0);

    // The sandbox pays installment 1 through the bank's return file.
    expect(
      (
        await api.post("/api/v1/sandbox/installment/pay", {
          registerNumber: "100000",
          policyNumber: policy.policyNumber,
          installmentNumber: 1,
        })
      ).status,
    ).toBe(200);
    const paid = expectSuccess(
      await statementOf(api, `policyNumber=${policy.number}&status=available`),
      commissionStatementSchema,
    );
    expect(paid.totalItems).toBe(1);
    const [entry] = paid.list;
    expect(entry).toMatchObject({
      type: "EARNED",
      status: "AVAILABLE",
      installmentNumber: 1,
      payoutIdentifier: null,
    });
    expect(entry!.amount).toBeCloseTo(entry!.baseAmount * entry!.rate, 2);
    expect(paid.summary).toEqual({ pending: 0, available: entry!.amount, paid: 0, clawedBack: 0 });

    // Another broker's statement: the same answer as for a registerNumber that does not exist.
    expectApiError(await statementOf(api, "", "200000"), 400, ["INCORRECT-OR-NONEXISTENT", "TOKEN-ERROR"]);
    expectApiError(await statementOf(api, "stauts=PAID"), 400, ["INVALID-FORM-FIELD"], ["stauts"]);
  });
});
