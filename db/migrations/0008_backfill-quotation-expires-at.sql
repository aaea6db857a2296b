-- Custom migration: validity of the quotations created before expires_at existed,
-- the same rule as lib/quotations/validity.ts: the end (São Paulo) of the earlier of the day 30 days
-- after the latest quote and the START-VIGENCY-DATE day. The expiry job marks the Draft ones past it.
UPDATE "quotations"
SET "expires_at" = (
  (least(("quoted_at" AT TIME ZONE 'America/Sao_Paulo')::date + 30,
         ("vigency_started_at" AT TIME ZONE 'America/Sao_Paulo')::date) + 1)::timestamp
  AT TIME ZONE 'America/Sao_Paulo'
) - interval '1 millisecond'
WHERE "expires_at" IS NULL;
