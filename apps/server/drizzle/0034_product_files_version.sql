-- Issue 37 (decision 040): the inventory-products list keeps its statistics per inventory under
-- the inventory's lines' version (migration 0022) and this one. "With SDS" and "with label photo"
-- read the product's file (products.sds_file_id) and whether that file is a label photo
-- (files.is_label_photo); neither moves the lines' version, so their changes move this one, in the
-- writing transaction as the other versions do. Per row and only on a real change: a product saved
-- with the same file takes no lock on this row.
CREATE TABLE "product_files_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_files_version_one_row" CHECK ("product_files_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "product_files_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION "product_files_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An update, as report_catalog_changed (0022): a restore truncates every table before it loads
  -- the archive's rows, this one's included, and an insert here would collide with them.
  UPDATE "product_files_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A file deleted sets its product's sds_file_id to null (the foreign key's action is an UPDATE,
-- so this trigger sees it too).
CREATE TRIGGER "product_sds_file_changed" AFTER UPDATE OF "sds_file_id" ON "products"
  FOR EACH ROW WHEN (OLD."sds_file_id" IS DISTINCT FROM NEW."sds_file_id")
  EXECUTE FUNCTION "product_files_changed"();
--> statement-breakpoint
CREATE TRIGGER "file_label_photo_changed" AFTER UPDATE OF "is_label_photo" ON "files"
  FOR EACH ROW WHEN (OLD."is_label_photo" IS DISTINCT FROM NEW."is_label_photo")
  EXECUTE FUNCTION "product_files_changed"();
--> statement-breakpoint
-- TRUNCATE has no rows to compare, and a TRUNCATE of the lines moves no line's version (0022 moves
-- the catalog's): each moves this one.
CREATE TRIGGER "product_files_truncated" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_files_changed"();
--> statement-breakpoint
CREATE TRIGGER "files_truncated" AFTER TRUNCATE ON "files"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_files_changed"();
--> statement-breakpoint
CREATE TRIGGER "inventory_lines_truncated_files" AFTER TRUNCATE ON "inventory_products"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_files_changed"();
