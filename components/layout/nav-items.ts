import type { UserRole } from "@/lib/auth/account";

/** The portal menu; "Chaves de API", "Webhooks", "Usuários", "Pagamentos", "Auditoria" and "Privacidade" only for admins (the pages check again). */
export function portalNavItems(role: UserRole) {
  return [
    { href: "/", label: "Início" },
    { href: "/policies", label: "Apólices" },
    { href: "/renewals", label: "Renovações" },
    { href: "/quotations", label: "Cotações" },
    { href: "/quotations/new", label: "Nova cotação" },
    { href: "/commissions", label: "Comissões" },
    // The notices to insureds kept when no SMTP server is configured (any user of the broker).
    { href: "/settings/outbox", label: "Caixa de saída" },
    ...(role === "admin"
      ? [
          { href: "/settings/keys", label: "Chaves de API" },
          { href: "/settings/webhooks", label: "Webhooks" },
          { href: "/settings/users", label: "Usuários" },
          { href: "/settings/payments", label: "Pagamentos" },
          { href: "/settings/audit", label: "Auditoria" },
          { href: "/settings/privacy", label: "Privacidade" },
        ]
      : []),
  ];
}
