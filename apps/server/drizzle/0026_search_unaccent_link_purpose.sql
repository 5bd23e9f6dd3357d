-- Issue 33 point 14: list searches ignore accents ("Tomas" finds "Tomás"). unaccent() is only
-- STABLE (its dictionary could change), so an index cannot use it; this IMMUTABLE wrapper with
-- the dictionary named in full can, and the trigram indexes are rebuilt over it.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
DROP INDEX "customers_name_trgm";--> statement-breakpoint
DROP INDEX "facilities_name_trgm";--> statement-breakpoint
DROP INDEX "inventory_products_name_trgm";--> statement-breakpoint
DROP INDEX "inventory_products_mfg_name_trgm";--> statement-breakpoint
DROP INDEX "container_units_name_trgm";--> statement-breakpoint
DROP INDEX "containers_name_trgm";--> statement-breakpoint
DROP INDEX "hazards_name_trgm";--> statement-breakpoint
DROP INDEX "chemical_components_name_trgm";--> statement-breakpoint
DROP INDEX "chemical_components_number_trgm";--> statement-breakpoint
DROP INDEX "products_name_trgm";--> statement-breakpoint
DROP INDEX "products_mfg_name_trgm";--> statement-breakpoint
DROP INDEX "regulatory_entries_chemical_name_trgm";--> statement-breakpoint
DROP INDEX "regulatory_entries_cas_number_trgm";--> statement-breakpoint
DROP INDEX "users_full_name_trgm";--> statement-breakpoint
DROP INDEX "users_email_trgm";--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "purpose" varchar(16) DEFAULT 'reset' NOT NULL;--> statement-breakpoint
CREATE INDEX "customers_name_trgm" ON "customers" USING gin (f_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "facilities_name_trgm" ON "facilities" USING gin (f_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inventory_products_name_trgm" ON "inventory_products" USING gin (f_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inventory_products_mfg_name_trgm" ON "inventory_products" USING gin (f_unaccent("mfg_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "container_units_name_trgm" ON "container_units" USING gin (f_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "containers_name_trgm" ON "containers" USING gin (f_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "hazards_name_trgm" ON "hazards" USING gin (f_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "chemical_components_name_trgm" ON "chemical_components" USING gin (f_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "chemical_components_number_trgm" ON "chemical_components" USING gin (f_unaccent("number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_trgm" ON "products" USING gin (f_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_mfg_name_trgm" ON "products" USING gin (f_unaccent("mfg_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "regulatory_entries_chemical_name_trgm" ON "regulatory_entries" USING gin (f_unaccent("chemical_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "regulatory_entries_cas_number_trgm" ON "regulatory_entries" USING gin (f_unaccent("cas_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_trgm" ON "users" USING gin (f_unaccent(("first_name" || ' ' || "last_name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm" ON "users" USING gin (f_unaccent("email") gin_trgm_ops);