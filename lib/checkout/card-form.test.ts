import { describe, expect, it } from "vitest";
import { creditCardSchema } from "@/lib/schemas/checkout";
import {
  type CardFormValues,
  cardFormSchema,
  detectCardBrand,
  EMPTY_CARD_FORM,
  toCreditCard,
} from "./card-form";

const year = String(new Date().getUTCFullYear() + 2);
const emptyAddress = EMPTY_CARD_FORM.billingAddress;
const valid: CardFormValues = {
  ...EMPTY_CARD_FORM,
  number: "4111 1111 1111 1111",
  name: "MARIA DA SILVA",
  identity: "111.444.777-35",
  expiryMonth: "12",
  expiryYear: year,
  cvv: "857",
};

describe("card form", () => {
  it("detects the brand from the first digits", () => {
    expect(detectCardBrand("4111")).toBe("Visa");
    expect(detectCardBrand("5555 5555")).toBe("Mastercard");
    expect(detectCardBrand("4")).toBeUndefined();
  });

  it("accepts what the API accepts and builds its creditCard", () => {
    expect(cardFormSchema.safeParse(valid).success).toBe(true);
    const card = toCreditCard(valid);
    expect(card).toEqual({
      number: "4111111111111111",
      name: "MARIA DA SILVA",
      identity: "111.444.777-35",
      cvv: "857",
      expiryMonth: 12,
      expiryYear: Number(year),
      useCustomerAddress: true,
    });
    expect(creditCardSchema.safeParse(card).success).toBe(true);
  });

  it("answers an empty form in pt-BR, field by field", () => {
    const result = cardFormSchema.safeParse({
      ...valid,
      number: "",
      name: " ",
      identity: "",
      expiryMonth: "",
      expiryYear: "",
      cvv: "",
    });
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(messages).toEqual({
      number: "Número de cartão inválido ou bandeira não aceita.",
      name: "Informe o nome impresso no cartão.",
      identity: "Informe um CPF válido do titular.",
      expiryMonth: "Escolha o mês.",
      expiryYear: "Escolha o ano.",
      cvv: "O código de segurança tem 3 dígitos.",
    });
  });

  it("is the API's card schema: unsafe text is refused, in pt-BR", () => {
    for (const name of ["MARIA\u0000", "MARIA\r\nSILVA"]) {
      const result = cardFormSchema.safeParse({ ...valid, name });
      expect(result.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`)).toEqual([
        "name: Use uma só linha, sem quebras de linha, tabulações ou caracteres de controle.",
      ]);
    }
  });

  it("refuses bad numbers, CVV, CPF, past expiry and an incomplete billing address in pt-BR", () => {
    const result = cardFormSchema.safeParse({
      ...valid,
      number: "4111 1111 1111 1112",
      cvv: "12",
      identity: "111.111.111-11",
      expiryYear: "2020",
      useCustomerAddress: false,
      billingAddress: { ...emptyAddress, zipCode: "0131" },
    });
    const messages = result.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        "number: Número de cartão inválido ou bandeira não aceita.",
        "cvv: O código de segurança tem 3 dígitos.",
        "identity: Informe um CPF válido do titular.",
        "expiryYear: Cartão vencido.",
        "billingAddress.zipCode: Informe um CEP válido, com 8 dígitos.",
        "billingAddress.state: Escolha a UF.",
      ]),
    );
  });

  it("refuses a billing CEP of one repeated digit (00000-000 does not exist)", () => {
    const result = cardFormSchema.safeParse({
      ...valid,
      useCustomerAddress: false,
      billingAddress: { ...emptyAddress, zipCode: "00000-000" },
    });
    const messages = result.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(messages).toContain("billingAddress.zipCode: Informe um CEP válido, com 8 dígitos.");
  });
});
