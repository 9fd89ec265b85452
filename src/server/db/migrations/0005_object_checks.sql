ALTER TABLE "stored_objects" ADD COLUMN "checked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "post_images_object_key_idx" ON "post_images" USING btree ("object_key");--> statement-breakpoint
-- Until now, passing set-acl made an upload public: the public uploads passed it.
UPDATE "stored_objects" SET "checked" = true WHERE "is_public" AND "key" LIKE 'uploads/%';
