import { describe, expect, it } from "vitest";
import { maskSensitiveText, maskSensitiveValue } from "./mask";

describe("masking of personal and card data", () => {
  it("masks CPF, CNPJ and card numbers inside text", () => {
    const masked = maskSensitiveText("cpf 529.982.247-25 cnpj 11222333000181 card 4111 1111 1111 1111");
    expect(masked).not.toContain("982.247");
    expect(masked).not.toContain("22233300");
    expect(masked).not.toContain("4111 1111 1111");
    expect(masked).toContain("****1111");
    expect(masked).toContain("52*******25");
  });

  it("drops CVV, card number and password fields entirely", () => {
    expect(
      maskSensitiveValue({
        creditCard: { number: "4111111111111111", cvv: "123", name: "Ana" },
        password: "x",
      }),
    ).toEqual({
      creditCard: { number: "[redacted]", cvv: "[redacted]", name: "Ana" },
      password: "[redacted]",
    });
  });
});
