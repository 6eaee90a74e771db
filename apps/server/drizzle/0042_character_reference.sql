-- A character's reference image (issue 46): a character may hold one of the person's own results,
-- and each image whose prompt names it keeps which result it follows, so the worker can hand the
-- engine that PNG. Deleting the result clears both: the image's own foreign key, and the
-- generations module for the character (no foreign key across the two modules). The partial
-- indexes keep that delete from reading every character and every queued row.
ALTER TABLE "characters" ADD COLUMN "reference_generation_id" uuid;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "reference_generation_id" uuid;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_reference_generation_id_generations_id_fk" FOREIGN KEY ("reference_generation_id") REFERENCES "public"."generations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "characters_reference_idx" ON "characters" USING btree ("reference_generation_id") WHERE "characters"."reference_generation_id" is not null;--> statement-breakpoint
CREATE INDEX "generations_reference_idx" ON "generations" USING btree ("reference_generation_id") WHERE "generations"."reference_generation_id" is not null;