ALTER TABLE "payment_imports" DROP CONSTRAINT "payment_imports_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_imports" ADD CONSTRAINT "payment_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;