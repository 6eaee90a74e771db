CREATE TABLE "prompt_refusals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"source_prompt" text DEFAULT '' NOT NULL,
	"content_prompt" text NOT NULL,
	"negative_prompt" text DEFAULT '' NOT NULL,
	"rule" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prompt_refusals" ADD CONSTRAINT "prompt_refusals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prompt_refusals_user_created_idx" ON "prompt_refusals" USING btree ("user_id","created_at");