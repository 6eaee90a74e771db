-- Gallery search (spec §5): `source_prompt ILIKE '%q%' OR content_prompt ILIKE '%q%'` within one
-- user's favorites. Trigram GIN indexes serve ILIKE on the bare column (pg_trgm folds case), so
-- each side of the OR is a bitmap index scan. Written by hand because they need the extension,
-- which drizzle-kit does not create; they stay out of the drizzle schema so a later
-- `drizzle-kit generate` neither repeats nor drops them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "favorites_source_prompt_trgm_idx" ON "favorites" USING gin ("source_prompt" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "favorites_content_prompt_trgm_idx" ON "favorites" USING gin ("content_prompt" gin_trgm_ops);
--> statement-breakpoint
-- The gallery orders by created_at then id, either direction: an ascending (user_id, created_at, id)
-- btree serves both (scanned backwards for DESC). The old one was DESC NULLS LAST on created_at
-- alone, which ORDER BY created_at DESC (NULLS FIRST) cannot use, so every page sorted them all.
DROP INDEX "favorites_user_created_idx";
--> statement-breakpoint
CREATE INDEX "favorites_user_created_idx" ON "favorites" USING btree ("user_id","created_at","id");
