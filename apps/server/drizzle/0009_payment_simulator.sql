CREATE TABLE "simulator_invoices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "simulator_invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 4000000001 CACHE 1),
	"order_id" text NOT NULL,
	"order_description" text NOT NULL,
	"price_amount" numeric NOT NULL,
	"price_currency" text NOT NULL,
	"pay_currency" text,
	"ipn_callback_url" text NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"partially_paid_url" text,
	"is_fixed_rate" boolean DEFAULT false NOT NULL,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulator_invoices_outcome_known" CHECK ("simulator_invoices"."outcome" is null or "simulator_invoices"."outcome" in ('finished', 'partially_paid', 'failed', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "simulator_payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "simulator_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 5000000001 CACHE 1),
	"invoice_id" bigint NOT NULL,
	"payment_status" text NOT NULL,
	"pay_address" text NOT NULL,
	"pay_amount" numeric NOT NULL,
	"actually_paid" numeric NOT NULL,
	"pay_currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulator_payments_status_known" CHECK ("simulator_payments"."payment_status" in ('waiting', 'confirming', 'confirmed', 'sending', 'partially_paid', 'finished', 'failed', 'expired', 'refunded'))
);
--> statement-breakpoint
ALTER TABLE "simulator_payments" ADD CONSTRAINT "simulator_payments_invoice_id_simulator_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."simulator_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "simulator_payments_invoice_idx" ON "simulator_payments" USING btree ("invoice_id");