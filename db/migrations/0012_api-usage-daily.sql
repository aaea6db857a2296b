CREATE TABLE "api_usage_daily" (
	"api_key_id" uuid NOT NULL,
	"day" date NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"succeeded" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"blocked" integer DEFAULT 0 NOT NULL,
	"latency_total_us" bigint DEFAULT 0 NOT NULL,
	"latency_max_us" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "api_usage_daily_api_key_id_day_pk" PRIMARY KEY("api_key_id","day"),
	CONSTRAINT "api_usage_daily_counts_check" CHECK ("api_usage_daily"."calls" = "api_usage_daily"."succeeded" + "api_usage_daily"."failed" + "api_usage_daily"."blocked")
);
--> statement-breakpoint
ALTER TABLE "api_usage_daily" ADD CONSTRAINT "api_usage_daily_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;