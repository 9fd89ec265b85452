CREATE TABLE "password_reset_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "works_in_progress" ADD COLUMN "paper_preset" text;--> statement-breakpoint
ALTER TABLE "works_in_progress" ADD COLUMN "unit" text DEFAULT 'in' NOT NULL;--> statement-breakpoint
ALTER TABLE "works_in_progress" ADD COLUMN "done_cells" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "works_in_progress" ADD COLUMN "grid_color" text DEFAULT 'dark' NOT NULL;--> statement-breakpoint
ALTER TABLE "works_in_progress" ADD COLUMN "grid_thickness" double precision DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "works_in_progress" ADD COLUMN "grid_opacity" double precision DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "works_in_progress" ADD COLUMN "diagonals" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "works_in_progress" ADD COLUMN "image_mode" text DEFAULT 'color' NOT NULL;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_id_idx" ON "password_reset_tokens" USING btree ("user_id");