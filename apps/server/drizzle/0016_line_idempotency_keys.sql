CREATE TABLE "inventory_product_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inventory_product_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"idempotency_key" varchar(64) NOT NULL,
	"inventory_id" integer NOT NULL,
	"inventory_product_id" integer,
	"is_aggregated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inventory_product_requests" ADD CONSTRAINT "inventory_product_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_product_requests" ADD CONSTRAINT "inventory_product_requests_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_product_requests" ADD CONSTRAINT "inventory_product_requests_inventory_product_id_inventory_products_id_fk" FOREIGN KEY ("inventory_product_id") REFERENCES "public"."inventory_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_product_requests_key_unique" ON "inventory_product_requests" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "inventory_product_requests_line_idx" ON "inventory_product_requests" USING btree ("inventory_product_id");--> statement-breakpoint
CREATE INDEX "inventory_product_requests_inventory_idx" ON "inventory_product_requests" USING btree ("inventory_id");