-- Whether the person gave the seed: a backend that ignores seeds is reported only when they did.
ALTER TABLE "generations" ADD COLUMN "seed_chosen" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- The gallery sorted by prompt reads a page in order and stops early, as it does by date.
CREATE INDEX IF NOT EXISTS "favorites_user_prompt_idx" ON "favorites" USING btree ("user_id","content_prompt","id");
