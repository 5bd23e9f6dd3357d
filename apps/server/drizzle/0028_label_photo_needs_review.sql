ALTER TABLE "files" ADD COLUMN "is_label_photo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "needs_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "products_needs_review_idx" ON "products" USING btree ("id") WHERE "products"."needs_review" = true;