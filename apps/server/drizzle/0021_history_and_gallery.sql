-- Whether the person gave the seed: a backend that ignores seeds is reported only when they did.
ALTER TABLE "generations" ADD COLUMN "seed_chosen" boolean DEFAULT false NOT NULL;
