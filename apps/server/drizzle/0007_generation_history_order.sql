DROP INDEX "generations_user_created_idx";--> statement-breakpoint
CREATE INDEX "generations_user_created_idx" ON "generations" USING btree ("user_id","created_at","id");