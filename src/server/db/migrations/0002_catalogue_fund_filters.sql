ALTER TABLE "funds" ADD COLUMN "firm_city" text DEFAULT 'NaN' NOT NULL;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "number_of_investors" integer;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "women_investors" integer;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "gender_ratio" double precision GENERATED ALWAYS AS (CASE WHEN number_of_investors > 0 AND women_investors IS NOT NULL THEN women_investors * 100.0 / number_of_investors END) STORED;--> statement-breakpoint
CREATE INDEX "funds_firm_city_idx" ON "funds" USING btree ("firm_city");--> statement-breakpoint
CREATE INDEX "funds_firm_name_idx" ON "funds" USING btree ("firm_name");--> statement-breakpoint
CREATE INDEX "investors_last_name_idx" ON "investors" USING btree ("last_name");