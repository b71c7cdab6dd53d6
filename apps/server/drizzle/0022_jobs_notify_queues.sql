-- The notification names the queues of the jobs a statement stored, and an insert that stored none (an
-- idempotency key already taken: every webhook delivery of a busy channel) tells nobody: workers claim only where
-- something arrived.
CREATE OR REPLACE FUNCTION omnichat_jobs_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  queues text;
BEGIN
  SELECT string_agg(DISTINCT queue, ',') INTO queues FROM inserted;
  IF queues IS NOT NULL THEN
    PERFORM pg_notify('omnichat_jobs', queues);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER jobs_notify ON jobs;
--> statement-breakpoint
CREATE TRIGGER jobs_notify AFTER INSERT ON jobs REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION omnichat_jobs_notify();
