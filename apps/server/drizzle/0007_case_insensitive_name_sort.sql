DROP INDEX "customers_name_idx";--> statement-breakpoint
DROP INDEX "facilities_name_idx";--> statement-breakpoint
CREATE INDEX "customers_name_lower_idx" ON "customers" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "facilities_name_lower_idx" ON "facilities" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "products_name_lower_idx" ON "products" USING btree (lower("name"),"id");