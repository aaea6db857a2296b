DROP INDEX "policies_broker_vigency_end_idx";--> statement-breakpoint
CREATE INDEX "policies_broker_created_totals_idx" ON "policies" USING btree ("broker_id","created_at","total_cents","commission_cents");--> statement-breakpoint
CREATE INDEX "policies_broker_issued_vigency_end_idx" ON "policies" USING btree ("broker_id","vigency_expired_at") WHERE "policies"."status" = 'Issued';--> statement-breakpoint
CREATE INDEX "policy_installments_unpaid_attention_idx" ON "policy_installments" USING btree ("due_date","policy_id","status","premium_total_cents") WHERE "policy_installments"."status" in ('Pending', 'Overdue');--> statement-breakpoint
CREATE INDEX "quotations_broker_draft_expires_idx" ON "quotations" USING btree ("broker_id","expires_at") WHERE "quotations"."status" = 'Draft';--> statement-breakpoint
CREATE INDEX "policies_broker_vigency_end_idx" ON "policies" USING btree ("broker_id","vigency_expired_at","id");