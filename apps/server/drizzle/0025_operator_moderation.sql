-- Operators review refusals and keep extra word lists (docs/decisions/059-operator-moderation.md).
ALTER TABLE "prompt_refusals" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;
--> statement-breakpoint
ALTER TABLE "prompt_refusals" ADD COLUMN "reviewed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "prompt_refusals" ADD COLUMN "reviewed_by" text;
--> statement-breakpoint
ALTER TABLE "prompt_refusals" ADD COLUMN "review_reason" text;
--> statement-breakpoint
CREATE INDEX "prompt_refusals_status_created_idx" ON "prompt_refusals" ("status","created_at");
--> statement-breakpoint
CREATE TABLE "moderation_allowed_phrases" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "created_by" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "phrase" text NOT NULL,
  "refusal_id" uuid REFERENCES "prompt_refusals"("id") ON DELETE set null,
  CONSTRAINT "moderation_allowed_phrases_phrase_unique" UNIQUE("phrase")
);
--> statement-breakpoint
CREATE TABLE "moderation_blocked_terms" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "created_by" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "term" text NOT NULL,
  "kind" text NOT NULL,
  "language" text,
  CONSTRAINT "moderation_blocked_terms_term_kind_key" UNIQUE("term","kind")
);
--> statement-breakpoint
CREATE TABLE "moderation_blocked_names" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "created_by" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "name" text NOT NULL,
  CONSTRAINT "moderation_blocked_names_name_unique" UNIQUE("name")
);
