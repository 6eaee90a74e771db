-- The operator's on/off switch per catalog model (decision 063); no row means enabled.
CREATE TABLE "model_switches" (
  "model_id" text PRIMARY KEY NOT NULL,
  "enabled" boolean NOT NULL,
  "reason" text NOT NULL,
  "changed_by" text NOT NULL,
  "changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
