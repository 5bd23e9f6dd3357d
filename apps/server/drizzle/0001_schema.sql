CREATE TYPE "public"."physical_state" AS ENUM('solid', 'liquid', 'compressed gas', 'liquified gas');--> statement-breakpoint
CREATE TYPE "public"."regulatory_list_type" AS ENUM('313', 'cercla', 'rmp', 'psm', 'ehs');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('admin', 'staff', 'technician');--> statement-breakpoint
CREATE TYPE "public"."sds_status" AS ENUM('sds', 'pending', 'update');--> statement-breakpoint
CREATE TYPE "public"."unit_type" AS ENUM('gal', 'oz', 'lb', 'cu');--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"address" varchar(200) DEFAULT '' NOT NULL,
	"city" varchar(100) DEFAULT '' NOT NULL,
	"state_code" char(2),
	"zip" varchar(5) DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"action" varchar(50) NOT NULL,
	"entity" varchar(50) NOT NULL,
	"entity_id" integer,
	"details" jsonb,
	"ip_address" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chemical_components" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chemical_components_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(255) NOT NULL,
	"number" varchar(20) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "container_units" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "container_units_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"unit_type" "unit_type" NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "containers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "containers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(150) NOT NULL,
	"prepared_at" date,
	"address_id" integer,
	"billing_address_id" integer,
	"is_same_billing_address" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "database_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "database_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" "regulatory_list_type" NOT NULL,
	"name" varchar(255) NOT NULL,
	"file_id" integer,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facilities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "facilities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"name" varchar(150) NOT NULL,
	"address_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facility_customers" (
	"facility_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	CONSTRAINT "facility_customers_facility_id_customer_id_pk" PRIMARY KEY("facility_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"storage_key" varchar(200) NOT NULL,
	"original_name" varchar(255) NOT NULL,
	"mime_type" varchar(100) NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" char(64) NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hazards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hazards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(50) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inventories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"year" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"facility_id" integer NOT NULL,
	"is_completed" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_duplicates" (
	"inventory_id" integer NOT NULL,
	"source_inventory_id" integer NOT NULL,
	CONSTRAINT "inventory_duplicates_inventory_id_source_inventory_id_pk" PRIMARY KEY("inventory_id","source_inventory_id")
);
--> statement-breakpoint
CREATE TABLE "inventory_product_chemical_components" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inventory_product_chemical_components_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"inventory_product_id" integer NOT NULL,
	"chemical_component_id" integer NOT NULL,
	"percentage_weight" numeric(7, 4),
	"percentage_volume" numeric(7, 4),
	"regulations" varchar(500) DEFAULT '' NOT NULL,
	"restrictions" varchar(500) DEFAULT '' NOT NULL,
	"reporting_requirements" varchar(500) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_product_hazards" (
	"inventory_product_id" integer NOT NULL,
	"hazard_id" integer NOT NULL,
	CONSTRAINT "inventory_product_hazards_inventory_product_id_hazard_id_pk" PRIMARY KEY("inventory_product_id","hazard_id")
);
--> statement-breakpoint
CREATE TABLE "inventory_products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inventory_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"inventory_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"mfg_name" varchar(200) NOT NULL,
	"mfg_product_number" varchar(100) DEFAULT '' NOT NULL,
	"mfg_phone" varchar(20) DEFAULT '' NOT NULL,
	"mfg_emergency_phone" varchar(20) DEFAULT '' NOT NULL,
	"nfpa" varchar(50) DEFAULT '' NOT NULL,
	"sds_no" varchar(100) DEFAULT '' NOT NULL,
	"sds_status" "sds_status" DEFAULT 'pending' NOT NULL,
	"sds_date" date,
	"physical_state" "physical_state",
	"specific_gravity" numeric(10, 4),
	"density" numeric(10, 2),
	"pounds_per_gallon" numeric(10, 2),
	"conversion_factor" numeric(14, 4),
	"flash_points" integer,
	"is_spcc" boolean DEFAULT false NOT NULL,
	"is_sara_f" boolean DEFAULT false NOT NULL,
	"is_sara_p" boolean DEFAULT false NOT NULL,
	"is_sara_r" boolean DEFAULT false NOT NULL,
	"is_sara_a" boolean DEFAULT false NOT NULL,
	"is_sara_c" boolean DEFAULT false NOT NULL,
	"container_id" integer,
	"container_unit_id" integer,
	"container_size" numeric(14, 4),
	"container_quantity" numeric(14, 4),
	"container_info" varchar(500) DEFAULT '' NOT NULL,
	"location_stored" varchar(200) DEFAULT '' NOT NULL,
	"max_pounds" numeric(18, 4),
	"max_gallons" numeric(18, 4),
	"is_processed" boolean DEFAULT false NOT NULL,
	"is_manufactured" boolean DEFAULT false NOT NULL,
	"is_otherwise_used" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"is_resolve_question" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_technicians" (
	"inventory_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "inventory_technicians_inventory_id_user_id_pk" PRIMARY KEY("inventory_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" varchar(320) NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_reset_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" char(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_chemical_components" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_chemical_components_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"chemical_component_id" integer NOT NULL,
	"percentage_weight" numeric(7, 4),
	"percentage_volume" numeric(7, 4),
	"regulations" varchar(500) DEFAULT '' NOT NULL,
	"restrictions" varchar(500) DEFAULT '' NOT NULL,
	"reporting_requirements" varchar(500) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_hazards" (
	"product_id" integer NOT NULL,
	"hazard_id" integer NOT NULL,
	CONSTRAINT "product_hazards_product_id_hazard_id_pk" PRIMARY KEY("product_id","hazard_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(200) NOT NULL,
	"mfg_name" varchar(200) NOT NULL,
	"mfg_product_number" varchar(100) DEFAULT '' NOT NULL,
	"mfg_phone" varchar(20) DEFAULT '' NOT NULL,
	"mfg_emergency_phone" varchar(20) DEFAULT '' NOT NULL,
	"sds_date" date,
	"sds_file_id" integer,
	"sds_status" "sds_status" DEFAULT 'pending' NOT NULL,
	"physical_state" "physical_state",
	"specific_gravity" numeric(10, 4),
	"density" numeric(10, 2),
	"pounds_per_gallon" numeric(10, 2),
	"conversion_factor" numeric(14, 4),
	"flash_points" integer,
	"nfpa" varchar(50) DEFAULT '' NOT NULL,
	"is_spcc" boolean DEFAULT false NOT NULL,
	"is_sara_f" boolean DEFAULT false NOT NULL,
	"is_sara_p" boolean DEFAULT false NOT NULL,
	"is_sara_r" boolean DEFAULT false NOT NULL,
	"is_sara_a" boolean DEFAULT false NOT NULL,
	"is_sara_c" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regulatory_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "regulatory_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"list_type" "regulatory_list_type" NOT NULL,
	"database_entry_id" integer,
	"chemical_name" varchar(500) NOT NULL,
	"cas_number" varchar(20) DEFAULT '' NOT NULL,
	"category" varchar(20) DEFAULT '' NOT NULL,
	"condition" varchar(200) DEFAULT '' NOT NULL,
	"threshold_quantity_lbs" numeric(14, 4),
	"final_reportable_quantity_lb" numeric(14, 4),
	"tpq_text" varchar(100) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" char(64) NOT NULL,
	"is_remembered" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"ip_address" varchar(64),
	"user_agent" varchar(512),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "states" (
	"code" char(2) PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" varchar(254) NOT NULL,
	"password_hash" text,
	"role" "role" NOT NULL,
	"first_name" varchar(50) NOT NULL,
	"last_name" varchar(50) NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_state_code_states_code_fk" FOREIGN KEY ("state_code") REFERENCES "public"."states"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_billing_address_id_addresses_id_fk" FOREIGN KEY ("billing_address_id") REFERENCES "public"."addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "database_entries" ADD CONSTRAINT "database_entries_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "database_entries" ADD CONSTRAINT "database_entries_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_customers" ADD CONSTRAINT "facility_customers_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_customers" ADD CONSTRAINT "facility_customers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventories" ADD CONSTRAINT "inventories_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventories" ADD CONSTRAINT "inventories_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_duplicates" ADD CONSTRAINT "inventory_duplicates_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_duplicates" ADD CONSTRAINT "inventory_duplicates_source_inventory_id_inventories_id_fk" FOREIGN KEY ("source_inventory_id") REFERENCES "public"."inventories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_product_chemical_components" ADD CONSTRAINT "inventory_product_chemical_components_inventory_product_id_inventory_products_id_fk" FOREIGN KEY ("inventory_product_id") REFERENCES "public"."inventory_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_product_chemical_components" ADD CONSTRAINT "inventory_product_chemical_components_chemical_component_id_chemical_components_id_fk" FOREIGN KEY ("chemical_component_id") REFERENCES "public"."chemical_components"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_product_hazards" ADD CONSTRAINT "inventory_product_hazards_inventory_product_id_inventory_products_id_fk" FOREIGN KEY ("inventory_product_id") REFERENCES "public"."inventory_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_product_hazards" ADD CONSTRAINT "inventory_product_hazards_hazard_id_hazards_id_fk" FOREIGN KEY ("hazard_id") REFERENCES "public"."hazards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD CONSTRAINT "inventory_products_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD CONSTRAINT "inventory_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD CONSTRAINT "inventory_products_container_id_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."containers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD CONSTRAINT "inventory_products_container_unit_id_container_units_id_fk" FOREIGN KEY ("container_unit_id") REFERENCES "public"."container_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_technicians" ADD CONSTRAINT "inventory_technicians_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_technicians" ADD CONSTRAINT "inventory_technicians_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_chemical_components" ADD CONSTRAINT "product_chemical_components_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_chemical_components" ADD CONSTRAINT "product_chemical_components_chemical_component_id_chemical_components_id_fk" FOREIGN KEY ("chemical_component_id") REFERENCES "public"."chemical_components"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_hazards" ADD CONSTRAINT "product_hazards_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_hazards" ADD CONSTRAINT "product_hazards_hazard_id_hazards_id_fk" FOREIGN KEY ("hazard_id") REFERENCES "public"."hazards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sds_file_id_files_id_fk" FOREIGN KEY ("sds_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulatory_entries" ADD CONSTRAINT "regulatory_entries_database_entry_id_database_entries_id_fk" FOREIGN KEY ("database_entry_id") REFERENCES "public"."database_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chemical_components_number_unique" ON "chemical_components" USING btree ("number");--> statement-breakpoint
CREATE INDEX "chemical_components_name_trgm" ON "chemical_components" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "chemical_components_number_trgm" ON "chemical_components" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "container_units_name_trgm" ON "container_units" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "containers_name_trgm" ON "containers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_name_trgm" ON "customers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree ("name");--> statement-breakpoint
CREATE INDEX "database_entries_type_idx" ON "database_entries" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "facilities_name_trgm" ON "facilities" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "facilities_customer_idx" ON "facilities" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "facilities_name_idx" ON "facilities" USING btree ("name");--> statement-breakpoint
CREATE INDEX "facility_customers_customer_idx" ON "facility_customers" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "files_storage_key_unique" ON "files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "hazards_name_trgm" ON "hazards" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inventories_customer_facility_year_idx" ON "inventories" USING btree ("customer_id","facility_id","year");--> statement-breakpoint
CREATE INDEX "inventories_facility_idx" ON "inventories" USING btree ("facility_id");--> statement-breakpoint
CREATE INDEX "inventories_updated_at_idx" ON "inventories" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_product_chemical_components_unique" ON "inventory_product_chemical_components" USING btree ("inventory_product_id","chemical_component_id");--> statement-breakpoint
CREATE INDEX "inventory_products_inventory_idx" ON "inventory_products" USING btree ("inventory_id","updated_at");--> statement-breakpoint
CREATE INDEX "inventory_products_product_idx" ON "inventory_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "inventory_products_name_trgm" ON "inventory_products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inventory_products_mfg_name_trgm" ON "inventory_products" USING gin ("mfg_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inventory_technicians_user_idx" ON "inventory_technicians" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "login_failures_key_idx" ON "login_failures" USING btree ("key","attempted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_hash_unique" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_chemical_components_unique" ON "product_chemical_components" USING btree ("product_id","chemical_component_id");--> statement-breakpoint
CREATE INDEX "product_chemical_components_component_idx" ON "product_chemical_components" USING btree ("chemical_component_id");--> statement-breakpoint
CREATE INDEX "product_hazards_hazard_idx" ON "product_hazards" USING btree ("hazard_id");--> statement-breakpoint
CREATE INDEX "products_name_trgm" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_mfg_name_trgm" ON "products" USING gin ("mfg_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_sds_status_idx" ON "products" USING btree ("sds_status");--> statement-breakpoint
CREATE INDEX "products_updated_at_idx" ON "products" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "regulatory_entries_type_cas_idx" ON "regulatory_entries" USING btree ("list_type","cas_number");--> statement-breakpoint
CREATE INDEX "regulatory_entries_chemical_name_trgm" ON "regulatory_entries" USING gin ("chemical_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "regulatory_entries_cas_number_trgm" ON "regulatory_entries" USING gin ("cas_number" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_unique" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role","is_active");--> statement-breakpoint
CREATE INDEX "users_first_name_trgm" ON "users" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_trgm" ON "users" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm" ON "users" USING gin ("email" gin_trgm_ops);