CREATE TABLE "startups" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"pitch" text,
	"stage" text NOT NULL,
	"industries" text[] NOT NULL,
	"geography" text NOT NULL,
	"financing_type" text NOT NULL,
	"raise_amount" bigint NOT NULL,
	"close_on" date NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "startups_raise_amount_positive" CHECK ("startups"."raise_amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "startups" ADD CONSTRAINT "startups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;