CREATE TABLE "filings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "filings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"inventory_id" integer NOT NULL,
	"obligation" varchar(32) NOT NULL,
	"filed_on" date NOT NULL,
	"method" varchar(16) NOT NULL,
	"confirmation_number" varchar(100) DEFAULT '' NOT NULL,
	"filed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "filings_obligation_known" CHECK ("filings"."obligation" IN ('tier2', 'tri_form_r', 'spcc_review')),
	CONSTRAINT "filings_method_known" CHECK ("filings"."method" IN ('portal', 't2s', 'paper'))
);
--> statement-breakpoint
ALTER TABLE "filings" ADD CONSTRAINT "filings_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filings" ADD CONSTRAINT "filings_filed_by_users_id_fk" FOREIGN KEY ("filed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "filings_inventory_obligation_unique" ON "filings" USING btree ("inventory_id","obligation");--> statement-breakpoint
CREATE INDEX "filings_filed_on_idx" ON "filings" USING btree ("filed_on");