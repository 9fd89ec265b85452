ALTER TABLE "dragons" ADD COLUMN "measured_level" smallint;--> statement-breakpoint
ALTER TABLE "dragons" ADD COLUMN "chosen_level" smallint;--> statement-breakpoint
ALTER TABLE "dragons" ADD COLUMN "attribution" text;