DROP INDEX "posts_approved_created_at_idx";--> statement-breakpoint
DROP INDEX "posts_created_at_idx";--> statement-breakpoint
DROP INDEX "posts_user_id_idx";--> statement-breakpoint
ALTER TABLE "post_images" ADD COLUMN "display_key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "post_images" ADD COLUMN "thumb_key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "post_images" ADD COLUMN "width" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "post_images" ADD COLUMN "height" integer NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_approved_created_at_idx" ON "posts" USING btree ("approved","created_at","id");--> statement-breakpoint
CREATE INDEX "posts_created_at_idx" ON "posts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "posts_user_id_idx" ON "posts" USING btree ("user_id","created_at","id");