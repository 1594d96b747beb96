-- Every deleted session (sign-out, ban, password change or reset, other sessions ended, account
-- deletion, expiry) tells the live channel at commit, once per user per statement: each
-- process closes that user's event streams whose session is gone (api/services/messages/live-streams.ts).
CREATE OR REPLACE FUNCTION marketplace_sessions_ended() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  uid integer;
BEGIN
  FOR uid IN SELECT DISTINCT user_id FROM gone LOOP
    PERFORM pg_notify('marketplace_live', json_build_object('kind', 'session-ended', 'userId', uid)::text);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_ended_notice AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION marketplace_sessions_ended();
