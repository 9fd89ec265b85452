ALTER TABLE "dragons" ADD COLUMN "outline_preview_key" text;--> statement-breakpoint
ALTER TABLE "dragons" ADD COLUMN "outline_hires_key" text;