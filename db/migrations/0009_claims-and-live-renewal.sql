CREATE SEQUENCE "public"."claim_protocol_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100000000001 CACHE 1;--> statement-breakpoint
CREATE TABLE "claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"broker_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"protocol" text DEFAULT nextval('claim_protocol_seq')::text NOT NULL,
	"status" text DEFAULT 'Open' NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"description" text NOT NULL,
	"claimant_name" text NOT NULL,
	"estimated_cents" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claims_protocol_unique" UNIQUE("protocol"),
	CONSTRAINT "claims_status_check" CHECK ("claims"."status" in ('Open')),
	CONSTRAINT "claims_protocol_check" CHECK ("claims"."protocol" ~ '^[0-9]{12}$'),
	CONSTRAINT "claims_estimated_check" CHECK ("claims"."estimated_cents" is null or "claims"."estimated_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claims_policy_created_idx" ON "claims" USING btree ("policy_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_live_renewal_key" ON "quotations" USING btree ("previous_policy_id") WHERE "quotations"."previous_policy_id" is not null and "quotations"."status" in ('Draft', 'Confirmed', 'Finished');