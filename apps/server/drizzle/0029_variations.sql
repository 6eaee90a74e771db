-- What made each generation: a prompt, a variation of another result, or an upscale of one.
ALTER TABLE "generations" ADD COLUMN "kind" text DEFAULT 'generate' NOT NULL;
--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "source_generation_id" uuid;
--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "strength" text;
--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "upscale_factor" integer;
--> statement-breakpoint
-- Deleting a source keeps what was made from it; it only forgets where it came from.
ALTER TABLE "generations" ADD CONSTRAINT "generations_source_generation_id_generations_id_fk" FOREIGN KEY ("source_generation_id") REFERENCES "public"."generations"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_kind_known" CHECK ("generations"."kind" in ('generate', 'variation', 'upscale'));
--> statement-breakpoint
-- History counts the images made from each source; the foreign key's set null finds them too.
CREATE INDEX IF NOT EXISTS "generations_source_idx" ON "generations" USING btree ("source_generation_id") WHERE "generations"."source_generation_id" is not null;
