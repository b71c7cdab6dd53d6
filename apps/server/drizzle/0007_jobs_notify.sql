-- Every statement that inserts jobs tells the workers of every process (LISTEN omnichat_jobs) at its commit.
CREATE OR REPLACE FUNCTION omnichat_jobs_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('omnichat_jobs', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER jobs_notify AFTER INSERT ON jobs FOR EACH STATEMENT EXECUTE FUNCTION omnichat_jobs_notify();
