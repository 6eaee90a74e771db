ALTER TABLE "generations" DROP CONSTRAINT "generations_request_id_unique";--> statement-breakpoint
ALTER TABLE "favorites" ADD COLUMN "settings" jsonb;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "image_index" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "image_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "negative_prompt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "seed" bigint;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "aspect_ratio" text DEFAULT '1:1' NOT NULL;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "quality" text DEFAULT 'balanced' NOT NULL;--> statement-breakpoint
-- Rows made before this migration ran at the engine's default of one step: the 'fast' quality.
UPDATE "generations" SET "quality" = 'fast';--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "style" text;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "ignored_options" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "backend" text;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "generation_options_open" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "default_aspect_ratio" text DEFAULT '1:1' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "default_image_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "default_quality" text DEFAULT 'balanced' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "default_style" text;--> statement-breakpoint
CREATE UNIQUE INDEX "generations_request_image_idx" ON "generations" USING btree ("request_id","image_index");--> statement-breakpoint
CREATE INDEX "generations_backend_completed_idx" ON "generations" USING btree ("backend","completed_at") WHERE "generations"."status" = 'completed';