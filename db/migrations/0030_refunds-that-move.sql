-- Refunds that move: destinations (Pix key or bank account), Pix returns through the PSP, Scheduled/Paid/Failed states, duplicate-payment refunds without an endorsement; the sandbox PSP keeps its devoluções by id.
CREATE TABLE "sandbox_psp_devolucoes" (
	"id" text PRIMARY KEY NOT NULL,
	"end_to_end_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_status_check";--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "endorsement_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reason" text DEFAULT 'CANCELLATION' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "pix_returns" jsonb;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "destination" jsonb;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "destination_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "sandbox_psp_devolucoes" ADD CONSTRAINT "sandbox_psp_devolucoes_end_to_end_id_sandbox_psp_received_end_to_end_id_fk" FOREIGN KEY ("end_to_end_id") REFERENCES "public"."sandbox_psp_received"("end_to_end_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_status_idx" ON "refunds" USING btree ("status");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reason_check" CHECK ("refunds"."reason" in ('CANCELLATION', 'DUPLICATE-PAYMENT'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('Pending', 'Refunded', 'AwaitingBankDetails', 'Scheduled', 'Paid', 'Failed'));