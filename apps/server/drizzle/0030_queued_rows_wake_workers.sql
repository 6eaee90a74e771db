-- A job that becomes claimable wakes the idle workers: a submitted image, a retry, a job handed
-- back at a worker's shutdown, whichever code wrote it. The NOTIFY on generation_jobs leaves at
-- commit, so no worker looks for a row it cannot see yet, and a rolled-back submit wakes no one;
-- PostgreSQL folds the identical notifications of one transaction into one (decision 070). A job
-- put back with a delay (run_after later) wakes no one: the workers' poll finds it in time.
CREATE FUNCTION wake_generation_workers() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('generation_jobs', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER generations_wake_workers AFTER INSERT OR UPDATE OF status ON "generations"
FOR EACH ROW WHEN (NEW.status = 'queued' AND NEW.run_after <= now())
EXECUTE FUNCTION wake_generation_workers();
