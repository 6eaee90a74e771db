-- Signed webhooks (issue 48, decision 088): a person's webhooks and their outbox. The trigger on
-- generations inserts one delivery per matching webhook in the same statement, and so the same
-- transaction, that gives a generation its terminal state (completed, failed, or failed with the
-- reason 'Cancelled'), whichever code path writes it: the completion stays one autocommitted
-- statement, a rollback takes its events with it, and a committed state always has its events.
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"webhook_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"generation" jsonb NOT NULL,
	"body" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_status" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "webhook_deliveries_webhook_event_key" UNIQUE("webhook_id","event_id"),
	CONSTRAINT "webhook_deliveries_status_known" CHECK ("webhook_deliveries"."status" in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_webhook_created_idx" ON "webhook_deliveries" USING btree ("webhook_id","created_at");--> statement-breakpoint
CREATE INDEX "webhooks_user_idx" ON "webhooks" USING btree ("user_id");--> statement-breakpoint
CREATE FUNCTION enqueue_generation_webhooks() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_event_id uuid := gen_random_uuid();
  v_event_type text := CASE
    WHEN NEW.status = 'completed' THEN 'generation.completed'
    WHEN NEW.error = 'Cancelled' THEN 'generation.cancelled'
    ELSE 'generation.failed'
  END;
BEGIN
  INSERT INTO webhook_deliveries (webhook_id, event_id, event_type, generation)
  SELECT w.id, v_event_id, v_event_type, to_jsonb(NEW)
  FROM webhooks w
  WHERE w.user_id = NEW.user_id AND v_event_type = ANY (w.events);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER generations_enqueue_webhooks AFTER UPDATE OF status ON "generations"
FOR EACH ROW WHEN (NEW.status IN ('completed', 'failed') AND OLD.status IS DISTINCT FROM NEW.status)
EXECUTE FUNCTION enqueue_generation_webhooks();
