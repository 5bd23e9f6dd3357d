-- Decision 040: the products list searches one stored text (the name and the manufacturer's, as
-- inventories.search_text joins its names, decision 038) without an f_unaccent per row read; the
-- two trigram indexes of the names it replaces served that search only. An inventory's list
-- statistics read the lines' product and three flags from one index, not the wide rows.
DROP INDEX "products_name_trgm";--> statement-breakpoint
DROP INDEX "products_mfg_name_trgm";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (f_unaccent(E'\x1f ' || "name" || E'\x1f ' || "mfg_name")) STORED;--> statement-breakpoint
CREATE INDEX "inventory_products_statistics_idx" ON "inventory_products" USING btree ("inventory_id","product_id","source_line_id","checked_at","is_resolve_question");--> statement-breakpoint
CREATE INDEX "products_search_text_trgm" ON "products" USING gin ("search_text" gin_trgm_ops);