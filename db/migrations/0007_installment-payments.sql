CREATE TABLE "installment_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"installment_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"charge_key" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"charge_id" text,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "installment_charges_attempt_key" UNIQUE("installment_id","attempt"),
	CONSTRAINT "installment_charges_charge_key" UNIQUE("charge_key"),
	CONSTRAINT "installment_charges_status_check" CHECK ("installment_charges"."status" in ('Pending', 'Approved', 'Declined'))
);
--> statement-breakpoint
CREATE TABLE "payment_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"broker_id" uuid,
	"user_id" uuid,
	"source" text NOT NULL,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"status" text NOT NULL,
	"reject_reason" text,
	"matched_count" integer NOT NULL,
	"already_paid_count" integer NOT NULL,
	"unknown_count" integer NOT NULL,
	"mismatch_count" integer NOT NULL,
	"settled_cents" bigint NOT NULL,
	"lines" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_imports_status_check" CHECK ("payment_imports"."status" in ('Applied', 'Rejected'))
);
--> statement-breakpoint
ALTER TABLE "policy_installments" ADD COLUMN "paid_cents" bigint;--> statement-breakpoint
ALTER TABLE "installment_charges" ADD CONSTRAINT "installment_charges_installment_id_policy_installments_id_fk" FOREIGN KEY ("installment_id") REFERENCES "public"."policy_installments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_imports" ADD CONSTRAINT "payment_imports_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_imports" ADD CONSTRAINT "payment_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "installment_charges_pending_idx" ON "installment_charges" USING btree ("created_at") WHERE "installment_charges"."status" = 'Pending';--> statement-breakpoint
CREATE INDEX "payment_imports_broker_created_idx" ON "payment_imports" USING btree ("broker_id","created_at");--> statement-breakpoint
CREATE INDEX "policy_installments_unpaid_due_idx" ON "policy_installments" USING btree ("due_date","id") WHERE "policy_installments"."status" in ('Pending', 'Overdue');--> statement-breakpoint
CREATE INDEX "policy_installments_our_number_idx" ON "policy_installments" USING btree ("boleto_our_number") WHERE "policy_installments"."boleto_our_number" is not null;