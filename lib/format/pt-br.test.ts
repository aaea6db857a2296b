import { describe, expect, it } from "vitest";
import { SANDBOX_DECLINE_REASON } from "@/lib/payments/sandbox";
import { asSentence } from "./pt-br";

describe("asSentence", () => {
  it("ends a reason with exactly one full stop, whether or not it brought one", () => {
    expect(asSentence("Cartão bloqueado")).toBe("Cartão bloqueado.");
    expect(asSentence("Cartão bloqueado. ")).toBe("Cartão bloqueado.");
    expect(asSentence("Tente mais tarde!")).toBe("Tente mais tarde!");
    expect(`${asSentence(SANDBOX_DECLINE_REASON)} Tente outro cartão.`).not.toContain("..");
  });
});
