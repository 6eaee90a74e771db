-- Every way a session ends (sign-out, revocation, password reset or change, expiry seen by
-- better-auth, the cascade of an account deletion) deletes its row; the trigger tells every
-- process at commit, on the session_ended channel, so each one refuses the session's tokens and
-- disconnects its sockets at once (decision 044). A session whose expiry is moved into the past
-- has ended too.
CREATE FUNCTION notify_session_ended() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_ended', OLD.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER session_ended_on_delete AFTER DELETE ON "session"
FOR EACH ROW EXECUTE FUNCTION notify_session_ended();
--> statement-breakpoint
CREATE TRIGGER session_ended_on_expiry AFTER UPDATE OF expires_at ON "session"
FOR EACH ROW WHEN (NEW.expires_at <= now() AND OLD.expires_at > now())
EXECUTE FUNCTION notify_session_ended();
