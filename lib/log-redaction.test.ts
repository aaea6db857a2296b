import { describe, expect, it } from "vitest";
import { maskSensitiveText, maskSensitiveValue } from "./log-redaction";

describe("masking of personal and card data", () => {
  it("never lets a webhook signing secret through, in text or as a field", () => {
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw+/X0Ab=";
    expect(maskSensitiveText(`rotated to ${secret} now`)).toBe("rotated to whsec_[redacted] now");
    expect(maskSensitiveValue({ secret, note: secret })).toEqual({
      secret: "[redacted]",
      note: "whsec_[redacted]",
    });
  });

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

describe("masking of e-mail, phone and address", () => {
  it("masks e-mails, formatted phones and CEPs inside text", () => {
    const masked = maskSensitiveText(
      "para maria.silva@example.com.br, tel (11) 98765-4321 ou +55 11 3333-4444, CEP 01310-100",
    );
    expect(masked).not.toContain("maria.silva");
    expect(masked).toContain("m***@example.com.br");
    expect(masked).not.toContain("98765");
    expect(masked).not.toContain("3333-4444");
    expect(masked).toContain("*****-**21");
    expect(masked).not.toContain("01310");
  });

  it("replaces address, phone and e-mail fields whatever their shape", () => {
    expect(
      maskSensitiveValue({
        insuredEmail: "ana@example.com",
        insuredPhone: "11987654321",
        insuredAddress: { street: "Avenida Paulista", number: "1000", zipCode: "01310100" },
        billingAddress: { street: "Rua Augusta" },
        city: "São Paulo",
      }),
    ).toEqual({
      insuredEmail: "a***@example.com",
      insuredPhone: "[masked]",
      insuredAddress: "[masked]",
      billingAddress: "[masked]",
      city: "São Paulo",
    });
  });

  it("masks the personal answers of a quotation and keeps the others", () => {
    expect(
      maskSensitiveValue({
        answers: [
          { code: "INSURED-ADDRESS-STREET", answer: "Avenida Paulista" },
          { code: "INSURED-EMAIL", answer: "ana@example.com" },
          { code: "INSURED-CELLPHONE", answer: "11987654321" },
          { code: "MODALITY", answer: "MEDICAL-CIVIL-LIABILITY" },
        ],
      }),
    ).toEqual({
      answers: [
        { code: "INSURED-ADDRESS-STREET", answer: "[masked]" },
        { code: "INSURED-EMAIL", answer: "a***@example.com" },
        { code: "INSURED-CELLPHONE", answer: "[masked]" },
        { code: "MODALITY", answer: "MEDICAL-CIVIL-LIABILITY" },
      ],
    });
  });
});
