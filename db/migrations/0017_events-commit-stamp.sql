-- Custom migration: the events' commit order (db/schema/events.ts, commit_sequence), the events
-- feed's cursor. `sequence` is drawn at insert, so a transaction that inserts first and commits last
-- would be skipped by a reader paging on it. A deferred trigger numbers each event at its
-- transaction's commit instead, under a transaction-level advisory lock: the lock is released only
-- once the commit is visible, so a reader that sees number N also sees every number below N that
-- committed. The lock is held only from the stamp to the commit.
-- The events already written are committed: they keep their insert order.
UPDATE "events" SET "commit_sequence" = "sequence" WHERE "commit_sequence" IS NULL;
--> statement-breakpoint
SELECT setval('events_commit_sequence', coalesce((SELECT max("sequence") FROM "events"), 1), (SELECT count(*) FROM "events") > 0);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "events_stamp_commit_sequence"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('broker-portal:events-commit-order', 0));
  UPDATE "events" SET "commit_sequence" = nextval('events_commit_sequence') WHERE "id" = NEW."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "events_stamp_commit_sequence" AFTER INSERT ON "events"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW."commit_sequence" IS NULL)
  EXECUTE FUNCTION "events_stamp_commit_sequence"();
