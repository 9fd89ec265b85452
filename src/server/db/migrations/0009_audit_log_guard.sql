-- The moderation log's guard, tightened (decision 029): an id may become null only when the
-- account it names is really gone (the database's own ON DELETE SET NULL), and TRUNCATE, which
-- row triggers do not see, is refused too.
CREATE OR REPLACE FUNCTION "moderation_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' OR TG_OP = 'TRUNCATE' THEN
		RAISE EXCEPTION 'moderation_log entries cannot be deleted';
	END IF;
	IF NEW.id IS DISTINCT FROM OLD.id OR NEW.action IS DISTINCT FROM OLD.action OR NEW.post_id IS DISTINCT FROM OLD.post_id
		OR NEW.comment_id IS DISTINCT FROM OLD.comment_id OR NEW.reason IS DISTINCT FROM OLD.reason OR NEW.detail IS DISTINCT FROM OLD.detail
		OR NEW.created_at IS DISTINCT FROM OLD.created_at
		OR (NEW.actor_id IS DISTINCT FROM OLD.actor_id AND (NEW.actor_id IS NOT NULL OR EXISTS (SELECT 1 FROM "users" WHERE "id" = OLD.actor_id)))
		OR (NEW.target_user_id IS DISTINCT FROM OLD.target_user_id AND (NEW.target_user_id IS NOT NULL OR EXISTS (SELECT 1 FROM "users" WHERE "id" = OLD.target_user_id))) THEN
		RAISE EXCEPTION 'moderation_log entries cannot be changed';
	END IF;
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "moderation_log_no_truncate" BEFORE TRUNCATE ON "moderation_log" FOR EACH STATEMENT EXECUTE FUNCTION "moderation_log_append_only"();
