import { describe, expect, it } from "vitest";
import {
  formatIdentity,
  identityKind,
  identityPrefix,
  isValidCnpjValue,
  isValidCpfValue,
  normalizeIdentity,
  normalizeName,
} from "./identity";

describe("CPF and CNPJ", () => {
  it("accepts valid CPFs with or without punctuation and refuses bad check digits", () => {
    expect(isValidCpfValue("529.982.247-25")).toBe(true);
    expect(isValidCpfValue("52998224725")).toBe(true);
    expect(isValidCpfValue("529.982.247-26")).toBe(false);
    expect(isValidCpfValue("111.111.111-11")).toBe(false);
  });

  it("accepts numeric and the 2026 alphanumeric CNPJ", () => {
    expect(isValidCnpjValue("11.222.333/0001-81")).toBe(true);
    expect(isValidCnpjValue("11.222.333/0001-82")).toBe(false);
    expect(isValidCnpjValue("12.ABC.345/01DE-35")).toBe(true);
    expect(identityKind("12ABC34501DE35")).toBe("CNPJ");
    expect(identityKind("52998224725")).toBe("CPF");
  });

  it("normalises and formats", () => {
    expect(normalizeIdentity("12.abc.345/01de-35")).toBe("12ABC34501DE35");
    expect(formatIdentity("52998224725")).toBe("529.982.247-25");
    expect(formatIdentity("11222333000181")).toBe("11.222.333/0001-81");
  });

  it("tells which search texts could begin a CPF or CNPJ", () => {
    expect(identityPrefix("529.982.247-25")).toBe("52998224725");
    expect(identityPrefix("529")).toBe("529");
    expect(identityPrefix("12.abc.345/01de-35")).toBe("12ABC34501DE35");
    expect(identityPrefix("qxkz")).toBe("QXKZ");
    expect(identityPrefix("Clínica 24 Horas")).toBeUndefined();
    expect(identityPrefix("Conformidade Boleto ym8ll7")).toBeUndefined();
    expect(identityPrefix("ABCDEFGHIJKLM")).toBeUndefined();
    expect(identityPrefix("...")).toBeUndefined();
  });

  it("normalises names for search and sort", () => {
    expect(normalizeName("  Ângela   GONÇALVES ")).toBe("angela goncalves");
  });
});
