import { describe, expect, it } from "vitest";
import { auditCsvLine } from "@/lib/audit-export/csv";
import { auditFilters, auditQueryString, parseAuditPageQuery } from "./query";

describe("the audit page's query", () => {
  it("reads the filters and drops what it cannot read", () => {
    const query = parseAuditPageQuery({
      actor: "00000000-0000-4000-8000-000000000001",
      action: "auth.sign-in",
      objectType: "policy",
      objectId: " 1000000000001 ",
      from: "2026-05-01",
      to: "2026-05-31",
      before: "120",
    });
    expect(query).toEqual({
      actor: "00000000-0000-4000-8000-000000000001",
      action: "auth.sign-in",
      objectType: "policy",
      objectId: "1000000000001",
      from: "2026-05-01",
      to: "2026-05-31",
      before: 120,
    });
    expect(
      parseAuditPageQuery({ actor: "x", action: "drop.table", from: "01/05/2026", before: "-1" }),
    ).toEqual({});
    expect(parseAuditPageQuery({ actor: "", action: ["auth.sign-out", "x"] })).toEqual({
      action: "auth.sign-out",
    });
  });

  it("bounds the days in São Paulo, both inclusive", () => {
    const filters = auditFilters(parseAuditPageQuery({ from: "2026-05-01", to: "2026-05-31" }));
    expect(filters.from?.toISOString()).toBe("2026-05-01T03:00:00.000Z");
    expect(filters.to?.toISOString()).toBe("2026-06-01T02:59:59.999Z");
    expect(auditQueryString({ action: "auth.sign-in", objectId: "", before: 5 })).toBe(
      "?action=auth.sign-in&before=5",
    );
  });

  it("writes a CSV line like the policy export: pt-BR, `;`, formulas neutralised", () => {
    const line = auditCsvLine(
      {
        sequence: 42,
        occurredAt: new Date("2026-05-04T15:30:00.000Z"),
        brokerId: null,
        actorKind: "user",
        actorId: "00000000-0000-4000-8000-000000000001",
        clientAddress: "203.0.113.7",
        action: "policy.canceled",
        objectType: "policy",
        objectId: "1000000000001",
        details: { cancelReason: "=HYPERLINK(1)" },
        prevHash: "0".repeat(64),
        hash: "a".repeat(64),
        mac: "b".repeat(64),
      },
      "Ana (ana@teste.com.br)",
    );
    const fields = line.split(";");
    expect(fields.slice(0, 9)).toEqual([
      '"=""42"""',
      "04/05/2026, 12:30",
      "Apólice cancelada",
      "policy.canceled",
      "Ana (ana@teste.com.br)",
      "Usuário",
      "203.0.113.7",
      "Apólice",
      "1000000000001",
    ]);
    expect(line).toContain('"{""cancelReason"":""=HYPERLINK(1)""}"');
  });
});
