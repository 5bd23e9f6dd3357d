CREATE TABLE "contact_phones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_phones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contact_id" integer NOT NULL,
	"position" integer NOT NULL,
	"phone_number" varchar(30) NOT NULL,
	"phone_type" varchar(30) NOT NULL,
	"tier2_record_id" varchar(40)
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"first_name" varchar(100) DEFAULT '' NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"title" varchar(100) DEFAULT '' NOT NULL,
	"email" varchar(150) DEFAULT '' NOT NULL,
	"mailing_street" varchar(200) DEFAULT '' NOT NULL,
	"mailing_city" varchar(100) DEFAULT '' NOT NULL,
	"mailing_state" char(2),
	"mailing_zip" varchar(10) DEFAULT '' NOT NULL,
	"mailing_country" varchar(50) DEFAULT '' NOT NULL,
	"contact_types" varchar(60)[] DEFAULT '{}' NOT NULL,
	"tier2_record_id" varchar(40),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facility_contacts" (
	"facility_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"position" integer NOT NULL,
	"tier2_link_id" varchar(40),
	CONSTRAINT "facility_contacts_facility_id_contact_id_pk" PRIMARY KEY("facility_id","contact_id")
);
--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "naics_code" varchar(6) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "duns_number" varchar(9) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "rmp_facility_id" varchar(12) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "tri_facility_id" varchar(15) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "latitude" numeric(9, 6);--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "longitude" numeric(9, 6);--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "fire_district" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "is_manned" boolean;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "max_occupants" integer;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "tier2_record_id" varchar(40);--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "tier2_extras" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "tier2_chemical_record_id" varchar(40);--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "tier2_location_record_id" varchar(40);--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "is_imported" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_phones" ADD CONSTRAINT "contact_phones_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_contacts" ADD CONSTRAINT "facility_contacts_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_contacts" ADD CONSTRAINT "facility_contacts_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_phones_contact_position_unique" ON "contact_phones" USING btree ("contact_id","position");--> statement-breakpoint
CREATE INDEX "contacts_customer_idx" ON "contacts" USING btree ("customer_id","last_name");--> statement-breakpoint
CREATE INDEX "facility_contacts_contact_idx" ON "facility_contacts" USING btree ("contact_id");