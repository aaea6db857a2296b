CREATE TABLE "commission_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"broker_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"installment_id" uuid,
	"installment_number" integer,
	"refund_id" uuid,
	"type" text COLLATE "C" NOT NULL,
	"status" text COLLATE "C" NOT NULL,
	"base_cents" bigint NOT NULL,
	"rate" numeric(6, 4) NOT NULL,
	"amount_cents" bigint NOT NULL,
	"payout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_entries_type_check" CHECK ("commission_entries"."type" in ('EARNED', 'CLAWBACK')),
	CONSTRAINT "commission_entries_status_check" CHECK ("commission_entries"."status" in ('PENDING', 'AVAILABLE', 'PAID')),
	CONSTRAINT "commission_entries_shape_check" CHECK (("commission_entries"."type" = 'EARNED' and "commission_entries"."installment_id" is not null and "commission_entries"."refund_id" is null and "commission_entries"."amount_cents" >= 0)
        or ("commission_entries"."type" = 'CLAWBACK' and "commission_entries"."refund_id" is not null and "commission_entries"."status" <> 'PENDING' and "commission_entries"."amount_cents" <= 0)),
	CONSTRAINT "commission_entries_base_check" CHECK ("commission_entries"."base_cents" >= 0),
	CONSTRAINT "commission_entries_payout_check" CHECK (("commission_entries"."status" = 'PAID') = ("commission_entries"."payout_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "commission_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"broker_id" uuid NOT NULL,
	"period" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"entry_count" integer NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_payouts_broker_period_key" UNIQUE("broker_id","period"),
	CONSTRAINT "commission_payouts_period_check" CHECK ("commission_payouts"."period" ~ '^[0-9]{4}-[0-9]{2}$'),
	CONSTRAINT "commission_payouts_amount_check" CHECK ("commission_payouts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "endorsements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"broker_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"policy_version" text,
	"sequence" integer,
	"effective_date" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"base_policy_version" text NOT NULL,
	"base_policy_updated_at" timestamp with time zone NOT NULL,
	"reason" text,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"plan" jsonb NOT NULL,
	"premium_difference_cents" bigint DEFAULT 0 NOT NULL,
	"net_difference_cents" bigint DEFAULT 0 NOT NULL,
	"tax_difference_cents" bigint DEFAULT 0 NOT NULL,
	"refund_cents" bigint DEFAULT 0 NOT NULL,
	"refund_basis" text,
	"retained_percent" text,
	"commission_difference_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_at" timestamp with time zone,
	CONSTRAINT "endorsements_policy_sequence_key" UNIQUE("policy_id","sequence"),
	CONSTRAINT "endorsements_type_check" CHECK ("endorsements"."type" in ('REGISTRATION', 'COVERAGE', 'PAYMENT', 'CANCELLATION')),
	CONSTRAINT "endorsements_status_check" CHECK ("endorsements"."status" in ('Draft', 'Issued')),
	CONSTRAINT "endorsements_effective_date_check" CHECK ("endorsements"."effective_date" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
	CONSTRAINT "endorsements_refund_check" CHECK ("endorsements"."refund_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"broker_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"endorsement_id" uuid NOT NULL,
	"payment_method" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"gateway_refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "refunds_idempotency_key" UNIQUE("idempotency_key"),
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_cents" > 0),
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('Pending', 'Refunded', 'AwaitingBankDetails')),
	CONSTRAINT "refunds_payment_method_check" CHECK ("refunds"."payment_method" in ('CREDIT-CARD', 'TICKET'))
);
--> statement-breakpoint
ALTER TABLE "documents" DROP CONSTRAINT "documents_kind_check";--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "endorsement_id" uuid;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "commission_rate" numeric(6, 4) DEFAULT '0.2000' NOT NULL;--> statement-breakpoint
ALTER TABLE "commission_entries" ADD CONSTRAINT "commission_entries_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_entries" ADD CONSTRAINT "commission_entries_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_entries" ADD CONSTRAINT "commission_entries_installment_id_policy_installments_id_fk" FOREIGN KEY ("installment_id") REFERENCES "public"."policy_installments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_entries" ADD CONSTRAINT "commission_entries_payout_id_commission_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."commission_payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_payouts" ADD CONSTRAINT "commission_payouts_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "endorsements" ADD CONSTRAINT "endorsements_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "endorsements" ADD CONSTRAINT "endorsements_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_endorsement_id_endorsements_id_fk" FOREIGN KEY ("endorsement_id") REFERENCES "public"."endorsements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commission_entries_installment_key" ON "commission_entries" USING btree ("installment_id") WHERE "commission_entries"."installment_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "commission_entries_refund_key" ON "commission_entries" USING btree ("refund_id") WHERE "commission_entries"."refund_id" is not null;--> statement-breakpoint
CREATE INDEX "commission_entries_policy_idx" ON "commission_entries" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "commission_entries_broker_created_idx" ON "commission_entries" USING btree ("broker_id","created_at","status","amount_cents");--> statement-breakpoint
CREATE INDEX "commission_entries_available_idx" ON "commission_entries" USING btree ("broker_id","created_at") WHERE "commission_entries"."status" = 'AVAILABLE';--> statement-breakpoint
CREATE INDEX "commission_payouts_broker_paid_idx" ON "commission_payouts" USING btree ("broker_id","paid_at");--> statement-breakpoint
CREATE INDEX "endorsements_policy_created_idx" ON "endorsements" USING btree ("policy_id","created_at","id");--> statement-breakpoint
CREATE INDEX "refunds_policy_idx" ON "refunds" USING btree ("policy_id","created_at");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_endorsement_id_endorsements_id_fk" FOREIGN KEY ("endorsement_id") REFERENCES "public"."endorsements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_endorsement_idx" ON "documents" USING btree ("endorsement_id");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_kind_check" CHECK ("documents"."kind" in ('policy', 'proposal', 'boleto', 'endorsement'));