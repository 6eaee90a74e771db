CREATE TABLE "user_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"blur_thumbnails" boolean DEFAULT false NOT NULL,
	"show_daily_promo" boolean DEFAULT true NOT NULL,
	"email_subscription_renewal" boolean DEFAULT true NOT NULL,
	"email_export_ready" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "username" text;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_username_lower_idx" ON "user" USING btree (lower("username"));