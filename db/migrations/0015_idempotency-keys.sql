CREATE TABLE "idempotency_keys" (
	"broker_id" uuid NOT NULL,
	"operation_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hmac" text NOT NULL,
	"state" text NOT NULL,
	"lease_token" uuid,
	"lease_expires_at" timestamp with time zone,
	"response_status" integer,
	"response_headers" jsonb,
	"response_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_broker_id_operation_id_key_pk" PRIMARY KEY("broker_id","operation_id","key"),
	CONSTRAINT "idempotency_keys_state_check" CHECK ("idempotency_keys"."state" in ('running', 'done')),
	CONSTRAINT "idempotency_keys_done_check" CHECK ("idempotency_keys"."state" <> 'done' or ("idempotency_keys"."response_status" is not null and "idempotency_keys"."response_body" is not null))
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_idx" ON "idempotency_keys" USING btree ("expires_at");