ALTER TABLE "filings" DROP CONSTRAINT "filings_obligation_known";--> statement-breakpoint
ALTER TABLE "inventories" ADD COLUMN "certifier_name" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "inventories" ADD COLUMN "certifier_title" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "inventories" ADD COLUMN "date_signed" date;--> statement-breakpoint
ALTER TABLE "inventories" ADD COLUMN "ehs_first_present_on" date;--> statement-breakpoint
ALTER TABLE "filings" ADD CONSTRAINT "filings_obligation_known" CHECK ("filings"."obligation" IN ('tier2', 'tri_form_r', 'spcc_review', 'epcra_302'));--> statement-breakpoint
-- Issue 36 (decision 036): the certifier and date signed a Tier II import kept on the facility
-- (tier2_extras) belong to the facility-year it imported. They move onto that inventory (the
-- latest one whose lines the import wrote: imported, copied from no other line), split at the first
-- comma as the import now splits them; a date that is not a calendar day is not kept. Then the
-- extras lose both keys: the export reads the inventory's.
DO $$
DECLARE
  moved record;
  signed date;
BEGIN
  FOR moved IN
    SELECT DISTINCT ON (i."facility_id") i."id",
      coalesce(f."tier2_extras"->>'nameAndTitleOfCertifier', '') AS certifier,
      coalesce(f."tier2_extras"->>'dateSigned', '') AS date_text
    FROM "inventories" i
    JOIN "facilities" f ON f."id" = i."facility_id"
    WHERE (f."tier2_extras" ? 'nameAndTitleOfCertifier' OR f."tier2_extras" ? 'dateSigned')
      AND EXISTS (
        SELECT 1 FROM "inventory_products" p
        WHERE p."inventory_id" = i."id" AND p."is_imported" AND p."source_line_id" IS NULL
      )
    ORDER BY i."facility_id", i."year" DESC, i."id" DESC
  LOOP
    BEGIN
      signed := CASE WHEN moved.date_text ~ '^\d{4}-\d{2}-\d{2}$' THEN moved.date_text::date END;
    EXCEPTION WHEN others THEN
      signed := NULL;
    END;
    UPDATE "inventories" SET
      "certifier_name" = left(trim(split_part(moved.certifier, ',', 1)), 100),
      "certifier_title" = left(trim(CASE WHEN position(',' IN moved.certifier) > 0
        THEN substr(moved.certifier, position(',' IN moved.certifier) + 1) ELSE '' END), 100),
      "date_signed" = signed
    WHERE "id" = moved."id";
  END LOOP;
  UPDATE "facilities" SET "tier2_extras" = "tier2_extras" - 'nameAndTitleOfCertifier' - 'dateSigned'
  WHERE "tier2_extras" ? 'nameAndTitleOfCertifier' OR "tier2_extras" ? 'dateSigned';
END $$;
