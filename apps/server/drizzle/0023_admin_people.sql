-- Operator grants and debits are ledger rows of their own reasons (decision 056).
ALTER TABLE "credit_transactions" DROP CONSTRAINT "credit_transactions_reason_known";
--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_reason_known" CHECK ("credit_transactions"."reason" in ('daily_grant', 'generation', 'refund', 'topup', 'adjustment', 'admin_grant', 'admin_debit'));
--> statement-breakpoint
-- An operator's hold on a person's generation: suspended until restored; a restore also stops the
-- refusals before it from counting toward the automatic pause (they stay kept for review).
CREATE TABLE "generation_holds" (
  "user_id" text PRIMARY KEY NOT NULL REFERENCES "user"("id") ON DELETE cascade,
  "suspended" boolean NOT NULL,
  "refusals_count_from" timestamp with time zone,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
