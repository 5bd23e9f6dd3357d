ALTER TABLE "inventory_products" ADD COLUMN "tier2_cas_number" varchar(12);--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "tier2_component_record_ids" jsonb;