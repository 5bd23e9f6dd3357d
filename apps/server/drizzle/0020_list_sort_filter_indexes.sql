DROP INDEX "products_sds_status_idx";--> statement-breakpoint
CREATE INDEX "customers_created_at_idx" ON "customers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "facilities_updated_at_idx" ON "facilities" USING btree ("updated_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "facilities_created_at_idx" ON "facilities" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "facilities_archived_idx" ON "facilities" USING btree ("id") WHERE "facilities"."is_active" = false;--> statement-breakpoint
CREATE INDEX "inventories_year_idx" ON "inventories" USING btree ("year","id");--> statement-breakpoint
CREATE INDEX "inventories_created_at_idx" ON "inventories" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "inventories_archived_idx" ON "inventories" USING btree ("id") WHERE "inventories"."is_active" = false;--> statement-breakpoint
CREATE INDEX "inventory_products_name_lower_idx" ON "inventory_products" USING btree ("inventory_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "inventory_products_pounds_idx" ON "inventory_products" USING btree ("inventory_id","max_pounds","id");--> statement-breakpoint
CREATE INDEX "inventory_products_gallons_idx" ON "inventory_products" USING btree ("inventory_id","max_gallons","id");--> statement-breakpoint
CREATE INDEX "products_mfg_name_lower_idx" ON "products" USING btree (lower("mfg_name"),"id");--> statement-breakpoint
CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_archived_idx" ON "products" USING btree ("id") WHERE "products"."is_active" = false;--> statement-breakpoint
CREATE INDEX "users_first_name_lower_idx" ON "users" USING btree (lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "users_last_name_lower_idx" ON "users" USING btree (lower("last_name"),"id");--> statement-breakpoint
CREATE INDEX "users_full_name_lower_idx" ON "users" USING btree (lower("first_name" || ' ' || "last_name"),"id");--> statement-breakpoint
CREATE INDEX "users_updated_at_idx" ON "users" USING btree ("updated_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_sds_status_idx" ON "products" USING btree ("sds_status","id");