-- A submit's room in its queue, for a submit made as one statement (decision 038): takes the
-- same per-person lock as generation_queue_held (0014), then, with fresh snapshots from after the
-- lock, counts the person's unfinished jobs and finds their earlier submit under the
-- Idempotency-Key. A concurrent submit of the same person holds that lock until it commits, so
-- its rows are seen here: the statement inserts only when there is room and no earlier submit.
-- generation_queue_held stays for the retry path and for processes of the previous version.
CREATE FUNCTION generation_submit_room(person text, submit_key text)
RETURNS TABLE (held integer, earlier text)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('queue:' || person, 0));
  RETURN QUERY SELECT
    (SELECT count(*)::integer FROM generations g
      WHERE g.user_id = person AND g.status IN ('queued', 'processing')),
    (SELECT g.request_id FROM generations g
      WHERE g.user_id = person AND g.idempotency_key = submit_key);
END;
$$;
