-- Issue 33 point 1 (decision 029): the seed's partial sample lists are marked as such, so every
-- report built on one says so. A list uploaded by an admin is a new row, unmarked.
ALTER TABLE "database_entries" ADD COLUMN "is_sample" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Installs seeded before this column: the seed stored its lists under no user, named list-{type}.csv.
UPDATE "database_entries" SET "is_sample" = true
WHERE "uploaded_by" IS NULL AND "name" = 'list-' || "type"::text || '.csv';
