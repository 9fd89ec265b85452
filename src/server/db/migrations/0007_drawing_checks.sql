CREATE TABLE "drawing_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"dragon_id" uuid NOT NULL,
	"columns" integer NOT NULL,
	"rows" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"photo_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "drawing_checks" ADD CONSTRAINT "drawing_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawing_checks" ADD CONSTRAINT "drawing_checks_dragon_id_dragons_id_fk" FOREIGN KEY ("dragon_id") REFERENCES "public"."dragons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drawing_checks_user_dragon_idx" ON "drawing_checks" USING btree ("user_id","dragon_id","created_at");--> statement-breakpoint
CREATE INDEX "drawing_checks_dragon_id_idx" ON "drawing_checks" USING btree ("dragon_id");--> statement-breakpoint
CREATE UNIQUE INDEX "drawing_checks_photo_key_idx" ON "drawing_checks" USING btree ("photo_key");