ALTER TABLE "moderation_log" ADD COLUMN "actor_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "admin_list_applied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "waitlist" ADD COLUMN "confirm_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_confirm_token_hash_key" ON "waitlist" USING btree ("confirm_token_hash");--> statement-breakpoint
-- hand-written:
-- The audit log keeps who acted (issue 41): the actor's name as it is when the entry is written,
-- "first last", else the address, as the log names people. Entries written before know only the
-- names of today; an actor already deleted stays unnamed.
CREATE FUNCTION "moderation_log_actor_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	SELECT coalesce(nullif(concat_ws(' ', nullif("first_name", ''), nullif("last_name", '')), ''), "email") INTO NEW.actor_name FROM "users" WHERE "id" = NEW.actor_id;
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "moderation_log_actor_name" BEFORE INSERT ON "moderation_log" FOR EACH ROW EXECUTE FUNCTION "moderation_log_actor_name"();
--> statement-breakpoint
UPDATE "moderation_log" SET "actor_name" = coalesce(nullif(concat_ws(' ', nullif("users"."first_name", ''), nullif("users"."last_name", '')), ''), "users"."email") FROM "users" WHERE "users"."id" = "moderation_log"."actor_id";
--> statement-breakpoint
-- The guard of migration 0009, now keeping the actor's name too.
CREATE OR REPLACE FUNCTION "moderation_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' OR TG_OP = 'TRUNCATE' THEN
		RAISE EXCEPTION 'moderation_log entries cannot be deleted';
	END IF;
	IF NEW.id IS DISTINCT FROM OLD.id OR NEW.action IS DISTINCT FROM OLD.action OR NEW.post_id IS DISTINCT FROM OLD.post_id
		OR NEW.comment_id IS DISTINCT FROM OLD.comment_id OR NEW.reason IS DISTINCT FROM OLD.reason OR NEW.detail IS DISTINCT FROM OLD.detail
		OR NEW.created_at IS DISTINCT FROM OLD.created_at OR NEW.actor_name IS DISTINCT FROM OLD.actor_name
		OR (NEW.actor_id IS DISTINCT FROM OLD.actor_id AND (NEW.actor_id IS NOT NULL OR EXISTS (SELECT 1 FROM "users" WHERE "id" = OLD.actor_id)))
		OR (NEW.target_user_id IS DISTINCT FROM OLD.target_user_id AND (NEW.target_user_id IS NOT NULL OR EXISTS (SELECT 1 FROM "users" WHERE "id" = OLD.target_user_id))) THEN
		RAISE EXCEPTION 'moderation_log entries cannot be changed';
	END IF;
	RETURN NEW;
END
$$;
--> statement-breakpoint
-- ADMIN_EMAILS acts once per account (issue 41). Accounts it may already have acted on count as
-- done: today's admins, anyone an admin has removed from the role, and anyone banned.
UPDATE "users" SET "admin_list_applied_at" = now() WHERE "is_admin" OR "banned_at" IS NOT NULL OR EXISTS (SELECT 1 FROM "moderation_log" WHERE "moderation_log"."target_user_id" = "users"."id" AND "moderation_log"."action" = 'remove-admin');
--> statement-breakpoint
-- Only confirmed addresses hear about Pro (issue 41). Of those already waiting, an address whose
-- owner has verified it for an account counts as confirmed; the others wait for their owner to join again.
UPDATE "waitlist" SET "confirmed_at" = "waitlist"."created_at" WHERE EXISTS (SELECT 1 FROM "users" WHERE lower("users"."email") = lower("waitlist"."email") AND "users"."email_verified");
--> statement-breakpoint
-- Avatars are for members' eyes (issue 41): private in the database, readable by any signed-in member.
UPDATE "stored_objects" SET "is_public" = false WHERE "key" LIKE 'avatars/%';
