import type { UserRole } from "@/lib/auth/account";
import { can, type Permission } from "@/lib/auth/permissions";

type PortalNavItem = { href: string; label: string; permission?: Permission };

const ITEMS: PortalNavItem[] = [
  { href: "/", label: "Início" },
  { href: "/policies", label: "Apólices" },
  { href: "/renewals", label: "Renovações" },
  { href: "/quotations", label: "Cotações" },
  { href: "/quotations/new", label: "Nova cotação" },
  { href: "/commissions", label: "Comissões" },
  // The notices to insureds kept when no SMTP server is configured (any user of the broker).
  { href: "/settings/outbox", label: "Caixa de saída" },
  { href: "/settings/keys", label: "Chaves de API", permission: "manage-api-keys" },
  { href: "/settings/webhooks", label: "Webhooks", permission: "manage-webhooks" },
  { href: "/settings/users", label: "Usuários", permission: "manage-users" },
  { href: "/settings/payments", label: "Pagamentos", permission: "payments" },
  { href: "/settings/audit", label: "Auditoria", permission: "audit" },
  { href: "/settings/privacy", label: "Privacidade", permission: "privacy" },
];

/** The portal menu: the items the role may open (lib/auth/permissions.ts; the pages check again). */
export function portalNavItems(role: UserRole) {
  return ITEMS.filter((item) => !item.permission || can(role, item.permission)).map(({ href, label }) => ({
    href,
    label,
  }));
}
