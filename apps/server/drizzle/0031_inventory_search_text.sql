ALTER TABLE "inventories" ADD COLUMN "technician_names" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "inventories" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Decision 038: the inventories list searches one text and sorts by one stored text instead of an
-- OR over four tables and a string_agg per row. The database keeps both, as decision 022 keeps the
-- report versions: every writer counts (the app, the Tier II import, the seed, psql).
--
-- The technicians' names as the list shows and sorts them (what its per-row subquery made).
CREATE FUNCTION "inventory_technician_names"("inventory" integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(string_agg("u"."first_name" || ' ' || "u"."last_name", ', '
    ORDER BY lower("u"."first_name" || ' ' || "u"."last_name"), "u"."id"), '')
  FROM "inventory_technicians" "t" JOIN "users" "u" ON "u"."id" = "t"."user_id"
  WHERE "t"."inventory_id" = "inventory";
$$;
--> statement-breakpoint
-- What the search looks in: the customer's name, the facility's, the year and each technician's
-- full name, each after a unit separator and a space (E'\x1f '). A search term is trimmed, so it
-- neither starts nor ends with the space: a match of a term without U+001F lies inside one name,
-- as when each name was matched alone. The space makes a name's start a word's start, so the
-- short search's two patterns (`ab%` at the text's start, `% ab%` after a space) find exactly the
-- names or words that start with the term, as they did name by name.
-- Stored without accents (f_unaccent, which replaces character by character, so the text of the
-- names joined is the names' texts joined): the search compares it with f_unaccent(pattern) as it
-- compared f_unaccent(name), without an f_unaccent per row read.
CREATE FUNCTION "inventory_search_text"("inventory" integer, "customer" integer, "facility" integer, "year" integer)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT f_unaccent(concat_ws(E'\x1f ',
    (SELECT "name" FROM "customers" WHERE "id" = "customer"),
    (SELECT "name" FROM "facilities" WHERE "id" = "facility"),
    "year"::text,
    (SELECT string_agg("u"."first_name" || ' ' || "u"."last_name", E'\x1f ' ORDER BY "u"."id")
      FROM "inventory_technicians" "t" JOIN "users" "u" ON "u"."id" = "t"."user_id"
      WHERE "t"."inventory_id" = "inventory")));
$$;
--> statement-breakpoint
CREATE FUNCTION "refresh_inventory_search"("ids" integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "inventories" "i" SET "technician_names" = "n"."names", "search_text" = "n"."text"
  FROM (SELECT "id", "inventory_technician_names"("id") AS "names",
          "inventory_search_text"("id", "customer_id", "facility_id", "year") AS "text"
        FROM "inventories" WHERE "id" = ANY("ids")) "n"
  WHERE "i"."id" = "n"."id" AND ("i"."technician_names", "i"."search_text") IS DISTINCT FROM ("n"."names", "n"."text");
$$;
--> statement-breakpoint
-- An inventory written with another customer, facility or year (or a new one) gets its texts
-- before it is stored. Row-level BEFORE: the row sets them itself, no second update.
CREATE FUNCTION "inventory_search_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."technician_names" := "inventory_technician_names"(NEW."id");
  NEW."search_text" := "inventory_search_text"(NEW."id", NEW."customer_id", NEW."facility_id", NEW."year");
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "inventory_search_fill" BEFORE INSERT OR UPDATE OF "customer_id", "facility_id", "year" ON "inventories"
  FOR EACH ROW EXECUTE FUNCTION "inventory_search_fill"();
--> statement-breakpoint
-- A technician assigned or taken off: their inventories.
CREATE FUNCTION "inventory_technicians_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "refresh_inventory_search"(ARRAY(SELECT DISTINCT "inventory_id" FROM "new_rows" ORDER BY 1));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "refresh_inventory_search"(ARRAY(
      SELECT "inventory_id" FROM "new_rows" UNION SELECT "inventory_id" FROM "old_rows" ORDER BY 1));
  ELSE
    PERFORM "refresh_inventory_search"(ARRAY(SELECT DISTINCT "inventory_id" FROM "old_rows" ORDER BY 1));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "inventory_technicians_inserted" AFTER INSERT ON "inventory_technicians"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "inventory_technicians_changed"();
--> statement-breakpoint
CREATE TRIGGER "inventory_technicians_updated" AFTER UPDATE ON "inventory_technicians"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "inventory_technicians_changed"();
--> statement-breakpoint
CREATE TRIGGER "inventory_technicians_deleted" AFTER DELETE ON "inventory_technicians"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "inventory_technicians_changed"();
--> statement-breakpoint
-- A customer, facility or user renamed: the inventories that hold the name. Row-level with a WHEN,
-- so the writes that leave the names alone (a login stamping the user, an address) cost nothing.
CREATE FUNCTION "inventory_names_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'customers' THEN
    PERFORM "refresh_inventory_search"(ARRAY(SELECT "id" FROM "inventories" WHERE "customer_id" = NEW."id" ORDER BY 1));
  ELSIF TG_TABLE_NAME = 'facilities' THEN
    PERFORM "refresh_inventory_search"(ARRAY(SELECT "id" FROM "inventories" WHERE "facility_id" = NEW."id" ORDER BY 1));
  ELSE
    PERFORM "refresh_inventory_search"(ARRAY(
      SELECT "inventory_id" FROM "inventory_technicians" WHERE "user_id" = NEW."id" ORDER BY 1));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "customer_name_changed" AFTER UPDATE OF "name" ON "customers" FOR EACH ROW
  WHEN (NEW."name" IS DISTINCT FROM OLD."name") EXECUTE FUNCTION "inventory_names_changed"();
--> statement-breakpoint
CREATE TRIGGER "facility_name_changed" AFTER UPDATE OF "name" ON "facilities" FOR EACH ROW
  WHEN (NEW."name" IS DISTINCT FROM OLD."name") EXECUTE FUNCTION "inventory_names_changed"();
--> statement-breakpoint
CREATE TRIGGER "user_name_changed" AFTER UPDATE OF "first_name", "last_name" ON "users" FOR EACH ROW
  WHEN ((NEW."first_name", NEW."last_name") IS DISTINCT FROM (OLD."first_name", OLD."last_name"))
  EXECUTE FUNCTION "inventory_names_changed"();
--> statement-breakpoint
-- The inventories already stored.
UPDATE "inventories" SET
  "technician_names" = "inventory_technician_names"("id"),
  "search_text" = "inventory_search_text"("id", "customer_id", "facility_id", "year");--> statement-breakpoint
CREATE INDEX "inventories_search_text_trgm" ON "inventories" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inventories_technician_names_lower_idx" ON "inventories" USING btree (lower("technician_names"),"id");
