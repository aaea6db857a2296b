-- The keyed chain (lib/audit/mac.ts): entries written before it keep a null MAC ("legacy", docs/audit.md).
ALTER TABLE "audit_entries" ADD COLUMN "mac" text;