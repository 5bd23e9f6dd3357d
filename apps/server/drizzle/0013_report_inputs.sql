ALTER TABLE "facilities" ADD COLUMN "emergency_coordinator_name" varchar(150) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "emergency_coordinator_title" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "emergency_coordinator_phone" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "is_retail_gas_station" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "is_ust_compliant" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_product_chemical_components" ADD COLUMN "percentage_weight_low" numeric(7, 4);--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "tier2_exclusion" varchar(30);--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "solid_form" varchar(20);--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "powder_fraction_pct" numeric(7, 4);--> statement-breakpoint
ALTER TABLE "product_chemical_components" ADD COLUMN "percentage_weight_low" numeric(7, 4);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tier2_exclusion" varchar(30);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "solid_form" varchar(20);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "powder_fraction_pct" numeric(7, 4);--> statement-breakpoint
-- Hand-written (issue 21 point 9), not generated: percent ranges. `percentage_weight` stays the
-- high bound; a figure stored before ranges existed is a single value, so its low bound is the
-- same figure (low = high). No value is changed or lost.
UPDATE "product_chemical_components" SET "percentage_weight_low" = "percentage_weight" WHERE "percentage_weight" IS NOT NULL;--> statement-breakpoint
UPDATE "inventory_product_chemical_components" SET "percentage_weight_low" = "percentage_weight" WHERE "percentage_weight" IS NOT NULL;
