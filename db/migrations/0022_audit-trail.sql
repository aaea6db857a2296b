CREATE TABLE "audit_entries" (
	"sequence" bigint PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"broker_id" uuid,
	"actor_kind" text NOT NULL,
	"actor_id" uuid,
	"client_address" text,
	"action" text NOT NULL,
	"object_type" text,
	"object_id" text,
	"details" jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "audit_entries_sequence_positive" CHECK ("audit_entries"."sequence" > 0)
);
--> statement-breakpoint
ALTER TABLE "user_sessions" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_entries_broker_idx" ON "audit_entries" USING btree ("broker_id","sequence");--> statement-breakpoint
CREATE INDEX "audit_entries_broker_object_idx" ON "audit_entries" USING btree ("broker_id","object_type","object_id","sequence");--> statement-breakpoint
-- Custom: the audit trail is append-only. UPDATE, DELETE and TRUNCATE are refused whoever runs them
-- (the app's role included); there is no purge in this version (docs/audit.md, "Retention").
CREATE OR REPLACE FUNCTION "audit_entries_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_entries is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_entries_append_only" BEFORE UPDATE OR DELETE ON "audit_entries"
  FOR EACH ROW EXECUTE FUNCTION "audit_entries_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "audit_entries_no_truncate" BEFORE TRUNCATE ON "audit_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_entries_refuse_change"();
