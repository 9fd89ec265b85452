ALTER TABLE "dragons" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pro_granted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist" ADD COLUMN "told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dragons" ADD CONSTRAINT "dragons_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dragons_owner_id_idx" ON "dragons" USING btree ("owner_id","created_at");