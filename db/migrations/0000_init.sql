CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE SEQUENCE "public"."policy_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000000000001 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."proposal_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10000000000001 CACHE 1;--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"broker_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"hash" text NOT NULL,
	"daily_quota" integer DEFAULT 1000 NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_prefix_unique" UNIQUE("prefix"),
	CONSTRAINT "api_keys_hash_unique" UNIQUE("hash"),
	CONSTRAINT "api_keys_daily_quota_check" CHECK ("api_keys"."daily_quota" > 0)
);
--> statement-breakpoint
CREATE TABLE "brokers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"register_number" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brokers_registerNumber_unique" UNIQUE("register_number")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"broker_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'member'))
);
--> statement-breakpoint
CREATE TABLE "modalities" (
	"code" text PRIMARY KEY NOT NULL,
	"operation_code" text NOT NULL,
	"text" text NOT NULL,
	"product_code" text NOT NULL,
	"product_text" text NOT NULL,
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "modalities_operationCode_unique" UNIQUE("operation_code")
);
--> statement-breakpoint
CREATE TABLE "checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"broker_id" uuid NOT NULL,
	"quotation_id" uuid NOT NULL,
	"proposal_id" uuid NOT NULL,
	"payment_method" text NOT NULL,
	"status" text DEFAULT 'Queued' NOT NULL,
	"card_token" text,
	"card_brand" text,
	"card_last4" text,
	"card_expiry_month" integer,
	"card_expiry_year" integer,
	"card_holder_name" text,
	"billing_address" jsonb,
	"job_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "checkouts_status_check" CHECK ("checkouts"."status" in ('Queued', 'Processing', 'Issued', 'Declined', 'Failed')),
	CONSTRAINT "checkouts_card_last4_check" CHECK ("checkouts"."card_last4" is null or "checkouts"."card_last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"broker_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"policy_id" uuid,
	"proposal_id" uuid,
	"installment_id" uuid,
	"file_name" text NOT NULL,
	"content_type" text DEFAULT 'application/pdf' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_kind_check" CHECK ("documents"."kind" in ('policy', 'proposal', 'boleto'))
);
--> statement-breakpoint
CREATE TABLE "policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"broker_id" uuid NOT NULL,
	"quotation_id" uuid NOT NULL,
	"checkout_id" uuid,
	"number" text NOT NULL,
	"policy_number" text NOT NULL,
	"status" text COLLATE "C" DEFAULT 'Issued' NOT NULL,
	"canceled_at" timestamp with time zone,
	"cancel_reason" text,
	"person_type" text NOT NULL,
	"insured_name" text NOT NULL,
	"insured_name_normalized" text COLLATE "C" NOT NULL,
	"insured_identity" text COLLATE "C" NOT NULL,
	"modality_code" text COLLATE "C" NOT NULL,
	"modality_text" text COLLATE "C" NOT NULL,
	"product_code" text COLLATE "C" NOT NULL,
	"product_text" text COLLATE "C" NOT NULL,
	"vigency_started_at" timestamp with time zone NOT NULL,
	"vigency_expired_at" timestamp with time zone NOT NULL,
	"policy_limit_cents" bigint NOT NULL,
	"net_cents" bigint NOT NULL,
	"tax_cents" bigint NOT NULL,
	"interest_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint NOT NULL,
	"commission_cents" bigint NOT NULL,
	"payment_method" text NOT NULL,
	"version" text DEFAULT '01.00' NOT NULL,
	"total_claims" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policies_quotation_key" UNIQUE("quotation_id"),
	CONSTRAINT "policies_number_key" UNIQUE("number"),
	CONSTRAINT "policies_policy_number_key" UNIQUE("policy_number"),
	CONSTRAINT "policies_status_check" CHECK ("policies"."status" in ('Issued', 'Expired', 'Canceled')),
	CONSTRAINT "policies_number_check" CHECK ("policies"."number" ~ '^[0-9]{24}$'),
	CONSTRAINT "policies_policy_number_check" CHECK ("policies"."policy_number" ~ '^[0-9]{13}$')
);
--> statement-breakpoint
CREATE TABLE "policy_installments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"policy_id" uuid NOT NULL,
	"installment_number" integer NOT NULL,
	"due_date" timestamp with time zone NOT NULL,
	"extra_cents" bigint DEFAULT 0 NOT NULL,
	"iof_cents" bigint NOT NULL,
	"tariff_premium_cents" bigint NOT NULL,
	"premium_total_cents" bigint NOT NULL,
	"interest_cents" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"paid_at" timestamp with time zone,
	"boleto_our_number" text,
	"typeable_line" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_installments_status_check" CHECK ("policy_installments"."status" in ('Pending', 'Paid', 'Overdue', 'Canceled')),
	CONSTRAINT "policy_installments_typeable_line_check" CHECK ("policy_installments"."typeable_line" is null or "policy_installments"."typeable_line" ~ '^[0-9]{47}$')
);
--> statement-breakpoint
CREATE TABLE "installment_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"variant_id" uuid NOT NULL,
	"payment_type" text NOT NULL,
	"installment_count" integer NOT NULL,
	"net_cents" bigint NOT NULL,
	"tax_cents" bigint NOT NULL,
	"interest_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint NOT NULL,
	"commission_cents" bigint NOT NULL,
	"installment_cents" bigint NOT NULL,
	"installment_tax_cents" bigint NOT NULL,
	"installment_interest_cents" bigint DEFAULT 0 NOT NULL,
	"due_dates" jsonb NOT NULL,
	CONSTRAINT "installment_plans_variant_plan_key" UNIQUE("variant_id","payment_type","installment_count"),
	CONSTRAINT "installment_plans_payment_type_check" CHECK ("installment_plans"."payment_type" in ('CreditCard', 'Ticket')),
	CONSTRAINT "installment_plans_count_check" CHECK ("installment_plans"."installment_count" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quotation_id" uuid NOT NULL,
	"number" text NOT NULL,
	"variant_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"payment_method" text NOT NULL,
	"due_day" integer,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposals_quotationId_unique" UNIQUE("quotation_id"),
	CONSTRAINT "proposals_number_unique" UNIQUE("number"),
	CONSTRAINT "proposals_payment_method_check" CHECK ("proposals"."payment_method" in ('TICKET', 'CREDIT-CARD')),
	CONSTRAINT "proposals_due_day_check" CHECK ("proposals"."due_day" is null or "proposals"."due_day" between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "quotation_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quotation_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"limit_cents" bigint NOT NULL,
	"deductible_code" text,
	"net_cents" bigint NOT NULL,
	"tax_cents" bigint NOT NULL,
	"interest_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint NOT NULL,
	"commission_cents" bigint NOT NULL,
	"grievance_cents" bigint DEFAULT 0 NOT NULL,
	"rates" jsonb NOT NULL,
	"underwriting_approved" boolean DEFAULT true NOT NULL,
	"evaluations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"broker_id" uuid NOT NULL,
	"modality_code" text NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"person_type" text NOT NULL,
	"insured_name" text NOT NULL,
	"insured_identity" text NOT NULL,
	"insured_email" text NOT NULL,
	"insured_phone" text NOT NULL,
	"insured_address" jsonb NOT NULL,
	"vigency_started_at" timestamp with time zone NOT NULL,
	"vigency_expired_at" timestamp with time zone NOT NULL,
	"commission_percent" numeric(6, 2) NOT NULL,
	"grievance_percent" numeric(6, 2) NOT NULL,
	"answers" jsonb NOT NULL,
	"decline_reason" text,
	"quoted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotations_status_check" CHECK ("quotations"."status" in ('Draft', 'Confirmed', 'Finished')),
	CONSTRAINT "quotations_person_type_check" CHECK ("quotations"."person_type" in ('NATURAL', 'LEGAL'))
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_installment_id_policy_installments_id_fk" FOREIGN KEY ("installment_id") REFERENCES "public"."policy_installments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_installments" ADD CONSTRAINT "policy_installments_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installment_plans" ADD CONSTRAINT "installment_plans_variant_id_quotation_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."quotation_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_variant_id_quotation_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."quotation_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_plan_id_installment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."installment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_variants" ADD CONSTRAINT "quotation_variants_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_modality_code_modalities_code_fk" FOREIGN KEY ("modality_code") REFERENCES "public"."modalities"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_broker_idx" ON "api_keys" USING btree ("broker_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_broker_idx" ON "users" USING btree ("broker_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_live_quotation_key" ON "checkouts" USING btree ("quotation_id") WHERE "checkouts"."status" in ('Queued', 'Processing', 'Issued');--> statement-breakpoint
CREATE INDEX "checkouts_quotation_idx" ON "checkouts" USING btree ("quotation_id","created_at");--> statement-breakpoint
CREATE INDEX "documents_policy_idx" ON "documents" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "documents_proposal_idx" ON "documents" USING btree ("proposal_id");--> statement-breakpoint
CREATE INDEX "policies_broker_created_idx" ON "policies" USING btree ("broker_id","created_at","id");--> statement-breakpoint
CREATE INDEX "policies_broker_product_idx" ON "policies" USING btree ("broker_id","product_text","id");--> statement-breakpoint
CREATE INDEX "policies_broker_modality_idx" ON "policies" USING btree ("broker_id","modality_text","id");--> statement-breakpoint
CREATE INDEX "policies_broker_status_idx" ON "policies" USING btree ("broker_id","status","id");--> statement-breakpoint
CREATE INDEX "policies_broker_name_idx" ON "policies" USING btree ("broker_id","insured_name_normalized","id");--> statement-breakpoint
CREATE INDEX "policies_broker_identity_idx" ON "policies" USING btree ("broker_id","insured_identity","id");--> statement-breakpoint
CREATE INDEX "policies_broker_vigency_start_idx" ON "policies" USING btree ("broker_id","vigency_started_at");--> statement-breakpoint
CREATE INDEX "policies_broker_vigency_end_idx" ON "policies" USING btree ("broker_id","vigency_expired_at");--> statement-breakpoint
CREATE INDEX "policies_name_trgm_idx" ON "policies" USING gin ("insured_name_normalized" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "policies_expiry_idx" ON "policies" USING btree ("vigency_expired_at") WHERE "policies"."status" = 'Issued';--> statement-breakpoint
CREATE UNIQUE INDEX "policy_installments_number_key" ON "policy_installments" USING btree ("policy_id","installment_number");--> statement-breakpoint
CREATE INDEX "quotation_variants_quotation_idx" ON "quotation_variants" USING btree ("quotation_id","position");--> statement-breakpoint
CREATE INDEX "quotations_broker_created_idx" ON "quotations" USING btree ("broker_id","created_at");