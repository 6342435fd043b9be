import { sql } from 'drizzle-orm';
import type { RoundProgress } from '../../../shared/fit.js';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { daysBetween } from '../../../shared/days.js';
import { savedStartup } from './startup-store.js';

/**
 * Each investor and fund once across the user's lists (one committing once is one commitment): at the furthest of
 * its rows with an amount (Committed, then Term sheet, then Meeting), as the most recently changed of those says,
 * then the first list; the Round page counts an investor so too (round-merge.ts: countsBefore). The sums of their
 * amounts at the three late stages.
 */
function stageSumsSql(userId: number) {
  const latest = (link: string, item: string) => sql`(SELECT DISTINCT ON (r.${sql.raw(item)}) r.stage, r.amount
      FROM ${sql.raw(link)} r JOIN lists l ON l.id = r.list_id
      WHERE l.user_id = ${userId} AND r.amount > 0 AND r.stage IN ('committed', 'term_sheet', 'meeting')
      ORDER BY r.${sql.raw(item)}, array_position(ARRAY['committed', 'term_sheet', 'meeting']::text[], r.stage),
        coalesce(greatest(r.stage_changed_at, r.amount_changed_at), r.added_at) DESC, r.list_id)`;
  return sql`SELECT
      coalesce(sum(amount) FILTER (WHERE stage = 'committed'), 0)::bigint AS committed,
      coalesce(sum(amount) FILTER (WHERE stage = 'term_sheet'), 0)::bigint AS term_sheet,
      coalesce(sum(amount) FILTER (WHERE stage = 'meeting'), 0)::bigint AS meeting
    FROM (${latest('list_investors', 'investor_id')} UNION ALL ${latest('list_funds', 'fund_id')}) AS rows`;
}

/** GET /api/v1/round: the profile's target and close date against the pipeline, on `today` (YYYY-MM-DD). */
export async function roundProgress(db: Db, userId: number, today: string): Promise<RoundProgress> {
  const [profile, [sums]] = await Promise.all([savedStartup(db, userId), queryRows(db, stageSumsSql(userId))]);
  return {
    target: profile?.raise_amount ?? null,
    close_on: profile?.close_on ?? null,
    committed: Number(sums.committed),
    term_sheet: Number(sums.term_sheet),
    meeting: Number(sums.meeting),
    days_left: profile ? daysBetween(today, profile.close_on) : null,
  };
}
