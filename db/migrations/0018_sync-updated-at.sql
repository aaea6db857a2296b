ALTER TABLE "policies" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "policies_broker_updated_idx" ON "policies" USING btree ("broker_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "quotations_broker_updated_idx" ON "quotations" USING btree ("broker_id","updated_at","id");--> statement-breakpoint
-- Custom: updated_at of policies and quotations, the partners' sync stamp (updatedAt, updatedFrom).
-- Existing rows get their latest known change (capped at now): for a policy its creation,
-- cancellation, expiry, latest payment, an installment falling overdue (the day after its due date)
-- or its latest claim; for a quotation its own stamp, its proposal or its latest checkout.
UPDATE "policies" AS p SET "updated_at" = least(now(), greatest(
  p."created_at",
  p."canceled_at",
  CASE WHEN p."status" = 'Expired' THEN p."vigency_expired_at" END,
  (SELECT max(greatest(i."paid_at", CASE WHEN i."status" = 'Overdue' THEN i."due_date" + interval '1 day' END))
     FROM "policy_installments" AS i WHERE i."policy_id" = p."id"),
  (SELECT max(c."created_at") FROM "claims" AS c WHERE c."policy_id" = p."id")
));
--> statement-breakpoint
UPDATE "quotations" AS q SET "updated_at" = least(now(), greatest(
  q."updated_at",
  q."created_at",
  (SELECT pr."created_at" FROM "proposals" AS pr WHERE pr."quotation_id" = q."id"),
  (SELECT max(ch."updated_at") FROM "checkouts" AS ch WHERE ch."quotation_id" = q."id")
));
--> statement-breakpoint
-- Any change of the row stamps it with the clock (not the transaction's start: a long job's rows
-- would then carry a stamp minutes older than their commit). An update that changes nothing keeps it.
CREATE OR REPLACE FUNCTION "stamp_updated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW IS DISTINCT FROM OLD THEN
    NEW."updated_at" := clock_timestamp();
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "policies_stamp_updated_at" BEFORE UPDATE ON "policies"
  FOR EACH ROW EXECUTE FUNCTION "stamp_updated_at"();
--> statement-breakpoint
CREATE TRIGGER "quotations_stamp_updated_at" BEFORE UPDATE ON "quotations"
  FOR EACH ROW EXECUTE FUNCTION "stamp_updated_at"();
--> statement-breakpoint
-- Children touch their parent once per statement (transition tables), not once per row: a daily
-- job's batch of 1,000 installments costs one UPDATE of at most 1,000 policies. The parents are
-- locked in id order first, so two batches touching overlapping policies cannot deadlock each other.
CREATE OR REPLACE FUNCTION "touch_policies"(policy_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "policies" WHERE "id" = ANY(policy_ids) ORDER BY "id" FOR UPDATE;
  UPDATE "policies" SET "updated_at" = clock_timestamp() WHERE "id" = ANY(policy_ids);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "touch_quotations"(quotation_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "quotations" WHERE "id" = ANY(quotation_ids) ORDER BY "id" FOR UPDATE;
  UPDATE "quotations" SET "updated_at" = clock_timestamp() WHERE "id" = ANY(quotation_ids);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "installments_touch_policies_added_or_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "touch_policies"(ARRAY(SELECT DISTINCT "policy_id" FROM "changed_rows"));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "installments_touch_policies_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "touch_policies"(ARRAY(
    SELECT DISTINCT n."policy_id" FROM "new_rows" AS n JOIN "old_rows" AS o ON o."id" = n."id"
    WHERE n IS DISTINCT FROM o
    UNION SELECT o."policy_id" FROM "new_rows" AS n JOIN "old_rows" AS o ON o."id" = n."id"
    WHERE n IS DISTINCT FROM o));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "policy_installments_touch_policy_insert" AFTER INSERT ON "policy_installments"
  REFERENCING NEW TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "installments_touch_policies_added_or_removed"();
--> statement-breakpoint
CREATE TRIGGER "policy_installments_touch_policy_delete" AFTER DELETE ON "policy_installments"
  REFERENCING OLD TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "installments_touch_policies_added_or_removed"();
--> statement-breakpoint
CREATE TRIGGER "policy_installments_touch_policy_update" AFTER UPDATE ON "policy_installments"
  REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "installments_touch_policies_updated"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "proposals_touch_quotations_added_or_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "touch_quotations"(ARRAY(SELECT DISTINCT "quotation_id" FROM "changed_rows"));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "proposals_touch_quotations_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "touch_quotations"(ARRAY(
    SELECT n."quotation_id" FROM "new_rows" AS n JOIN "old_rows" AS o ON o."id" = n."id"
    WHERE n IS DISTINCT FROM o
    UNION SELECT o."quotation_id" FROM "new_rows" AS n JOIN "old_rows" AS o ON o."id" = n."id"
    WHERE n IS DISTINCT FROM o));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "proposals_touch_quotation_insert" AFTER INSERT ON "proposals"
  REFERENCING NEW TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "proposals_touch_quotations_added_or_removed"();
--> statement-breakpoint
CREATE TRIGGER "proposals_touch_quotation_delete" AFTER DELETE ON "proposals"
  REFERENCING OLD TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "proposals_touch_quotations_added_or_removed"();
--> statement-breakpoint
CREATE TRIGGER "proposals_touch_quotation_update" AFTER UPDATE ON "proposals"
  REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "proposals_touch_quotations_updated"();
--> statement-breakpoint
-- A checkout shows its status, payment method, reason, attempts, times and card: a change of only
-- its job id or gateway reference is not a change of the quotation.
CREATE OR REPLACE FUNCTION "checkouts_touch_quotations_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "touch_quotations"(ARRAY(SELECT DISTINCT "quotation_id" FROM "changed_rows"));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "checkouts_touch_quotations_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "touch_quotations"(ARRAY(
    SELECT DISTINCT n."quotation_id" FROM "new_rows" AS n JOIN "old_rows" AS o ON o."id" = n."id"
    WHERE (n."status", n."payment_method", n."failure_reason", n."attempts", n."updated_at",
           n."card_brand", n."card_last4", n."quotation_id")
      IS DISTINCT FROM (o."status", o."payment_method", o."failure_reason", o."attempts", o."updated_at",
           o."card_brand", o."card_last4", o."quotation_id")));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "checkouts_touch_quotation_insert" AFTER INSERT ON "checkouts"
  REFERENCING NEW TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "checkouts_touch_quotations_inserted"();
--> statement-breakpoint
CREATE TRIGGER "checkouts_touch_quotation_update" AFTER UPDATE ON "checkouts"
  REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "checkouts_touch_quotations_updated"();
