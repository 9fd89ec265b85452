CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_view_rollups" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "page_view_rollups_day_kind_name_pk" PRIMARY KEY("day","kind","name")
);
--> statement-breakpoint
ALTER TABLE "page_views" DROP CONSTRAINT "page_views_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "page_views" ADD COLUMN "visitor_hash" text;--> statement-breakpoint
ALTER TABLE "page_views" DROP COLUMN "user_id";