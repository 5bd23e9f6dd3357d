DROP INDEX "products_updated_at_idx";--> statement-breakpoint
CREATE INDEX "products_updated_at_idx" ON "products" USING btree ("updated_at" DESC NULLS FIRST,"id");