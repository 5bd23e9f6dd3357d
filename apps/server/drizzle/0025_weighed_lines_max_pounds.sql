-- Issue 33 point 4: a line weighed in pounds has its Max Pounds in any physical state (the container
-- calculation's lb formula applied to solids only, so a 2,000-lb chlorine container saved as a gas
-- showed N/A while every report counted 2,000 lb). Lines saved before get the figure the save now
-- stores: size × quantity, at the column's 4 decimals, below the calculation's 1e11 limit.
UPDATE "inventory_products" AS "line"
SET "max_pounds" = round("line"."container_size" * "line"."container_quantity", 4)
FROM "container_units" AS "unit"
WHERE "unit"."id" = "line"."container_unit_id"
  AND "unit"."unit_type" = 'lb'
  AND "line"."max_pounds" IS NULL
  AND "line"."container_size" > 0
  AND "line"."container_quantity" > 0
  AND "line"."container_size" * "line"."container_quantity" < 100000000000;
