CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"query" jsonb NOT NULL,
	"alert" text DEFAULT 'weekly' NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_alerted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_kind_known" CHECK ("saved_searches"."kind" IN ('investors', 'funds')),
	CONSTRAINT "saved_searches_alert_known" CHECK ("saved_searches"."alert" IN ('off', 'daily', 'weekly'))
);
--> statement-breakpoint
-- Edited by hand: ADD COLUMN … DEFAULT now() would give every existing row the migration's time. They keep
-- NULL (added at an unknown time, never new to a saved search); only rows inserted from now on get now().
ALTER TABLE "funds" ADD COLUMN "added_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "funds" ALTER COLUMN "added_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "investors" ADD COLUMN "added_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "investors" ALTER COLUMN "added_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_user_kind_name_unique" ON "saved_searches" USING btree ("user_id","kind",lower("name"));--> statement-breakpoint
CREATE INDEX "funds_added_at_idx" ON "funds" USING btree ("added_at");--> statement-breakpoint
CREATE INDEX "investors_added_at_idx" ON "investors" USING btree ("added_at");