CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_idx" ON "idempotency_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "rate_limit_counters_resets_idx" ON "rate_limit_counters" USING btree ("resets_at");--> statement-breakpoint
-- Hand-written: the catalogue version is bumped by the database, for every statement that changes
-- investors or funds, whoever runs it (the app, an import, psql). A statement that changes no row
-- leaves the version as it is.
CREATE FUNCTION "catalogue_changed"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP <> 'TRUNCATE' THEN
    IF NOT EXISTS (SELECT 1 FROM changed_rows) THEN
      RETURN NULL;
    END IF;
  END IF;
  INSERT INTO catalogue_state (id, version) VALUES (1, 1)
  ON CONFLICT (id) DO UPDATE SET version = catalogue_state.version + 1, updated_at = now();
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "investors_insert_bumps_version" AFTER INSERT ON "investors" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "investors_update_bumps_version" AFTER UPDATE ON "investors" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "investors_delete_bumps_version" AFTER DELETE ON "investors" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "investors_truncate_bumps_version" AFTER TRUNCATE ON "investors" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "funds_insert_bumps_version" AFTER INSERT ON "funds" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "funds_update_bumps_version" AFTER UPDATE ON "funds" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "funds_delete_bumps_version" AFTER DELETE ON "funds" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "funds_truncate_bumps_version" AFTER TRUNCATE ON "funds" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
