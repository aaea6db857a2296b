CREATE SEQUENCE "public"."boleto_our_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 99999999 START WITH 1 CACHE 1 CYCLE;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "boleto_our_numbers" jsonb;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "payment_reference" text;