CREATE TABLE "round_row_facts" (
	"list_id" integer NOT NULL,
	"investor_id" integer NOT NULL,
	"reached" integer,
	"stage_contacted_at" timestamp with time zone,
	"stage_answered_at" timestamp with time zone,
	"stage_last_at" timestamp with time zone,
	"met_at" timestamp with time zone,
	"amount_logged" boolean DEFAULT false NOT NULL,
	"touch_first_at" timestamp with time zone,
	"reply_first_at" timestamp with time zone,
	"engaged_last_at" timestamp with time zone,
	"note_last_at" timestamp with time zone,
	CONSTRAINT "round_row_facts_list_id_investor_id_pk" PRIMARY KEY("list_id","investor_id")
);
--> statement-breakpoint
ALTER TABLE "round_row_facts" ADD CONSTRAINT "round_row_facts_list_id_investor_id_list_investors_list_id_investor_id_fk" FOREIGN KEY ("list_id","investor_id") REFERENCES "public"."list_investors"("list_id","investor_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The Round page's facts of these investor rows (round_row_facts), counted again from their activity (the 'stage' and
-- 'amount' entries since each row's addition), touches and notes, each read through its row's index. The rows are
-- locked first (in key order; a change of a row holds its lock already), so the facts of one row are counted one
-- transaction after another, each from what the one before committed. Keys of no row (any more) count nothing.
CREATE FUNCTION "round_row_facts_refresh"(list_ids integer[], investor_ids integer[]) RETURNS void LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM 1 FROM list_investors li
    WHERE (li.list_id, li.investor_id) IN (SELECT k.l, k.i FROM unnest(list_ids, investor_ids) AS k(l, i))
    ORDER BY li.list_id, li.investor_id FOR NO KEY UPDATE;
  INSERT INTO round_row_facts (list_id, investor_id, reached, stage_contacted_at, stage_answered_at, stage_last_at, met_at,
      amount_logged, touch_first_at, reply_first_at, engaged_last_at, note_last_at)
  SELECT li.list_id, li.investor_id, e.reached, e.contacted_at, e.answered_at, e.last_at, e.met_at, coalesce(e.amount_logged, false),
    t.first_at, t.reply_first_at, t.engaged_last_at, n.last_at
  FROM (SELECT DISTINCT k.l, k.i FROM unnest(list_ids, investor_ids) AS k(l, i)) k
    JOIN list_investors li ON li.list_id = k.l AND li.investor_id = k.i
    CROSS JOIN LATERAL (
      SELECT
        max(greatest(array_position(ARRAY['lead', 'contacted', 'meeting', 'term_sheet', 'committed']::text[], a.detail->>'from'),
          array_position(ARRAY['lead', 'contacted', 'meeting', 'term_sheet', 'committed']::text[], a.detail->>'to')))
          FILTER (WHERE a.action = 'stage') AS reached,
        min(a.created_at) FILTER (WHERE a.action = 'stage'
          AND array_position(ARRAY['lead', 'contacted', 'meeting', 'term_sheet', 'committed']::text[], a.detail->>'to') >= 2) AS contacted_at,
        min(a.created_at) FILTER (WHERE a.action = 'stage'
          AND array_position(ARRAY['lead', 'contacted', 'meeting', 'term_sheet', 'committed']::text[], a.detail->>'to') >= 3) AS answered_at,
        max(a.created_at) FILTER (WHERE a.action = 'stage') AS last_at,
        max(a.created_at) FILTER (WHERE a.action = 'stage' AND a.detail->>'to' = 'meeting') AS met_at,
        bool_or(a.action = 'amount') AS amount_logged
      FROM list_activity a
      WHERE a.list_id = li.list_id AND a.item_kind = 'investor' AND a.item_id = li.investor_id
        AND a.action IN ('stage', 'amount') AND a.created_at >= li.added_at
    ) e
    CROSS JOIN LATERAL (
      SELECT min(happened_at) AS first_at, min(happened_at) FILTER (WHERE kind = 'email_received') AS reply_first_at,
        max(happened_at) FILTER (WHERE kind IN ('email_received', 'meeting')) AS engaged_last_at
      FROM row_touches WHERE list_id = li.list_id AND investor_id = li.investor_id
    ) t
    CROSS JOIN LATERAL (SELECT max(created_at) AS last_at FROM pipeline_notes WHERE list_id = li.list_id AND investor_id = li.investor_id) n
  ORDER BY li.list_id, li.investor_id
  ON CONFLICT (list_id, investor_id) DO UPDATE SET reached = excluded.reached, stage_contacted_at = excluded.stage_contacted_at,
    stage_answered_at = excluded.stage_answered_at, stage_last_at = excluded.stage_last_at, met_at = excluded.met_at,
    amount_logged = excluded.amount_logged, touch_first_at = excluded.touch_first_at, reply_first_at = excluded.reply_first_at,
    engaged_last_at = excluded.engaged_last_at, note_last_at = excluded.note_last_at;
END;
$$;--> statement-breakpoint
-- Every statement writing, changing or deleting investor rows' 'stage' or 'amount' entries counts their facts again.
CREATE FUNCTION "round_row_facts_of_activity"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM round_row_facts_refresh(array_agg(list_id), array_agg(item_id)) FROM written_rows
      WHERE item_kind = 'investor' AND action IN ('stage', 'amount') HAVING count(*) > 0;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM round_row_facts_refresh(array_agg(list_id), array_agg(item_id)) FROM former_rows
      WHERE item_kind = 'investor' AND action IN ('stage', 'amount') HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- The same for every statement writing, changing or deleting investor rows' touches or notes.
CREATE FUNCTION "round_row_facts_of_row"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM round_row_facts_refresh(array_agg(list_id), array_agg(investor_id)) FROM written_rows
      WHERE investor_id IS NOT NULL HAVING count(*) > 0;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM round_row_facts_refresh(array_agg(list_id), array_agg(investor_id)) FROM former_rows
      WHERE investor_id IS NOT NULL HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A row added (again) with entries already logged for it, or whose addition moved: its entries since its addition.
CREATE FUNCTION "round_row_facts_of_added"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM round_row_facts_refresh(array_agg(n.list_id), array_agg(n.investor_id)) FROM written_rows n
    WHERE EXISTS (SELECT 1 FROM list_activity a WHERE a.list_id = n.list_id AND a.item_kind = 'investor'
      AND a.item_id = n.investor_id AND a.action IN ('stage', 'amount'))
    HAVING count(*) > 0;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "round_row_facts_of_moved"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM round_row_facts_refresh(ARRAY[NEW.list_id], ARRAY[NEW.investor_id]);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "list_activity_insert_round_facts" AFTER INSERT ON "list_activity" REFERENCING NEW TABLE AS written_rows FOR EACH STATEMENT EXECUTE FUNCTION "round_row_facts_of_activity"();--> statement-breakpoint
CREATE TRIGGER "list_activity_update_round_facts" AFTER UPDATE ON "list_activity" REFERENCING OLD TABLE AS former_rows NEW TABLE AS written_rows FOR EACH STATEMENT EXECUTE FUNCTION "round_row_facts_of_activity"();--> statement-breakpoint
CREATE TRIGGER "list_activity_delete_round_facts" AFTER DELETE ON "list_activity" REFERENCING OLD TABLE AS former_rows FOR EACH STATEMENT EXECUTE FUNCTION "round_row_facts_of_activity"();--> statement-breakpoint
CREATE TRIGGER "row_touches_insert_round_facts" AFTER INSERT ON "row_touches" REFERENCING NEW TABLE AS written_rows FOR EACH STATEMENT EXECUTE FUNCTION "round_row_facts_of_row"();--> statement-breakpoint
CREATE TRIGGER "row_touches_update_round_facts" AFTER UPDATE ON "row_touches" REFERENCING OLD TABLE AS former_rows NEW TABLE AS written_rows FOR EACH STATEMENT EXECUTE FUNCTION "round_row_facts_of_row"();--> statement-breakpoint
CREATE TRIGGER "row_touches_delete_round_facts" AFTER DELETE ON "row_touches" REFERENCING OLD TABLE AS former_rows FOR EACH STATEMENT EXECUTE FUNCTION "round_row_facts_of_row"();--> statement-breakpoint
CREATE TRIGGER "pipeline_notes_insert_round_facts" AFTER INSERT ON "pipeline_notes" REFERENCING NEW TABLE AS written_rows FOR EACH STATEMENT EXECUTE FUNCTION "round_row_facts_of_row"();--> statement-breakpoint
CREATE TRIGGER "pipeline_notes_update_round_facts" AFTER UPDATE ON "pipeline_notes" REFERENCING OLD TABLE AS former_rows NEW TABLE AS written_rows FOR EACH STATEMENT EXECUTE FUNCTION "round_row_facts_of_row"();--> statement-breakpoint
CREATE TRIGGER "pipeline_notes_delete_round_facts" AFTER DELETE ON "pipeline_notes" REFERENCING OLD TABLE AS former_rows FOR EACH STATEMENT EXECUTE FUNCTION "round_row_facts_of_row"();--> statement-breakpoint
CREATE TRIGGER "list_investors_insert_round_facts" AFTER INSERT ON "list_investors" REFERENCING NEW TABLE AS written_rows FOR EACH STATEMENT EXECUTE FUNCTION "round_row_facts_of_added"();--> statement-breakpoint
CREATE TRIGGER "list_investors_added_round_facts" AFTER UPDATE OF "added_at" ON "list_investors" FOR EACH ROW
  WHEN (OLD.added_at IS DISTINCT FROM NEW.added_at) EXECUTE FUNCTION "round_row_facts_of_moved"();--> statement-breakpoint
-- Every investor row's facts as they stand, in one pass (rows with nothing logged have none: they count as nothing).
INSERT INTO "round_row_facts" (list_id, investor_id, reached, stage_contacted_at, stage_answered_at, stage_last_at, met_at,
    amount_logged, touch_first_at, reply_first_at, engaged_last_at, note_last_at)
SELECT li.list_id, li.investor_id, e.reached, e.contacted_at, e.answered_at, e.last_at, e.met_at, coalesce(e.amount_logged, false),
  t.first_at, t.reply_first_at, t.engaged_last_at, n.last_at
FROM list_investors li
  LEFT JOIN (
    SELECT a.list_id, a.item_id,
      max(greatest(array_position(ARRAY['lead', 'contacted', 'meeting', 'term_sheet', 'committed']::text[], a.detail->>'from'),
        array_position(ARRAY['lead', 'contacted', 'meeting', 'term_sheet', 'committed']::text[], a.detail->>'to')))
        FILTER (WHERE a.action = 'stage') AS reached,
      min(a.created_at) FILTER (WHERE a.action = 'stage'
        AND array_position(ARRAY['lead', 'contacted', 'meeting', 'term_sheet', 'committed']::text[], a.detail->>'to') >= 2) AS contacted_at,
      min(a.created_at) FILTER (WHERE a.action = 'stage'
        AND array_position(ARRAY['lead', 'contacted', 'meeting', 'term_sheet', 'committed']::text[], a.detail->>'to') >= 3) AS answered_at,
      max(a.created_at) FILTER (WHERE a.action = 'stage') AS last_at,
      max(a.created_at) FILTER (WHERE a.action = 'stage' AND a.detail->>'to' = 'meeting') AS met_at,
      bool_or(a.action = 'amount') AS amount_logged
    FROM list_activity a JOIN list_investors r ON r.list_id = a.list_id AND r.investor_id = a.item_id
    WHERE a.item_kind = 'investor' AND a.action IN ('stage', 'amount') AND a.created_at >= r.added_at
    GROUP BY a.list_id, a.item_id
  ) e ON e.list_id = li.list_id AND e.item_id = li.investor_id
  LEFT JOIN (
    SELECT list_id, investor_id, min(happened_at) AS first_at, min(happened_at) FILTER (WHERE kind = 'email_received') AS reply_first_at,
      max(happened_at) FILTER (WHERE kind IN ('email_received', 'meeting')) AS engaged_last_at
    FROM row_touches WHERE investor_id IS NOT NULL GROUP BY list_id, investor_id
  ) t ON t.list_id = li.list_id AND t.investor_id = li.investor_id
  LEFT JOIN (
    SELECT list_id, investor_id, max(created_at) AS last_at FROM pipeline_notes WHERE investor_id IS NOT NULL GROUP BY list_id, investor_id
  ) n ON n.list_id = li.list_id AND n.investor_id = li.investor_id
WHERE e.list_id IS NOT NULL OR t.list_id IS NOT NULL OR n.list_id IS NOT NULL;--> statement-breakpoint
-- The Round's parts stored before read each row's history: counted again from the facts.
DELETE FROM "round_list_parts";
