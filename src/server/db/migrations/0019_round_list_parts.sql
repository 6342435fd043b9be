CREATE TABLE "round_list_parts" (
	"list_id" integer PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	"part" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "round_list_parts" ADD CONSTRAINT "round_list_parts_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;