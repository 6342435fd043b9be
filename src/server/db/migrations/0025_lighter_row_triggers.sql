-- Hand-written: two triggers behind the writes of list rows made lighter (a captured mail's writing was two thirds
-- triggers: tests/bench/README.md, e-mail capture, round 12).
-- A list row's investor is checked on update only when the update changes it, row by row, as
-- PostgreSQL's own foreign keys do. The statement-level check (0011) ran on every update of list rows (a stage, a
-- follow-up, a captured mail's last contact, each Round count written back by round_row_facts_counted), each time
-- share-locking the rows' investors, which no such update needs: nothing changes a row's investor today.
DROP TRIGGER "list_investors_update_investor_exists" ON "list_investors";--> statement-breakpoint
CREATE FUNCTION "list_investor_key_exists"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM 1 FROM investors i WHERE i.id = NEW.investor_id FOR KEY SHARE;
  IF NOT FOUND THEN
    PERFORM 1 FROM private_contacts p WHERE p.id = NEW.investor_id FOR KEY SHARE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'No investor has the id %', NEW.investor_id USING ERRCODE = 'foreign_key_violation';
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "list_investors_update_investor_exists" AFTER UPDATE OF "investor_id" ON "list_investors"
  FOR EACH ROW WHEN (OLD.investor_id IS DISTINCT FROM NEW.investor_id) EXECUTE FUNCTION "list_investor_key_exists"();
--> statement-breakpoint
-- Touches added (a captured mail, a call logged) move their rows' touch facts only outward: the first touch and the
-- first reply can only come earlier, the last engagement only later. Rows whose facts are kept take the new touches'
-- into them (least and greatest keep the one that is not null); rows without are counted whole, as before. Counting
-- a row whole read its every entry, touch and note, and with it its steps: most of a captured mail's writing.
-- The rows are locked first, in key order, as round_row_facts_refresh locks them.
CREATE FUNCTION "round_row_facts_of_added_touches"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM 1 FROM list_investors li
    WHERE (li.list_id, li.investor_id) IN (SELECT w.list_id, w.investor_id FROM written_rows w WHERE w.investor_id IS NOT NULL)
    ORDER BY li.list_id, li.investor_id FOR NO KEY UPDATE;
  UPDATE round_row_facts x SET
    touch_first_at = least(x.touch_first_at, w.first_at),
    reply_first_at = least(x.reply_first_at, w.reply_first_at),
    engaged_last_at = greatest(x.engaged_last_at, w.engaged_last_at)
  FROM (
    SELECT list_id, investor_id, min(happened_at) AS first_at,
      min(happened_at) FILTER (WHERE kind = 'email_received') AS reply_first_at,
      max(happened_at) FILTER (WHERE kind IN ('email_received', 'meeting')) AS engaged_last_at
    FROM written_rows WHERE investor_id IS NOT NULL GROUP BY list_id, investor_id
  ) w
  WHERE x.list_id = w.list_id AND x.investor_id = w.investor_id;
  PERFORM round_row_facts_refresh(array_agg(w.list_id), array_agg(w.investor_id)) FROM written_rows w
    WHERE w.investor_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM round_row_facts x WHERE x.list_id = w.list_id AND x.investor_id = w.investor_id)
    HAVING count(*) > 0;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER "row_touches_insert_round_facts" ON "row_touches";--> statement-breakpoint
CREATE TRIGGER "row_touches_insert_round_facts" AFTER INSERT ON "row_touches" REFERENCING NEW TABLE AS written_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "round_row_facts_of_added_touches"();
