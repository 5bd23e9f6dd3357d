ALTER TABLE "inventory_products" ADD COLUMN "is_used_as_fuel" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "is_partial_pressure_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "partial_pressure_note" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "is_fuel_use_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "is_atmospheric_storage" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "is_used_as_fuel" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "is_partial_pressure_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "partial_pressure_note" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "regulatory_entries" ADD COLUMN "alias_cas_numbers" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
-- Hand-written (issue 23), not generated: the shipped RMP list counts ammonium hydroxide under
-- "Ammonia (conc 20% or greater)" (rules section 8). The column is new, so no stored RMP list can
-- carry it yet: the listing gets the alias the seed list and the rules give it. Nothing else changes.
UPDATE "regulatory_entries" SET "alias_cas_numbers" = '1336-21-6' WHERE "list_type" = 'rmp' AND "cas_number" = '7664-41-7' AND lower("condition") = 'conc 20% or greater';
