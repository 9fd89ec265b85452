-- The admin list's search (decision 030): a trigram index finds names and e-mails containing any
-- text. pg_trgm ships with PostgreSQL (contrib, trusted since 13) and with PGlite (loaded in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ((lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || "email")) gin_trgm_ops);
