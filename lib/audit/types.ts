/**
 * What the audit trail records (docs/audit.md). An action is `<object>.<verb>`; reads of personal
 * data end in `.read` and go through the read queue (lib/audit/read-queue.ts).
 */
export const AUDIT_ACTIONS = [
  "auth.sign-in",
  "auth.sign-in-failed",
  "auth.sign-out",
  "auth.second-factor-failed",
  "session.ended",
  "password.changed",
  "second-factor.enabled",
  "second-factor.removed",
  "second-factor.recovery-codes-regenerated",
  "second-factor.recovery-code-used",
  "passkey.added",
  "passkey.removed",
  "broker.second-factor-requirement-changed",
  "broker.created",
  "invitation.sent",
  "invitation.resent",
  "invitation.revoked",
  "invitation.accepted",
  "user.role-changed",
  "user.deactivated",
  "password.reset-requested",
  "password.reset",
  "email.change-requested",
  "email.changed",
  "auth.reauthenticated",
  "auth.reauthentication-failed",
  "api-key.created",
  "api-key.revoked",
  "webhook-endpoint.created",
  "webhook-endpoint.changed",
  "webhook-endpoint.deleted",
  "policy.endorsement-issued",
  "policy.canceled",
  "claim.noticed",
  "export.downloaded",
  "payments.imported",
  "payments.remessa-downloaded",
  "installment.second-copy",
  "refund.created",
  "refund.destination-set",
  "refund.paid",
  "refund.failed",
  "privacy-request.registered",
  "privacy-request.access-exported",
  "privacy-request.deletion-completed",
  "policy.read",
  "insured.read",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTOR_KINDS = ["user", "api-key", "system", "anonymous"] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/** Who acted: a portal user, a partner's API key, the platform itself (jobs), or nobody known. */
export type AuditActor =
  | { kind: "user"; id: string }
  | { kind: "api-key"; id: string }
  | { kind: "system" }
  | { kind: "anonymous" };

/** One entry as a caller gives it; the sequence and the hashes are the trail's to assign. */
export type AuditEntryInput = {
  /** The broker concerned; null only when none is known (a failed sign-in of an unknown e-mail). */
  brokerId: string | null;
  actor: AuditActor;
  clientAddress?: string | null;
  action: AuditAction;
  object?: { type: string; id: string } | null;
  /** Identifiers and facts only: refused if a key names a secret (lib/audit/details.ts). */
  details?: Record<string, unknown>;
  /** Defaults to now. */
  occurredAt?: Date;
};

/** An entry as stored and hashed. */
export type AuditEntry = {
  sequence: number;
  occurredAt: Date;
  brokerId: string | null;
  actorKind: string;
  actorId: string | null;
  clientAddress: string | null;
  action: string;
  objectType: string | null;
  objectId: string | null;
  details: Record<string, unknown>;
  prevHash: string;
  hash: string;
};

/** The first entry's prevHash. */
export const GENESIS_HASH = "0".repeat(64);
