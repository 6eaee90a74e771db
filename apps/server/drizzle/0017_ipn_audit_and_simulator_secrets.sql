ALTER TABLE "simulator_invoices" ADD COLUMN "page_token_hash" text;--> statement-breakpoint
UPDATE "simulator_invoices" SET "page_token_hash" = gen_random_uuid()::text WHERE "page_token_hash" IS NULL;--> statement-breakpoint
ALTER TABLE "simulator_invoices" ALTER COLUMN "page_token_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "simulator_invoices" ADD CONSTRAINT "simulator_invoices_page_token_hash_unique" UNIQUE("page_token_hash");--> statement-breakpoint
ALTER TABLE "payment_ipn_deliveries" ADD COLUMN "status_code" integer;--> statement-breakpoint
ALTER TABLE "payment_ipn_deliveries" ADD COLUMN "body_bytes" integer;--> statement-breakpoint
ALTER TABLE "payment_ipn_deliveries" ADD COLUMN "body_sha256" text;--> statement-breakpoint
ALTER TABLE "payment_ipn_deliveries" ADD COLUMN "body_head" text;--> statement-breakpoint
CREATE INDEX "payment_ipn_deliveries_received_idx" ON "payment_ipn_deliveries" USING btree ("received_at");
