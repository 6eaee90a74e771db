CREATE INDEX "generations_completed_idx" ON "generations" USING btree ("completed_at") WHERE "generations"."completed_at" is not null;--> statement-breakpoint
CREATE INDEX "generations_started_idx" ON "generations" USING btree ("started_at") WHERE "generations"."started_at" is not null;--> statement-breakpoint
CREATE INDEX "credit_transactions_created_idx" ON "credit_transactions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_granted_idx" ON "payments" USING btree ("granted_at") WHERE "payments"."granted_at" is not null;
