ALTER TABLE "regulatory_entries" ALTER COLUMN "chemical_name" SET DATA TYPE varchar(1000);--> statement-breakpoint
ALTER TABLE "regulatory_entries" ADD COLUMN "threshold_quantity_upper_lbs" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "regulatory_entries" ADD COLUMN "substance_kind" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "regulatory_entries" ADD COLUMN "min_concentration_pct" numeric(7, 4);--> statement-breakpoint
ALTER TABLE "regulatory_entries" ADD COLUMN "de_minimis_pct" numeric(7, 4);--> statement-breakpoint
ALTER TABLE "regulatory_entries" ADD COLUMN "is_pbt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "regulatory_entries" ADD COLUMN "note" varchar(200) DEFAULT '' NOT NULL;