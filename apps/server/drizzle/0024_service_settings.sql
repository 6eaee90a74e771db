-- The operator's service settings (decision 058): the generation switch with its message and the
-- announcement banner. Exactly one row (id 1), so reads need no ordering and writes are updates.
CREATE TABLE "service_settings" (
  "id" smallint PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
  "generation" text DEFAULT 'on' NOT NULL CHECK ("generation" IN ('on', 'premium_only', 'off')),
  "message" text DEFAULT '' NOT NULL,
  "announcement_id" text,
  "announcement_text" text,
  "announcement_level" text CHECK ("announcement_level" IN ('info', 'warning')),
  "announcement_ends_at" timestamp with time zone,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "service_settings" ("id") VALUES (1);
--> statement-breakpoint
-- The landing's samples, copied from an operator's favorites: the only images served publicly.
CREATE TABLE "landing_samples" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "position" integer NOT NULL,
  "prompt" text NOT NULL,
  "image_key" text NOT NULL,
  "favorite_id" uuid NOT NULL,
  "chosen_at" timestamp with time zone DEFAULT now() NOT NULL
);
