-- Operators (decision 056): people named by `npm run operator -- add`; OPERATOR_EMAILS names more
-- at run time without a row. Better-auth's two-factor plugin keeps its TOTP secret and backup
-- codes (both encrypted by better-auth) in two_factor and its switch on the user row.
ALTER TABLE "user" ADD COLUMN "two_factor_enabled" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "two_factor" (
  "id" text PRIMARY KEY NOT NULL,
  "secret" text NOT NULL,
  "backup_codes" text NOT NULL,
  "user_id" text NOT NULL REFERENCES "user"("id") ON DELETE cascade,
  "verified" boolean DEFAULT true NOT NULL,
  "failed_verification_count" integer DEFAULT 0 NOT NULL,
  "locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "two_factor_user_id_idx" ON "two_factor" ("user_id");
--> statement-breakpoint
CREATE INDEX "two_factor_secret_idx" ON "two_factor" ("secret");
--> statement-breakpoint
CREATE TABLE "operators" (
  "user_id" text PRIMARY KEY NOT NULL REFERENCES "user"("id") ON DELETE cascade,
  "added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- One row per operator action, never changed: no foreign keys, so a deleted operator's or
-- person's rows stay as they were written.
CREATE TABLE "admin_audit" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "at" timestamp with time zone DEFAULT now() NOT NULL,
  "operator_id" text NOT NULL,
  "operator_email" text NOT NULL,
  "action" text NOT NULL,
  "target_user_id" text,
  "reason" text,
  "before" jsonb,
  "after" jsonb
);
--> statement-breakpoint
CREATE INDEX "admin_audit_target_idx" ON "admin_audit" ("target_user_id", "id");
--> statement-breakpoint
CREATE FUNCTION refuse_admin_audit_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER admin_audit_append_only BEFORE UPDATE OR DELETE ON "admin_audit"
FOR EACH ROW EXECUTE FUNCTION refuse_admin_audit_change();
--> statement-breakpoint
CREATE TRIGGER admin_audit_no_truncate BEFORE TRUNCATE ON "admin_audit"
FOR EACH STATEMENT EXECUTE FUNCTION refuse_admin_audit_change();
