-- Issue 31 point 3: the permit table's rows are class groups (rules §10, IFC 105.6.17): Class I
-- liquids (IA, IB, IC) are one aggregate, Classes II and IIIA another. A row names its group
-- (`permit_group`, the domain's FIRE_CODE_PERMIT_GROUPS); every other class is a group of its own.
ALTER TABLE "fire_code_permit_amounts" RENAME COLUMN "hazard_class" TO "permit_group";
--> statement-breakpoint
-- Class I: the IA row of each form and place becomes the group's row (it keeps its id) with the
-- lowest amount an admin left on IA, IB or IC (the strictest; min ignores "no amount" unless all
-- are none); the IB and IC rows go.
UPDATE "fire_code_permit_amounts" AS "row"
SET "permit_group" = 'flammable_liquid_i',
  "amount" = (
    SELECT min("member"."amount") FROM "fire_code_permit_amounts" AS "member"
    WHERE "member"."permit_group" IN ('flammable_liquid_ia', 'flammable_liquid_ib', 'flammable_liquid_ic')
      AND "member"."form" = "row"."form" AND "member"."place" = "row"."place"
  ),
  "updated_at" = now()
WHERE "row"."permit_group" = 'flammable_liquid_ia';
--> statement-breakpoint
DELETE FROM "fire_code_permit_amounts" WHERE "permit_group" IN ('flammable_liquid_ib', 'flammable_liquid_ic');
--> statement-breakpoint
-- Classes II and IIIA: the same, on the Class II row.
UPDATE "fire_code_permit_amounts" AS "row"
SET "permit_group" = 'combustible_liquid_ii_iiia',
  "amount" = (
    SELECT min("member"."amount") FROM "fire_code_permit_amounts" AS "member"
    WHERE "member"."permit_group" IN ('combustible_liquid_ii', 'combustible_liquid_iiia')
      AND "member"."form" = "row"."form" AND "member"."place" = "row"."place"
  ),
  "updated_at" = now()
WHERE "row"."permit_group" = 'combustible_liquid_ii';
--> statement-breakpoint
DELETE FROM "fire_code_permit_amounts" WHERE "permit_group" = 'combustible_liquid_iiia';
--> statement-breakpoint
-- Issue 31 point 4: LP-gas has a permit row of its own (rules §10's flammable gas row is "not LPG";
-- IFC 105.6 "LP-gas"), measured in gallons of water capacity: any amount (0), since the IFC's 500-gal
-- exemption is for Group R-3 occupancies only, which the inventory does not record [U] (DEFAULT_PERMIT_AMOUNTS).
INSERT INTO "fire_code_permit_amounts" ("permit_group", "form", "place", "amount") VALUES
('lp_gas', 'gas', 'inside', 0),
('lp_gas', 'gas', 'outside', 0)
ON CONFLICT DO NOTHING;
