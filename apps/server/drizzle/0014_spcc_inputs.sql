ALTER TABLE "facilities" ADD COLUMN "spcc_could_discharge" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "shell_capacity_gal" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "placement" varchar(20);--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "spcc_exclusion" varchar(30);--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "shell_capacity_gal" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "placement" varchar(20);