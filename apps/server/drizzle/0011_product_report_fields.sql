ALTER TABLE "facilities" ADD COLUMN "county" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_product_chemical_components" ADD COLUMN "is_carcinogen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "tier2_hazard_categories" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "annual_pounds_manufactured" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "annual_pounds_processed" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "annual_pounds_otherwise_used" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "average_pounds" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "days_on_site" integer;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "storage_type" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "storage_pressure" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "storage_temperature" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_chemical_components" ADD COLUMN "is_carcinogen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tier2_hazard_categories" text[] DEFAULT '{}'::text[] NOT NULL;