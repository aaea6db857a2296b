import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/index";
import { createTestDatabase } from "@/db/testing";
import { syncCatalogue } from "@/lib/catalogue/sync";
import { brokerQuotationAnswers } from "@/lib/checkout/testing";
import { describeApiError } from "@/lib/http/api-error-messages";
import { createProposal } from "@/lib/proposals/service";
import { createQuotation } from "@/lib/quotations/service";
import { createBrokerWithKey } from "@/lib/testing/fixtures";
import { proposalFieldErrors, toProposalAnswers } from "./proposal-form";

let handle: DatabaseHandle;
let brokerId: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  await syncCatalogue(handle.db);
  brokerId = (await createBrokerWithKey(handle.db, "910001")).broker.id;
});
afterAll(() => handle?.close());

describe("proposal errors from the service, mapped onto the portal form", () => {
  it("a plan of the other payment method and a due day of 21 land on planId and dueDay", async () => {
    const item = await createQuotation(handle.db, brokerId, {
      operationCode: "INSURANCE-BROKER-CIVIL-LIABILITY-PARTNER",
      registerNumber: "910001",
      answers: brokerQuotationAnswers(),
    });
    const variant = item.pricing[0]!;
    const cardPlan = variant.payment.paymentOptions.find((o) => o.paymentType === "CreditCard")!
      .installments[0]!;
    const answers = toProposalAnswers({
      variantId: variant.variantIdentifier,
      paymentMethod: "TICKET",
      planId: cardPlan.identifier,
      dueDay: "10",
    }).map((a) => (a.code === "DUE-DAY" ? { ...a, answer: 21 } : a));
    const error = await createProposal(
      handle.db,
      brokerId,
      { identifier: item.quotationIdentifier, registerNumber: "910001", answers },
      "http://localhost",
    ).catch((e: unknown) => e);
    const described = describeApiError(error)!;
    expect(described.code).toBe("ANSWERS-NOT-EVALUATED");
    expect(proposalFieldErrors(described.properties)).toEqual({
      dueDay: "Escolha um dia de vencimento entre 1 e 20.",
      planId: "Escolha um plano de parcelamento da opção e da forma de pagamento escolhidas.",
    });
  });
});
