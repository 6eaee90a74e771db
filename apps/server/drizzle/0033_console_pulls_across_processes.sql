CREATE TABLE "model_pulls" (
	"model_id" text PRIMARY KEY NOT NULL,
	"pull_id" uuid NOT NULL,
	"state" jsonb NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
