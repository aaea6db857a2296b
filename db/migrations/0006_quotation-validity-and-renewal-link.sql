ALTER TABLE "quotations" DROP CONSTRAINT "quotations_status_check";--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "previous_policy_id" uuid;--> statement-breakpoint
CREATE INDEX "quotations_previous_policy_idx" ON "quotations" USING btree ("previous_policy_id");--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_status_check" CHECK ("quotations"."status" in ('Draft', 'Confirmed', 'Finished', 'Expired'));