-- The submit's per-person queue lock and count in one round trip (decision 035). VOLATILE: under
-- READ COMMITTED each query inside gets a fresh snapshot, so the count, taken after the lock is
-- granted, sees every row a concurrent submit committed while this one waited for the lock.
-- In one plain statement the count would use the statement's snapshot, from before the wait.
CREATE FUNCTION generation_queue_held(person text) RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('queue:' || person, 0));
  RETURN (
    SELECT count(*)::integer FROM generations
    WHERE user_id = person AND status IN ('queued', 'processing')
  );
END;
$$;
