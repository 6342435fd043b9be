ALTER TABLE "funds" drop column "search_text";--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(nullif(firm_name, 'NaN'), '') || ' ' || coalesce(nullif(full_name, 'NaN'), '') || ' ' || coalesce(nullif(title, 'NaN'), '') || ' ' || coalesce(nullif(firm_email, 'NaN'), '') || ' ' || coalesce(nullif(contact_email, 'NaN'), '') || ' ' || coalesce(nullif(firm_address, 'NaN'), ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "investors" drop column "search_text";--> statement-breakpoint
ALTER TABLE "investors" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(nullif(first_name, 'NaN'), '') || ' ' || coalesce(nullif(last_name, 'NaN'), '') || ' ' || coalesce(nullif(firm_name, 'NaN'), '') || ' ' || coalesce(nullif(contact_title, 'NaN'), '') || ' ' || coalesce(nullif(email, 'NaN'), '') || ' ' || coalesce(nullif(city, 'NaN'), ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "funds_search_text_trgm" ON "funds" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "investors_search_text_trgm" ON "investors" USING gin ("search_text" gin_trgm_ops);
