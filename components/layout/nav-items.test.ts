import { describe, expect, it } from "vitest";
import { can, PERMISSIONS } from "@/lib/auth/permissions";
import { portalNavItems } from "./nav-items";

const labels = (role: Parameters<typeof portalNavItems>[0]) => portalNavItems(role).map((item) => item.label);

describe("the menu by role (lib/auth/permissions.ts)", () => {
  it("finance sees Pagamentos but none of keys, webhooks, users, audit, privacy", () => {
    expect(labels("finance")).toContain("Pagamentos");
    expect(labels("finance")).toContain("Comissões");
    for (const label of ["Chaves de API", "Webhooks", "Usuários", "Auditoria", "Privacidade"])
      expect(labels("finance")).not.toContain(label);
  });

  it("a member sees the day's work only; an admin everything", () => {
    expect(labels("member")).toEqual([
      "Início",
      "Apólices",
      "Renovações",
      "Cotações",
      "Nova cotação",
      "Comissões",
      "Caixa de saída",
    ]);
    expect(labels("admin")).toEqual([
      ...labels("member"),
      "Chaves de API",
      "Webhooks",
      "Usuários",
      "Pagamentos",
      "Auditoria",
      "Privacidade",
    ]);
  });

  it("finance may only do payments of what a member may not", () => {
    const extra = (Object.keys(PERMISSIONS) as (keyof typeof PERMISSIONS)[]).filter(
      (permission) => can("finance", permission) && !can("member", permission),
    );
    expect(extra).toEqual(["payments"]);
    expect(Object.keys(PERMISSIONS).every((permission) => can("admin", permission as never))).toBe(true);
  });
});
