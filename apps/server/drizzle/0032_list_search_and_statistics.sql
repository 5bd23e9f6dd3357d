-- Decision 040: the products list searches one stored text (the name and the manufacturer's, as
-- inventories.search_text joins its names, decision 038) without an f_unaccent per row read; the
-- two trigram indexes of the names it replaces served that search only. An inventory's list
-- statistics read the lines' product and three flags from one index, not the wide rows.
-- The customers' facility flags (has_facility, has_active_facility) let the list by facility name
-- find the customers shown without a facility along a partial index.
DROP INDEX "products_name_trgm";--> statement-breakpoint
DROP INDEX "products_mfg_name_trgm";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "has_facility" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "has_active_facility" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (f_unaccent(E'\x1f ' || "name" || E'\x1f ' || "mfg_name")) STORED;--> statement-breakpoint
CREATE INDEX "customers_without_facility_idx" ON "customers" USING btree ("id") WHERE "customers"."has_facility" = false;--> statement-breakpoint
CREATE INDEX "customers_without_active_facility_idx" ON "customers" USING btree ("id") WHERE "customers"."has_active_facility" = false;--> statement-breakpoint
CREATE INDEX "inventory_products_statistics_idx" ON "inventory_products" USING btree ("inventory_id","product_id","source_line_id","checked_at","is_resolve_question");--> statement-breakpoint
CREATE INDEX "products_search_text_trgm" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- The database keeps the flags, as it keeps the inventories' search text (migration 0031): every
-- writer of facilities counts. Written only when they change, so a facility's rename or edit
-- neither writes nor locks its customer.
CREATE FUNCTION "refresh_customer_facility_flags"("ids" integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "customers" "c" SET "has_facility" = "n"."any_facility", "has_active_facility" = "n"."active_facility"
  FROM (SELECT "id",
          EXISTS (SELECT 1 FROM "facilities" "f" WHERE "f"."customer_id" = "x"."id") AS "any_facility",
          EXISTS (SELECT 1 FROM "facilities" "f" WHERE "f"."customer_id" = "x"."id" AND "f"."is_active") AS "active_facility"
        FROM "customers" "x" WHERE "id" = ANY("ids")) "n"
  WHERE "c"."id" = "n"."id"
    AND ("c"."has_facility", "c"."has_active_facility") IS DISTINCT FROM ("n"."any_facility", "n"."active_facility");
$$;
--> statement-breakpoint
CREATE FUNCTION "facilities_owners_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "refresh_customer_facility_flags"(ARRAY(SELECT DISTINCT "customer_id" FROM "new_rows" ORDER BY 1));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "refresh_customer_facility_flags"(ARRAY(
      SELECT "customer_id" FROM "new_rows" UNION SELECT "customer_id" FROM "old_rows" ORDER BY 1));
  ELSE
    PERFORM "refresh_customer_facility_flags"(ARRAY(SELECT DISTINCT "customer_id" FROM "old_rows" ORDER BY 1));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "facilities_inserted_owners" AFTER INSERT ON "facilities"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "facilities_owners_changed"();
--> statement-breakpoint
CREATE TRIGGER "facilities_updated_owners" AFTER UPDATE ON "facilities"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "facilities_owners_changed"();
--> statement-breakpoint
CREATE TRIGGER "facilities_deleted_owners" AFTER DELETE ON "facilities"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "facilities_owners_changed"();
--> statement-breakpoint
UPDATE "customers" "c" SET
  "has_facility" = EXISTS (SELECT 1 FROM "facilities" "f" WHERE "f"."customer_id" = "c"."id"),
  "has_active_facility" = EXISTS (SELECT 1 FROM "facilities" "f" WHERE "f"."customer_id" = "c"."id" AND "f"."is_active");
