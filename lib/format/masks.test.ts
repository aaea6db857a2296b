import { describe, expect, it } from "vitest";
import { maskCardNumber, maskCep, maskCpfCnpj, maskPhone } from "./masks";

describe("masks", () => {
  it("formats CPF and CNPJ as they are typed", () => {
    expect(maskCpfCnpj("529")).toBe("529");
    expect(maskCpfCnpj("5299822")).toBe("529.982.2");
    expect(maskCpfCnpj("52998224725")).toBe("529.982.247-25");
    expect(maskCpfCnpj("11222333000181")).toBe("11.222.333/0001-81");
    expect(maskCpfCnpj("12abc34501de35")).toBe("12.ABC.345/01DE-35");
  });

  it("formats CEP, phones and card numbers", () => {
    expect(maskCep("01310100")).toBe("01310-100");
    expect(maskCep("0131")).toBe("0131");
    expect(maskPhone("11987654321")).toBe("(11) 98765-4321");
    expect(maskPhone("1133334444")).toBe("(11) 3333-4444");
    expect(maskCardNumber("4111111111111111")).toBe("4111 1111 1111 1111");
    expect(maskCardNumber("378282246310005")).toBe("3782 822463 10005");
  });
});
