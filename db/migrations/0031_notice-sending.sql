-- A notice handed to the SMTP server is marked Sending before the call and Sent after it: a run that
-- stopped in between is told apart from one that never tried (lib/notices/job.ts), so a re-run the
-- same day finishes what it left, resending only the one in flight (same Message-ID).
ALTER TABLE "installment_notices" DROP CONSTRAINT "installment_notices_status_check";--> statement-breakpoint
DROP INDEX "installment_notices_pending_idx";--> statement-breakpoint
CREATE INDEX "installment_notices_pending_idx" ON "installment_notices" USING btree ("created_at") WHERE "installment_notices"."status" in ('Pending', 'Sending');--> statement-breakpoint
ALTER TABLE "installment_notices" ADD CONSTRAINT "installment_notices_status_check" CHECK ("installment_notices"."status" in ('Pending', 'Sending', 'Sent', 'Failed'));