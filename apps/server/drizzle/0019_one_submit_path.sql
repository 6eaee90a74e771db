-- The submit and the retry take the person's queue lock and count their jobs as separate
-- statements of their transaction (modules/generations/repository/person-queue.ts, decision 047),
-- so the functions that did both in one call (0014, 0015) serve nothing any more.
DROP FUNCTION IF EXISTS generation_submit_room(text, text);
--> statement-breakpoint
DROP FUNCTION IF EXISTS generation_queue_held(text);
