ALTER TABLE "inventory_products" ADD COLUMN "source_line_id" integer;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD CONSTRAINT "inventory_products_source_line_id_inventory_products_id_fk" FOREIGN KEY ("source_line_id") REFERENCES "public"."inventory_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_products_source_line_idx" ON "inventory_products" USING btree ("source_line_id");