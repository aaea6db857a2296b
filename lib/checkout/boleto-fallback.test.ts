import { describe, expect, it } from "vitest";
import type { Pricing } from "@/lib/schemas/quotation";
import { boletoProposalFor } from "./boleto-fallback";

const V1 = "11111111-1111-4111-8111-111111111111";
const V2 = "44444444-4444-4444-8444-444444444444";
const plan = (identifier: string, number: number) => ({ identifier, number });
const variant = (id: string, withTicket = true) => ({
  variantIdentifier: id,
  payment: {
    paymentOptions: [
      { paymentType: "CreditCard", installments: [plan(`${id}-card-1`, 1), plan(`${id}-card-3`, 3)] },
      ...(withTicket
        ? [{ paymentType: "Ticket", installments: [plan(`${id}-ticket-1`, 1), plan(`${id}-ticket-3`, 3)] }]
        : []),
    ],
  },
});
const pricing = [variant(V1), variant(V2)] as unknown as Pricing[];

describe("paying a declined card's proposal with boleto", () => {
  it("keeps the variant and the number of installments, with the form's default due day", () => {
    expect(boletoProposalFor(pricing, { variantId: V2, planId: `${V2}-card-3`, dueDay: null })).toEqual({
      variantId: V2,
      paymentMethod: "TICKET",
      planId: `${V2}-ticket-3`,
      dueDay: "10",
    });
  });

  it("falls back to the first boleto plan and keeps a due day already chosen", () => {
    expect(boletoProposalFor(pricing, { variantId: V1, planId: "unknown", dueDay: 15 })).toMatchObject({
      planId: `${V1}-ticket-1`,
      dueDay: "15",
    });
  });

  it("offers nothing without a boleto option or a known variant", () => {
    const cardOnly = [variant(V1, false)] as unknown as Pricing[];
    expect(
      boletoProposalFor(cardOnly, { variantId: V1, planId: `${V1}-card-1`, dueDay: null }),
    ).toBeUndefined();
    expect(boletoProposalFor(pricing, { variantId: null, planId: null, dueDay: null })).toBeUndefined();
  });
});
