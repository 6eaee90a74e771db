-- What a person may see over realtime follows their rights (decision 075): being an operator (an
-- operators row, or a verified address in OPERATOR_EMAILS), two-factor sign-in (the console
-- requires it), and generation not being suspended (an operator's hold or the escalation of
-- refused prompts). Every change of one of them NOTIFYs rights_changed with the person's id, from
-- whichever code or process made it (the API, `npm run operator`, better-auth's two-factor
-- endpoints), at commit; every API process then checks that person's sockets again.
CREATE FUNCTION notify_rights_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('rights_changed', OLD.user_id);
  ELSE
    PERFORM pg_notify('rights_changed', NEW.user_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION notify_user_rights_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('rights_changed', NEW.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER operators_rights_changed AFTER INSERT OR DELETE ON "operators"
FOR EACH ROW EXECUTE FUNCTION notify_rights_changed();
--> statement-breakpoint
CREATE TRIGGER generation_holds_rights_changed AFTER INSERT OR UPDATE ON "generation_holds"
FOR EACH ROW EXECUTE FUNCTION notify_rights_changed();
--> statement-breakpoint
CREATE TRIGGER prompt_refusals_rights_changed AFTER INSERT ON "prompt_refusals"
FOR EACH ROW EXECUTE FUNCTION notify_rights_changed();
--> statement-breakpoint
CREATE TRIGGER user_rights_changed AFTER UPDATE OF two_factor_enabled, email, email_verified ON "user"
FOR EACH ROW WHEN (
  OLD.two_factor_enabled IS DISTINCT FROM NEW.two_factor_enabled
  OR OLD.email IS DISTINCT FROM NEW.email
  OR OLD.email_verified IS DISTINCT FROM NEW.email_verified
)
EXECUTE FUNCTION notify_user_rights_changed();
