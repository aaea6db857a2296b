DROP INDEX "policies_broker_vigency_end_idx";--> statement-breakpoint
CREATE INDEX "policies_broker_created_totals_idx" ON "policies" USING btree ("broker_id","created_at","total_cents","commission_cents");--> statement-breakpoint
CREATE INDEX "quotations_broker_draft_expires_idx" ON "quotations" USING btree ("broker_id","expires_at") WHERE "quotations"."status" = 'Draft';--> statement-breakpoint
CREATE INDEX "policies_broker_vigency_end_idx" ON "policies" USING btree ("broker_id","vigency_expired_at","id");