DROP INDEX "users_first_name_trgm";--> statement-breakpoint
DROP INDEX "users_last_name_trgm";--> statement-breakpoint
CREATE INDEX "users_full_name_trgm" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);