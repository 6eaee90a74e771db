CREATE TABLE "payment_ipn_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signature_valid" boolean NOT NULL,
	"provider_payment_id" text,
	"payment_status" text,
	"order_id" text,
	"outcome" text NOT NULL,
	"body" jsonb
);
--> statement-breakpoint
CREATE TABLE "payment_status_events" (
	"provider_payment_id" text NOT NULL,
	"payment_status" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"source" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_status_events_provider_payment_id_payment_status_pk" PRIMARY KEY("provider_payment_id","payment_status")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"purpose" text NOT NULL,
	"plan" text,
	"package_id" text,
	"credits" integer,
	"order_id" text NOT NULL,
	"price_amount" numeric(12, 2) NOT NULL,
	"price_currency" text DEFAULT 'usd' NOT NULL,
	"invoice_id" text,
	"invoice_url" text,
	"status" text DEFAULT 'creating' NOT NULL,
	"provider_payment_id" text,
	"pay_currency" text,
	"actually_paid" numeric,
	"granted_at" timestamp with time zone,
	"granted_period_end" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "payments_invoice_id_unique" UNIQUE("invoice_id"),
	CONSTRAINT "payments_purpose_known" CHECK ("payments"."purpose" in ('subscription', 'credits')),
	CONSTRAINT "payments_status_known" CHECK ("payments"."status" in ('creating', 'waiting', 'confirming', 'confirmed', 'sending', 'partially_paid', 'finished', 'failed', 'expired', 'refunded')),
	CONSTRAINT "payments_purpose_fields" CHECK (("payments"."purpose" = 'subscription' and "payments"."plan" is not null)
        or ("payments"."purpose" = 'credits' and "payments"."package_id" is not null and "payments"."credits" > 0))
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"plan" text NOT NULL,
	"status" text NOT NULL,
	"is_lifetime" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone,
	"pending_payment_id" uuid,
	"activated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_plan_known" CHECK ("subscriptions"."plan" in ('monthly', 'lifetime')),
	CONSTRAINT "subscriptions_status_known" CHECK ("subscriptions"."status" in ('pending', 'active', 'expired', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "payment_status_events" ADD CONSTRAINT "payment_status_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_ipn_deliveries_payment_idx" ON "payment_ipn_deliveries" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "payments_user_created_idx" ON "payments" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" in ('creating', 'waiting', 'confirming', 'confirmed', 'sending');--> statement-breakpoint
CREATE INDEX "subscriptions_active_expiry_idx" ON "subscriptions" USING btree ("expires_at") WHERE "subscriptions"."status" = 'active' and not "subscriptions"."is_lifetime";--> statement-breakpoint
ALTER TABLE "credit_accounts" DROP COLUMN "is_premium";