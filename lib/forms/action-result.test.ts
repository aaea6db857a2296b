import { describe, expect, it } from "vitest";
import { z } from "zod";
import { actionFailure, actionSuccess, fieldErrorsOf, invalidForm } from "./action-result";

const schema = z.object({
  name: z.string().min(2, "Nome curto.").max(3, "Nome longo."),
  age: z.number({ message: "Idade inválida." }),
});

describe("ActionResult", () => {
  it("keeps the first message of each field, in the schema's words", () => {
    const parsed = schema.safeParse({ name: "", age: "x" });
    expect(parsed.success).toBe(false);
    expect(fieldErrorsOf(parsed.error!)).toEqual({ name: "Nome curto.", age: "Idade inválida." });
  });

  it("answers a failed parse with the review message and echoes the values given", () => {
    const parsed = schema.safeParse({ name: "abcd", age: 3 });
    expect(invalidForm(parsed.error!, { name: "abcd" })).toEqual({
      ok: false,
      error: "Revise os campos destacados.",
      fieldErrors: { name: "Nome longo." },
      values: { name: "abcd" },
    });
  });

  it("has one shape for success and for failure", () => {
    expect(actionSuccess({ protocol: "X" })).toEqual({ ok: true, data: { protocol: "X" } });
    expect(actionSuccess()).toEqual({ ok: true, data: undefined });
    expect(actionFailure("Não.")).toEqual({ ok: false, error: "Não.", fieldErrors: {} });
  });
});
