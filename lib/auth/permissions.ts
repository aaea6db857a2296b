import type { UserRole } from "@/db/schema/brokers";

/**
 * What each role may do in the portal (docs/accounts.md). A member does the day's work; finance
 * adds the payments files; an admin does everything, users, keys, webhooks, audit and privacy
 * included. Pages and actions ask `can(role, permission)`; the menu shows what the role can open.
 */
export const PERMISSIONS = {
  /** Users, invitations, roles and the second-factor requirement. */
  "manage-users": ["admin"],
  "manage-api-keys": ["admin"],
  "manage-webhooks": ["admin"],
  /** Return files, the remessa and the payments page. */
  payments: ["admin", "finance"],
  audit: ["admin"],
  privacy: ["admin"],
  "cancel-policy": ["admin"],
} as const satisfies Record<string, readonly UserRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: UserRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly UserRole[]).includes(role);
}

/** The role as the portal names it (pt-BR). */
export const ROLE_LABELS: Record<UserRole, string> = {
  admin: "Administrador(a)",
  member: "Membro",
  finance: "Financeiro",
};
