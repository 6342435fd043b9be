ALTER TABLE "list_investors" ADD COLUMN "round_furthest" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "list_investors" ADD COLUMN "round_contacted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "list_investors" ADD COLUMN "round_answered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "list_investors" ADD COLUMN "round_answer_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "list_investors" ADD COLUMN "round_answer_days" integer;--> statement-breakpoint
ALTER TABLE "list_investors" ADD COLUMN "round_logged_touch" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "list_investors" ADD COLUMN "round_amount_logged" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "list_investors" ADD COLUMN "round_engaged_last_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "list_investors" ADD COLUMN "round_met_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written: what the Round page counts of each investor row, kept on the row (round_* columns), so that counting
-- a list's part reads its rows only (deriving them for 10,000 rows from their facts was a third of the statement).
-- The rules, from the row's stage, addition, last contact and answer and its facts (null: none kept):
-- the furthest funnel place it reached, its stage now or any its 'stage' entries went from or to; contacted (reached
-- Contacted, or a touch logged) and answered (an answer logged, a reply captured, or Meeting reached); its first answer,
-- and the whole days to it from its first contact (first touch, or first reaching Contacted) when both are known (the
-- interval's day field: under 24 hours stay in its time field); its last touch but for deck views.
CREATE FUNCTION "round_row_counted"(row_stage text, row_added_at timestamptz, row_contacted_at timestamptz, row_answered_at timestamptz,
    facts round_row_facts, OUT furthest integer, OUT contacted boolean, OUT answered boolean, OUT answer_at timestamptz,
    OUT answer_days integer, OUT logged_touch timestamptz)
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  contact_at timestamptz := least(facts.touch_first_at, facts.stage_contacted_at);
BEGIN
  furthest := greatest(1, array_position(ARRAY['lead', 'contacted', 'meeting', 'term_sheet', 'committed']::text[], row_stage), facts.reached);
  answer_at := least(facts.reply_first_at, row_answered_at, facts.stage_answered_at);
  contacted := furthest >= 2 OR row_contacted_at IS NOT NULL;
  answered := row_answered_at IS NOT NULL OR answer_at IS NOT NULL OR furthest >= 3;
  IF contacted AND answered AND contact_at IS NOT NULL AND answer_at IS NOT NULL THEN
    answer_days := greatest(0, date_part('day', answer_at - contact_at))::int;
  END IF;
  logged_touch := greatest(row_added_at, row_contacted_at, facts.stage_last_at, facts.note_last_at);
END;
$$;--> statement-breakpoint
-- A row added, or its stage, addition, last contact or answer changed: counted from its facts as they stand (a row
-- being added has none yet; if it had entries logged before, round_row_facts_of_added counts them next).
CREATE FUNCTION "list_investor_round_counted"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  facts round_row_facts;
  counted record;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT * INTO facts FROM round_row_facts x WHERE x.list_id = NEW.list_id AND x.investor_id = NEW.investor_id;
  END IF;
  counted := round_row_counted(NEW.stage, NEW.added_at, NEW.last_contacted_at, NEW.answered_at, facts);
  NEW.round_furthest := counted.furthest;
  NEW.round_contacted := counted.contacted;
  NEW.round_answered := counted.answered;
  NEW.round_answer_at := counted.answer_at;
  NEW.round_answer_days := counted.answer_days;
  NEW.round_logged_touch := counted.logged_touch;
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- A statement writing rows' facts (round_row_facts_refresh, in the writing transaction, the rows locked) counts them
-- again on their rows.
CREATE FUNCTION "round_row_facts_counted"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  UPDATE list_investors li SET
    (round_furthest, round_contacted, round_answered, round_answer_at, round_answer_days, round_logged_touch) =
      (SELECT * FROM round_row_counted(li.stage, li.added_at, li.last_contacted_at, li.answered_at, x)),
    round_amount_logged = x.amount_logged, round_engaged_last_at = x.engaged_last_at, round_met_at = x.met_at
  FROM written_facts x
  WHERE li.list_id = x.list_id AND li.investor_id = x.investor_id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
UPDATE "list_investors" li SET
  (round_furthest, round_contacted, round_answered, round_answer_at, round_answer_days, round_logged_touch,
    round_amount_logged, round_engaged_last_at, round_met_at) =
    (SELECT c.*, coalesce(x.amount_logged, false), x.engaged_last_at, x.met_at
      FROM (SELECT) one
      LEFT JOIN round_row_facts x ON x.list_id = li.list_id AND x.investor_id = li.investor_id
      CROSS JOIN LATERAL round_row_counted(li.stage, li.added_at, li.last_contacted_at, li.answered_at, x) c);--> statement-breakpoint
CREATE TRIGGER "list_investors_insert_round_counted" BEFORE INSERT ON "list_investors"
  FOR EACH ROW EXECUTE FUNCTION "list_investor_round_counted"();--> statement-breakpoint
CREATE TRIGGER "list_investors_update_round_counted" BEFORE UPDATE OF "stage", "added_at", "last_contacted_at", "answered_at" ON "list_investors"
  FOR EACH ROW WHEN (OLD.stage IS DISTINCT FROM NEW.stage OR OLD.added_at IS DISTINCT FROM NEW.added_at
    OR OLD.last_contacted_at IS DISTINCT FROM NEW.last_contacted_at OR OLD.answered_at IS DISTINCT FROM NEW.answered_at)
  EXECUTE FUNCTION "list_investor_round_counted"();--> statement-breakpoint
CREATE TRIGGER "round_row_facts_insert_counted" AFTER INSERT ON "round_row_facts" REFERENCING NEW TABLE AS written_facts
  FOR EACH STATEMENT EXECUTE FUNCTION "round_row_facts_counted"();--> statement-breakpoint
CREATE TRIGGER "round_row_facts_update_counted" AFTER UPDATE ON "round_row_facts" REFERENCING NEW TABLE AS written_facts
  FOR EACH STATEMENT EXECUTE FUNCTION "round_row_facts_counted"();
