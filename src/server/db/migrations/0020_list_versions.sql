CREATE TABLE "list_versions" (
	"list_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- Every statement that writes events of lists moves each of those lists' versions on by one, in its transaction
-- (whoever writes: the app on any instance, a script). Events of no list (list 0) or of a list deleted meanwhile move
-- none. A row of a deleted list is left behind, harmless: list ids are never given again. Taken in the lists' order,
-- so two statements writing events of the same lists wait for each other rather than deadlock.
CREATE FUNCTION "list_events_move_version"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO list_versions (list_id, version)
  SELECT DISTINCT e.list_id, 1 FROM written_events e JOIN lists l ON l.id = e.list_id ORDER BY e.list_id
  ON CONFLICT (list_id) DO UPDATE SET version = list_versions.version + 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "list_events_insert_moves_version" AFTER INSERT ON "list_events" REFERENCING NEW TABLE AS written_events FOR EACH STATEMENT EXECUTE FUNCTION "list_events_move_version"();--> statement-breakpoint
-- The Round's parts stored before were kept at their lists' newest event ids: counted again at the versions.
DELETE FROM "round_list_parts";
