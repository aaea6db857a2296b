-- Custom: the commission ledger of the policies issued before it existed (docs/commissions.md,
-- "Backfill"). The rate is frozen from the quotation's stored BROKERAGE-COMMISSION percentage; the
-- policies' sync stamp (updated_at) is left as it was: the rate is not on the wire.
ALTER TABLE "policies" DISABLE TRIGGER "policies_stamp_updated_at";
--> statement-breakpoint
UPDATE "policies" AS p SET "commission_rate" = q."commission_percent" / 100
FROM "quotations" AS q
WHERE q."id" = p."quotation_id" AND p."commission_rate" IS DISTINCT FROM q."commission_percent" / 100;
--> statement-breakpoint
ALTER TABLE "policies" ENABLE TRIGGER "policies_stamp_updated_at";
--> statement-breakpoint
-- One EARNED entry per installment not canceled: AVAILABLE at its paidAt when paid, PENDING (dated at
-- the policy's issuance) when unpaid; amount = round(net share x rate) half to even, as
-- lib/commissions/core.ts computes it (a test compares the two).
INSERT INTO "commission_entries"
  ("broker_id", "policy_id", "installment_id", "installment_number", "type", "status", "base_cents", "rate", "amount_cents", "created_at")
SELECT p."broker_id", p."id", i."id", i."installment_number", 'EARNED',
  CASE WHEN i."status" = 'Paid' THEN 'AVAILABLE' ELSE 'PENDING' END,
  i."tariff_premium_cents", p."commission_rate",
  (CASE
    WHEN x.exact - floor(x.exact) = 0.5 THEN floor(x.exact) + mod(floor(x.exact), 2)
    ELSE round(x.exact)
  END)::bigint,
  CASE WHEN i."status" = 'Paid' THEN coalesce(i."paid_at", p."created_at") ELSE p."created_at" END
FROM "policy_installments" AS i
JOIN "policies" AS p ON p."id" = i."policy_id"
CROSS JOIN LATERAL (SELECT i."tariff_premium_cents"::numeric * p."commission_rate" AS exact) AS x
WHERE i."status" IN ('Pending', 'Overdue', 'Paid')
  AND NOT EXISTS (SELECT 1 FROM "commission_entries" AS e WHERE e."installment_id" = i."id");
