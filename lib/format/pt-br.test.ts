import { describe, expect, it } from "vitest";
import { SANDBOX_DECLINE_REASON } from "@/lib/payments/sandbox";
import { asSentence, formatAddressLine } from "./pt-br";

describe("asSentence", () => {
  it("ends a reason with exactly one full stop, whether or not it brought one", () => {
    expect(asSentence("Cartão bloqueado")).toBe("Cartão bloqueado.");
    expect(asSentence("Cartão bloqueado. ")).toBe("Cartão bloqueado.");
    expect(asSentence("Tente mais tarde!")).toBe("Tente mais tarde!");
    expect(`${asSentence(SANDBOX_DECLINE_REASON)} Tente outro cartão.`).not.toContain("..");
  });
});

describe("formatAddressLine", () => {
  const address = {
    street: "Rua das Flores",
    number: "12",
    complement: "",
    neighborhood: "Centro",
    city: "Curitiba",
    state: "PR",
    zipCode: "80010000",
  };

  it("joins the parts on one line with the CEP masked", () => {
    expect(formatAddressLine(address)).toBe("Rua das Flores, 12 · Centro · Curitiba/PR · CEP 80010-000");
    expect(formatAddressLine({ ...address, complement: "apto 3" })).toBe(
      "Rua das Flores, 12 apto 3 · Centro · Curitiba/PR · CEP 80010-000",
    );
  });
});
