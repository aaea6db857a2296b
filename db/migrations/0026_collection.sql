CREATE TABLE "boleto_instructions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"boleto_id" uuid NOT NULL,
	"code" text NOT NULL,
	"new_due_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "boleto_instructions_code_check" CHECK ("boleto_instructions"."code" in ('01', '02', '06'))
);
--> statement-breakpoint
CREATE TABLE "installment_boletos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"installment_id" uuid NOT NULL,
	"second_copy_id" uuid,
	"our_number" text NOT NULL,
	"typeable_line" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"due_date" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"registration" text DEFAULT 'Pending' NOT NULL,
	"reject_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"written_off_at" timestamp with time zone,
	CONSTRAINT "installment_boletos_status_check" CHECK ("installment_boletos"."status" in ('Active', 'WrittenOff')),
	CONSTRAINT "installment_boletos_registration_check" CHECK ("installment_boletos"."registration" in ('Pending', 'Registered', 'Rejected'))
);
--> statement-breakpoint
CREATE TABLE "installment_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"broker_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"installment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"deadline_at" timestamp with time zone,
	"message_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "installment_notices_kind_check" CHECK ("installment_notices"."kind" in ('due-soon', 'overdue', 'formal')),
	CONSTRAINT "installment_notices_status_check" CHECK ("installment_notices"."status" in ('Pending', 'Sent', 'Failed'))
);
--> statement-breakpoint
CREATE TABLE "pix_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"installment_id" uuid NOT NULL,
	"second_copy_id" uuid,
	"txid" text NOT NULL,
	"location" text NOT NULL,
	"copy_paste" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"due_date" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "pix_charges_txid_check" CHECK ("pix_charges"."txid" ~ '^[A-Za-z0-9]{26,35}$'),
	CONSTRAINT "pix_charges_status_check" CHECK ("pix_charges"."status" in ('Active', 'Paid', 'Replaced', 'Canceled'))
);
--> statement-breakpoint
CREATE TABLE "pix_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"end_to_end_id" text NOT NULL,
	"txid" text,
	"amount_cents" bigint NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"outcome" text NOT NULL,
	"pix_charge_id" uuid,
	"installment_id" uuid,
	"broker_id" uuid,
	"expected_cents" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pix_receipts_outcome_check" CHECK ("pix_receipts"."outcome" in ('applied', 'already-paid', 'unknown-txid', 'amount-mismatch'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_psp_charges" (
	"txid" text PRIMARY KEY NOT NULL,
	"amount_cents" bigint NOT NULL,
	"due_day" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_psp_received" (
	"end_to_end_id" text PRIMARY KEY NOT NULL,
	"txid" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "second_copies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"installment_id" uuid NOT NULL,
	"due_date" timestamp with time zone NOT NULL,
	"days_late" integer NOT NULL,
	"original_cents" bigint NOT NULL,
	"fine_cents" bigint NOT NULL,
	"interest_cents" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"source" text NOT NULL,
	"user_id" uuid,
	"api_key_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" DROP CONSTRAINT "documents_kind_check";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_payment_method_check";--> statement-breakpoint
ALTER TABLE "installment_plans" DROP CONSTRAINT "installment_plans_payment_type_check";--> statement-breakpoint
ALTER TABLE "proposals" DROP CONSTRAINT "proposals_payment_method_check";--> statement-breakpoint
ALTER TABLE "boleto_instructions" ADD CONSTRAINT "boleto_instructions_boleto_id_installment_boletos_id_fk" FOREIGN KEY ("boleto_id") REFERENCES "public"."installment_boletos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installment_boletos" ADD CONSTRAINT "installment_boletos_installment_id_policy_installments_id_fk" FOREIGN KEY ("installment_id") REFERENCES "public"."policy_installments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installment_boletos" ADD CONSTRAINT "installment_boletos_second_copy_id_second_copies_id_fk" FOREIGN KEY ("second_copy_id") REFERENCES "public"."second_copies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installment_notices" ADD CONSTRAINT "installment_notices_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installment_notices" ADD CONSTRAINT "installment_notices_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installment_notices" ADD CONSTRAINT "installment_notices_installment_id_policy_installments_id_fk" FOREIGN KEY ("installment_id") REFERENCES "public"."policy_installments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_installment_id_policy_installments_id_fk" FOREIGN KEY ("installment_id") REFERENCES "public"."policy_installments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_second_copy_id_second_copies_id_fk" FOREIGN KEY ("second_copy_id") REFERENCES "public"."second_copies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_receipts" ADD CONSTRAINT "pix_receipts_pix_charge_id_pix_charges_id_fk" FOREIGN KEY ("pix_charge_id") REFERENCES "public"."pix_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_receipts" ADD CONSTRAINT "pix_receipts_installment_id_policy_installments_id_fk" FOREIGN KEY ("installment_id") REFERENCES "public"."policy_installments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_receipts" ADD CONSTRAINT "pix_receipts_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_copies" ADD CONSTRAINT "second_copies_installment_id_policy_installments_id_fk" FOREIGN KEY ("installment_id") REFERENCES "public"."policy_installments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_copies" ADD CONSTRAINT "second_copies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "boleto_instructions_created_idx" ON "boleto_instructions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "installment_boletos_our_number_idx" ON "installment_boletos" USING btree ("our_number");--> statement-breakpoint
CREATE INDEX "installment_boletos_installment_idx" ON "installment_boletos" USING btree ("installment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "installment_notices_kind_key" ON "installment_notices" USING btree ("installment_id","kind");--> statement-breakpoint
CREATE INDEX "installment_notices_broker_created_idx" ON "installment_notices" USING btree ("broker_id","created_at");--> statement-breakpoint
CREATE INDEX "installment_notices_policy_idx" ON "installment_notices" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "installment_notices_pending_idx" ON "installment_notices" USING btree ("created_at") WHERE "installment_notices"."status" = 'Pending';--> statement-breakpoint
CREATE INDEX "installment_notices_formal_deadline_idx" ON "installment_notices" USING btree ("deadline_at") WHERE "installment_notices"."kind" = 'formal';--> statement-breakpoint
CREATE UNIQUE INDEX "pix_charges_txid_key" ON "pix_charges" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "pix_charges_installment_idx" ON "pix_charges" USING btree ("installment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pix_charges_one_active_key" ON "pix_charges" USING btree ("installment_id") WHERE "pix_charges"."status" = 'Active';--> statement-breakpoint
CREATE UNIQUE INDEX "pix_receipts_end_to_end_key" ON "pix_receipts" USING btree ("end_to_end_id");--> statement-breakpoint
CREATE INDEX "pix_receipts_broker_created_idx" ON "pix_receipts" USING btree ("broker_id","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_psp_received_paid_idx" ON "sandbox_psp_received" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "second_copies_installment_idx" ON "second_copies" USING btree ("installment_id","created_at");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_kind_check" CHECK ("documents"."kind" in ('policy', 'proposal', 'boleto', 'pix', 'endorsement'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_method_check" CHECK ("refunds"."payment_method" in ('CREDIT-CARD', 'TICKET', 'PIX'));--> statement-breakpoint
ALTER TABLE "installment_plans" ADD CONSTRAINT "installment_plans_payment_type_check" CHECK ("installment_plans"."payment_type" in ('CreditCard', 'Ticket', 'Pix'));--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_payment_method_check" CHECK ("proposals"."payment_method" in ('TICKET', 'CREDIT-CARD', 'PIX'));--> statement-breakpoint
-- Boletos issued before this table existed were registered online by the gateway at issuance: kept
-- as Registered, without a remessa entry, so that the return file still matches them by our number.
INSERT INTO "installment_boletos" ("installment_id", "our_number", "typeable_line", "amount_cents", "due_date", "status", "registration", "created_at", "written_off_at")
SELECT "id", "boleto_our_number", "typeable_line", "premium_total_cents", "due_date",
       CASE WHEN "status" = 'Canceled' THEN 'WrittenOff' ELSE 'Active' END, 'Registered', "created_at",
       CASE WHEN "status" = 'Canceled' THEN now() ELSE NULL END
FROM "policy_installments" WHERE "boleto_our_number" IS NOT NULL AND "typeable_line" IS NOT NULL;
