CREATE TABLE "regulatory_entries_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "regulatory_entries_version_one_row" CHECK ("regulatory_entries_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "regulatory_entries_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
-- Moves the version with every statement that writes the lists, in its transaction: a reader sees
-- the new version only once the new entries are committed (a sequence would move before).
CREATE FUNCTION "regulatory_entries_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "regulatory_entries_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "regulatory_entries_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "regulatory_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "regulatory_entries_changed"();
