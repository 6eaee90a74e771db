-- A refusal keeps the person's own words beside the terms they matched (issue 44, item 15): the
-- message quotes what the person wrote, and operators read those words with the lists' terms.
ALTER TABLE "prompt_refusals" ADD COLUMN "matched_words" text[] DEFAULT '{}' NOT NULL;