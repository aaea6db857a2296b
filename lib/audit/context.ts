import type { AuditActor } from "./types";

/**
 * Who acts, and from where, as a domain function that writes an audit entry is told by its caller
 * (the portal's action: the signed-in user; the API: the key). Without one the change is recorded
 * as the platform's own (`system`): jobs, scripts, tests.
 */
export type AuditContext = { actor: AuditActor; clientAddress?: string | null };

export const PLATFORM_AUDIT: AuditContext = { actor: { kind: "system" } };
