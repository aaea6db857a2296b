CREATE SEQUENCE "public"."events_commit_sequence" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "commit_sequence" bigint;--> statement-breakpoint
CREATE INDEX "events_broker_commit_idx" ON "events" USING btree ("broker_id","commit_sequence");--> statement-breakpoint
CREATE INDEX "events_broker_type_commit_idx" ON "events" USING btree ("broker_id","type","commit_sequence");--> statement-breakpoint
CREATE INDEX "events_created_idx" ON "events" USING btree ("created_at");