import { describe, expect, it } from "vitest";
import { formatDatePtBr } from "@/lib/dates";
import { computeDueDates } from "@/lib/quotations/due-dates";
import {
  proposalDueDates,
  proposalFormSchema,
  proposalFormSchemaFor,
  toProposalAnswers,
} from "./proposal-form";

const V1 = "11111111-1111-4111-8111-111111111111";
const CARD_PLAN = "22222222-2222-4222-8222-222222222222";
const TICKET_PLAN = "33333333-3333-4333-8333-333333333333";
const plan = (identifier: string) => ({ identifier }) as never;
const item = {
  pricing: [
    {
      variantIdentifier: V1,
      payment: {
        paymentOptions: [
          { paymentType: "CreditCard", paymentMethod: "All", installments: [plan(CARD_PLAN)] },
          { paymentType: "Ticket", paymentMethod: "Ticket", installments: [plan(TICKET_PLAN)] },
        ],
      },
    },
  ],
} as never;
const doItem = {
  pricing: [
    {
      variantIdentifier: V1,
      payment: {
        paymentOptions: [
          { paymentType: "Ticket", paymentMethod: "Ticket", installments: [plan(TICKET_PLAN)] },
        ],
      },
    },
  ],
} as never;

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((i) => `${String(i.path[0])}: ${i.message}`) ?? [];

describe("proposal form schema", () => {
  it("requires a due day from 1 to 20 for boleto only", () => {
    const base = { variantId: V1, planId: TICKET_PLAN, paymentMethod: "TICKET" as const };
    expect(issues(proposalFormSchema.safeParse({ ...base, dueDay: "21" }))).toEqual([
      "dueDay: Escolha um dia de vencimento entre 1 e 20.",
    ]);
    expect(issues(proposalFormSchema.safeParse({ ...base, dueDay: "0" }))).toHaveLength(1);
    expect(proposalFormSchema.safeParse({ ...base, dueDay: "20" }).success).toBe(true);
    expect(
      proposalFormSchema.safeParse({ ...base, paymentMethod: "CREDIT-CARD", planId: CARD_PLAN, dueDay: "" })
        .success,
    ).toBe(true);
  });

  it("accepts only the plans of the chosen variant and method, and boleto only for D&O", () => {
    const schema = proposalFormSchemaFor(item);
    expect(schema.safeParse({ variantId: V1, paymentMethod: "CREDIT-CARD", planId: CARD_PLAN }).success).toBe(
      true,
    );
    expect(
      issues(schema.safeParse({ variantId: V1, paymentMethod: "CREDIT-CARD", planId: TICKET_PLAN })),
    ).toEqual(["planId: Escolha um plano de parcelamento da opção e da forma de pagamento escolhidas."]);
    expect(
      issues(
        proposalFormSchemaFor(doItem).safeParse({
          variantId: V1,
          paymentMethod: "CREDIT-CARD",
          planId: CARD_PLAN,
        }),
      ),
    ).toEqual(["paymentMethod: Esta forma de pagamento não é aceita para este produto."]);
  });

  it("builds the API's answers (DUE-DAY only with boleto)", () => {
    expect(
      toProposalAnswers({ variantId: V1, paymentMethod: "TICKET", planId: TICKET_PLAN, dueDay: "10" }),
    ).toEqual([
      { code: "PAYMENT-METHOD", answer: "TICKET" },
      { code: "DUE-DAY", answer: 10 },
      { code: "SELECTED-VARIANT-IDENTIFIER", answer: V1 },
      { code: "PAYMENT-INSTALLMENT-IDENTIFIER", answer: TICKET_PLAN },
    ]);
  });
});

describe("proposalDueDates (what the plan list shows)", () => {
  // Quoted on 21 March: the quotation's plans fall on the 28th; the proposal will use DUE-DAY.
  const now = new Date("2026-03-21T15:00:00.000Z");
  const days = (dates: string[]) => dates.map((d) => formatDatePtBr(d));

  it("shows a boleto plan on the chosen due day, dated from the proposal, as the service stores it", () => {
    const shown = proposalDueDates(3, { paymentMethod: "TICKET", dueDay: "10" }, now);
    expect(days(shown!)).toEqual(["28/03/2026", "10/04/2026", "10/05/2026"]);
    expect(shown).toEqual(computeDueDates(now, 3, 10));
  });

  it("keeps the first date's day for a card", () => {
    const card = ["28/03/2026", "28/04/2026", "28/05/2026"];
    expect(days(proposalDueDates(3, { paymentMethod: "CREDIT-CARD", dueDay: "10" }, now)!)).toEqual(card);
    expect(days(proposalDueDates(3, { paymentMethod: "CREDIT-CARD", dueDay: "" }, now)!)).toEqual(card);
  });

  it("shows no dates for a boleto until a valid due day is typed", () => {
    for (const dueDay of ["", " ", "31", "0", "abc", "10.5", undefined]) {
      expect(proposalDueDates(3, { paymentMethod: "TICKET", dueDay }, now)).toBeUndefined();
    }
  });
});
