CREATE TABLE "inventory_report_versions" (
	"inventory_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_catalog_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_catalog_version_one_row" CHECK ("report_catalog_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "report_catalog_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
-- Decision 022: the report workers keep a facility-year's prepared lines under these versions. Each
-- moves in the writing transaction, so a reader sees a new version only with the committed rows
-- (a sequence would move before the commit), and every writer counts: the app, the seed, COPY,
-- another process, psql. Statement-level with transition tables: one upsert per statement, not
-- per row, and the rows are locked in inventory order, so two statements lock them alike.
CREATE FUNCTION "bump_inventory_report_versions"("ids" integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "inventory_report_versions" ("inventory_id", "version")
  SELECT DISTINCT "id", 1 FROM unnest("ids") AS "id" WHERE "id" IS NOT NULL ORDER BY "id"
  ON CONFLICT ("inventory_id") DO UPDATE SET "version" = "inventory_report_versions"."version" + 1;
$$;
--> statement-breakpoint
CREATE FUNCTION "inventory_lines_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "bump_inventory_report_versions"(ARRAY(SELECT "inventory_id" FROM "new_rows"));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "bump_inventory_report_versions"(ARRAY(
      SELECT "inventory_id" FROM "new_rows" UNION SELECT "inventory_id" FROM "old_rows"));
  ELSE
    PERFORM "bump_inventory_report_versions"(ARRAY(SELECT "inventory_id" FROM "old_rows"));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A line's components and hazard classes, through their line (a line deleted with them has moved
-- its inventory's version itself).
CREATE FUNCTION "inventory_line_parts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "bump_inventory_report_versions"(ARRAY(
      SELECT "l"."inventory_id" FROM "new_rows" "p" JOIN "inventory_products" "l" ON "l"."id" = "p"."inventory_product_id"));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "bump_inventory_report_versions"(ARRAY(
      SELECT "l"."inventory_id" FROM (SELECT "inventory_product_id" FROM "new_rows" UNION SELECT "inventory_product_id" FROM "old_rows") "p"
      JOIN "inventory_products" "l" ON "l"."id" = "p"."inventory_product_id"));
  ELSE
    PERFORM "bump_inventory_report_versions"(ARRAY(
      SELECT "l"."inventory_id" FROM "old_rows" "p" JOIN "inventory_products" "l" ON "l"."id" = "p"."inventory_product_id"));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "report_catalog_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "report_catalog_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "inventory_lines_inserted" AFTER INSERT ON "inventory_products"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "inventory_lines_changed"();
--> statement-breakpoint
CREATE TRIGGER "inventory_lines_updated" AFTER UPDATE ON "inventory_products"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "inventory_lines_changed"();
--> statement-breakpoint
CREATE TRIGGER "inventory_lines_deleted" AFTER DELETE ON "inventory_products"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "inventory_lines_changed"();
--> statement-breakpoint
CREATE TRIGGER "inventory_line_components_inserted" AFTER INSERT ON "inventory_product_chemical_components"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "inventory_line_parts_changed"();
--> statement-breakpoint
CREATE TRIGGER "inventory_line_components_updated" AFTER UPDATE ON "inventory_product_chemical_components"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "inventory_line_parts_changed"();
--> statement-breakpoint
CREATE TRIGGER "inventory_line_components_deleted" AFTER DELETE ON "inventory_product_chemical_components"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "inventory_line_parts_changed"();
--> statement-breakpoint
CREATE TRIGGER "inventory_line_hazards_inserted" AFTER INSERT ON "inventory_product_hazards"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "inventory_line_parts_changed"();
--> statement-breakpoint
CREATE TRIGGER "inventory_line_hazards_updated" AFTER UPDATE ON "inventory_product_hazards"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "inventory_line_parts_changed"();
--> statement-breakpoint
CREATE TRIGGER "inventory_line_hazards_deleted" AFTER DELETE ON "inventory_product_hazards"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "inventory_line_parts_changed"();
--> statement-breakpoint
-- TRUNCATE has no transition tables: it moves the catalog version, which every kept input carries.
CREATE TRIGGER "inventory_lines_truncated" AFTER TRUNCATE ON "inventory_products"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "inventory_line_components_truncated" AFTER TRUNCATE ON "inventory_product_chemical_components"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "inventory_line_hazards_truncated" AFTER TRUNCATE ON "inventory_product_hazards"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_catalog_changed"();
--> statement-breakpoint
-- What the lines join to. A new catalog row changes no existing line (a line can only name a row
-- that exists), so inserts do not count: products add chemical components all day.
CREATE TRIGGER "report_containers_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "containers"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "report_container_units_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "container_units"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "report_chemical_components_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "chemical_components"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "report_hazards_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "hazards"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_catalog_changed"();
--> statement-breakpoint
-- A carried-over line shows the year of the inventory it came from.
CREATE TRIGGER "report_inventory_year_changed" AFTER UPDATE OF "year" ON "inventories"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_catalog_changed"();
