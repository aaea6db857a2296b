ALTER TABLE "api_keys" ADD COLUMN "scopes" text[] DEFAULT '{read,write}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "allow_cidrs" text[];--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_scopes_check" CHECK (cardinality("api_keys"."scopes") > 0 and "api_keys"."scopes" <@ array['read', 'write']::text[]);--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_allow_cidrs_check" CHECK ("api_keys"."allow_cidrs" is null or cardinality("api_keys"."allow_cidrs") > 0);