import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createApiKeySchema, createKeyFormValues } from "@/lib/api-keys/create-key-schema";
import { fieldErrorsOf } from "@/lib/forms/action-result";

function form(entries: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return createKeyFormValues(data);
}

const base: [string, string][] = [
  ["name", "Parceiro"],
  ["dailyQuota", "1000"],
];

beforeEach(() => {
  // 10:00 in São Paulo on 2026-11-26.
  vi.useFakeTimers({ now: new Date("2026-11-26T13:00:00Z"), toFake: ["Date"] });
});
afterEach(() => vi.useRealTimers());

describe("the new key form", () => {
  it("defaults to both scopes as the checked boxes send them, any address, no expiry", () => {
    const parsed = createApiKeySchema.parse(
      form([...base, ["scopes", "write"], ["scopes", "read"], ["allowCidrs", ""], ["expiresOn", ""]]),
    );
    expect(parsed).toMatchObject({ scopes: ["read", "write"], allowCidrs: [], expiresOn: undefined });
  });

  it("reads one CIDR per line, IPv4 and IPv6, normalised without repeats", () => {
    const parsed = createApiKeySchema.parse(
      form([
        ...base,
        ["scopes", "read"],
        ["allowCidrs", " 203.0.113.9/24\r\n\n2001:DB8::/32\n203.0.113.0/24\n198.51.100.7 "],
      ]),
    );
    expect(parsed.scopes).toEqual(["read"]);
    expect(parsed.allowCidrs).toEqual(["203.0.113.0/24", "2001:db8::/32", "198.51.100.7/32"]);
  });

  it("names a bad CIDR in Portuguese", () => {
    const result = createApiKeySchema.safeParse(
      form([...base, ["scopes", "read"], ["allowCidrs", "203.0.113.0/24\n203.0.113.0/33"]]),
    );
    expect(result.success).toBe(false);
    expect(fieldErrorsOf(result.error!).allowCidrs).toBe(
      "“203.0.113.0/33” não é um endereço IP nem uma faixa CIDR (ex.: 203.0.113.0/24 ou 2001:db8::/32).",
    );
  });

  it("requires a scope", () => {
    const result = createApiKeySchema.safeParse(form(base));
    expect(fieldErrorsOf(result.error!).scopes).toBe("Escolha ao menos um escopo.");
    const forged = createApiKeySchema.safeParse(form([...base, ["scopes", "admin"]]));
    expect(fieldErrorsOf(forged.error!).scopes).toBe("Escolha escopos da lista.");
  });

  it("refuses a past or impossible date in Portuguese, and takes today as the last day", () => {
    const past = createApiKeySchema.safeParse(
      form([...base, ["scopes", "read"], ["expiresOn", "2026-11-25"]]),
    );
    expect(fieldErrorsOf(past.error!).expiresOn).toBe("A data de validade deve ser hoje ou uma data futura.");
    const impossible = createApiKeySchema.safeParse(
      form([...base, ["scopes", "read"], ["expiresOn", "2027-02-30"]]),
    );
    expect(fieldErrorsOf(impossible.error!).expiresOn).toBe("Informe uma data válida.");
    const today = createApiKeySchema.parse(form([...base, ["scopes", "read"], ["expiresOn", "2026-11-26"]]));
    // The key works through the whole day in São Paulo (UTC−3).
    expect(today.expiresOn).toEqual(new Date("2026-11-27T03:00:00Z"));
  });
});

describe("the restriction fields answer in pt-BR whatever is sent", () => {
  const ENGLISH =
    /\b(the|must|invalid|expected|required|input|received|text|between|characters|string|should)\b/i;
  const TYPED: unknown[] = ["", "x", "31/02/2026", "-1", "Dano\u0000", "a".repeat(6000), 7, null, ["x"], {}];

  it.each(["scopes", "allowCidrs", "expiresOn"])("%s", (field) => {
    const valid = { name: "ERP", dailyQuota: "1000", scopes: ["read"], allowCidrs: "", expiresOn: "" };
    const english: string[] = [];
    for (const typed of TYPED) {
      const parsed = createApiKeySchema.safeParse({ ...valid, [field]: typed });
      for (const issue of parsed.success ? [] : parsed.error.issues) {
        if (ENGLISH.test(issue.message)) english.push(`${JSON.stringify(typed)}: ${issue.message}`);
      }
    }
    expect(english).toEqual([]);
  });
});
