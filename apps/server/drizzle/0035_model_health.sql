-- Model health from the engines (decision 077): a failed job keeps its kind and the engine's own
-- words for the operator beside the person's sentence, and each worker reports its engine's health
-- per model with its heartbeat.
ALTER TABLE "generations" ADD COLUMN "failure_kind" text;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "failure_detail" text;--> statement-breakpoint
ALTER TABLE "worker_models" ADD COLUMN "health" jsonb;
