CREATE TABLE "catalogue_changes" (
	"version" integer NOT NULL,
	"catalogue" text NOT NULL,
	"row_id" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue_state" ADD COLUMN "changes_from" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "catalogue_changes_catalogue_version_idx" ON "catalogue_changes" USING btree ("catalogue","version");--> statement-breakpoint
-- Hand-written: the trigger that bumps the catalogue version also writes which rows the statement
-- changed, under that version, so a search index applies just those rows. A TRUNCATE writes none and
-- marks every older version as past catching up. Changes made before this migration were not written.
CREATE OR REPLACE FUNCTION "catalogue_changed"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  changed_version integer;
BEGIN
  IF TG_OP <> 'TRUNCATE' THEN
    IF NOT EXISTS (SELECT 1 FROM changed_rows) THEN
      RETURN NULL;
    END IF;
  END IF;
  INSERT INTO catalogue_state (id, version) VALUES (1, 1)
  ON CONFLICT (id) DO UPDATE SET version = catalogue_state.version + 1, updated_at = now()
  RETURNING version INTO changed_version;
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE catalogue_state SET changes_from = changed_version WHERE id = 1;
  ELSE
    INSERT INTO catalogue_changes (version, catalogue, row_id) SELECT changed_version, TG_TABLE_NAME, id FROM changed_rows;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
UPDATE "catalogue_state" SET "changes_from" = "version";
