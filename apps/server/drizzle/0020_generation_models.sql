-- Every generation names the catalog model it is for (MODELS_FILE, docs/models.md); workers claim
-- only the models they serve. Rows that ran keep the model their `backend` column recorded (the
-- ONNX model's name, or the GPU backend's name, as the catalog of one calls them); rows that never
-- ran are for `sd-turbo`, the default settings' model (decision 052).
ALTER TABLE "generations" ADD COLUMN "model" text;
--> statement-breakpoint
UPDATE "generations" SET "model" = CASE
  WHEN "backend" LIKE 'onnx:%' THEN split_part("backend", ':', 2)
  WHEN "backend" LIKE 'comfyui:%' THEN 'comfyui'
  WHEN "backend" LIKE 'a1111:%' THEN 'a1111'
  WHEN "backend" LIKE 'openai:%' THEN 'openai'
  ELSE 'sd-turbo'
END;
--> statement-breakpoint
ALTER TABLE "generations" ALTER COLUMN "model" SET NOT NULL;
--> statement-breakpoint
-- The claim scans the waiting or running rows of the models a worker serves, in claim order.
DROP INDEX "generations_claim_idx";
--> statement-breakpoint
CREATE INDEX "generations_claim_idx" ON "generations" USING btree ("model","priority" DESC NULLS LAST,"created_at") WHERE "generations"."status" in ('queued', 'processing');
--> statement-breakpoint
-- Which worker serves which model, refreshed on the worker's heartbeat: a model without a recent
-- row here has no live worker, is shown unavailable and refused at submit.
CREATE TABLE "worker_models" (
  "worker_id" text NOT NULL,
  "model" text NOT NULL,
  "seen_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "worker_models_pkey" PRIMARY KEY ("worker_id","model")
);
--> statement-breakpoint
CREATE INDEX "worker_models_model_seen_idx" ON "worker_models" USING btree ("model","seen_at");
