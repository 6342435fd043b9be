ALTER TABLE "round_row_facts" ADD COLUMN "steps" json;--> statement-breakpoint
-- The facts of a row count its 'stage' and 'amount' entries since its addition as they are (steps), read with the
-- rest through its row's index.
CREATE OR REPLACE FUNCTION "round_row_facts_refresh"(list_ids integer[], investor_ids integer[]) RETURNS void LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM 1 FROM list_investors li
    WHERE (li.list_id, li.investor_id) IN (SELECT k.l, k.i FROM unnest(list_ids, investor_ids) AS k(l, i))
    ORDER BY li.list_id, li.investor_id FOR NO KEY UPDATE;
  INSERT INTO round_row_facts (list_id, investor_id, reached, stage_contacted_at, stage_answered_at, stage_last_at, met_at,
      amount_logged, touch_first_at, reply_first_at, engaged_last_at, note_last_at, steps)
  SELECT li.list_id, li.investor_id, e.reached, e.contacted_at, e.answered_at, e.last_at, e.met_at, coalesce(e.amount_logged, false),
    t.first_at, t.reply_first_at, t.engaged_last_at, n.last_at, e.steps
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
        bool_or(a.action = 'amount') AS amount_logged,
        json_agg(json_build_array((extract(epoch FROM a.created_at) * 1000)::float8, a.action, a.detail->>'from', a.detail->>'to')
          ORDER BY a.created_at, a.id) AS steps
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
    engaged_last_at = excluded.engaged_last_at, note_last_at = excluded.note_last_at, steps = excluded.steps;
END;
$$;--> statement-breakpoint
UPDATE "round_row_facts" x SET steps = s.steps
FROM (
  SELECT a.list_id, a.item_id,
    json_agg(json_build_array((extract(epoch FROM a.created_at) * 1000)::float8, a.action, a.detail->>'from', a.detail->>'to')
      ORDER BY a.created_at, a.id) AS steps
  FROM list_activity a JOIN list_investors li ON li.list_id = a.list_id AND li.investor_id = a.item_id
  WHERE a.item_kind = 'investor' AND a.action IN ('stage', 'amount') AND a.created_at >= li.added_at
  GROUP BY a.list_id, a.item_id
) s
WHERE x.list_id = s.list_id AND x.investor_id = s.item_id;--> statement-breakpoint
-- The Round's parts stored before were counted from each row's entries read apart: counted again.
DELETE FROM "round_list_parts";
