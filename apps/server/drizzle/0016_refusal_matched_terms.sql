-- The words that matched in each refused prompt, as the refusal message named them (decision 021):
-- kept with the refusal for review and in the person's export. Earlier refusals named none.
ALTER TABLE "prompt_refusals" ADD COLUMN "matched_terms" text[] DEFAULT '{}' NOT NULL;
