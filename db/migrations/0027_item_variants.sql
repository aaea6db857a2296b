ALTER TABLE "quotation_variants" ADD COLUMN "item_value_cents" bigint;--> statement-breakpoint
ALTER TABLE "quotation_variants" ADD COLUMN "aggregate" boolean DEFAULT false NOT NULL;