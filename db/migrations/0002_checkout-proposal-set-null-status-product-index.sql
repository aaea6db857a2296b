ALTER TABLE "checkouts" DROP CONSTRAINT "checkouts_proposal_id_proposals_id_fk";
--> statement-breakpoint
ALTER TABLE "checkouts" ALTER COLUMN "proposal_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "policies_broker_status_product_idx" ON "policies" USING btree ("broker_id","status","product_code","product_text","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);