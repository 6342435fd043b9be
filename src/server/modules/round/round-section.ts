// The round, as a section of the morning mail (modules/morning-mail) on a Monday: one line per active list (an
// investor list the founder owns or edits with a row in an active stage): committed against the target, new
// answers this past week, rows going cold, with a link to the list's Round page.
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ACTIVE_STAGES, COLD_DAYS_DEFAULT } from '../../../shared/round-summary.js';
import { queryRows } from '../../db/query-rows.js';
import { listInvestors, lists } from '../../db/schema.js';
import { escapeHtml } from '../../mail/templates.js';
import { editsList } from '../lists/list-access.js';
import type { MorningSection } from '../morning-mail/morning-mail.js';
import { isActive, isCold, rowFacts } from './round-facts.js';
import { roundWindow } from './round-summary.js';

export interface RoundLine {
  list_id: number;
  name: string;
  committed: number;
  target: number | null;
  new_answers: number;
  cold: number;
}

const isMonday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() === 1;
const dollars = (amount: number) => `$${amount.toLocaleString('en-US')}`;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Seed round: $500,000 committed of $2,500,000 (20%), 1 new answer this week, 2 going cold". */
export function roundLineText(line: RoundLine): string {
  const committed =
    line.target === null
      ? `${dollars(line.committed)} committed`
      : `${dollars(line.committed)} committed of ${dollars(line.target)} (${Math.round((100 * line.committed) / line.target)}%)`;
  return `${line.name}: ${committed}, ${plural(line.new_answers, 'new answer', 'new answers')} this week, ${line.cold} going cold`;
}

/** The server's time zone, whose day the morning mail is sent on. */
const serverZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The morning mail's round lines, on the server's Mondays; `clock` is what "now" is. */
export function roundSection(clock: () => Date): MorningSection {
  return {
    mayHave(userId: AnyPgColumn, today: string) {
      if (!isMonday(today)) return sql`false`;
      const active = sql.raw(ACTIVE_STAGES.map((stage) => `'${stage}'`).join(', '));
      return sql`EXISTS (SELECT 1 FROM ${listInvestors} JOIN ${lists} ON ${lists.id} = ${listInvestors.list_id}
        WHERE ${lists.list_type} = 'investor' AND ${editsList(userId)} AND ${listInvestors.stage} IN (${active}))`;
    },
    async collect(app, user, today) {
      if (!isMonday(today)) return null;
      const window = roundWindow({ now: clock(), coldDays: COLD_DAYS_DEFAULT, tz: serverZone() });
      const rows = await queryRows(
        app.db,
        sql`WITH ${rowFacts({ editorId: user.id }, window)}
          SELECT s.id AS list_id, s.name,
            coalesce(sum(fd.amount) FILTER (WHERE fd.stage = 'committed'), 0)::float8 AS committed,
            (SELECT raise_amount FROM startups WHERE user_id = s.user_id)::float8 AS target,
            count(*) FILTER (WHERE fd.contacted AND fd.answered AND fd.answer_at >= ${window.weekAgo.toISOString()}::timestamptz)::int AS new_answers,
            count(*) FILTER (WHERE ${isCold(window.coldSince)})::int AS cold
          FROM scope s JOIN fd ON fd.list_id = s.id
          GROUP BY s.id, s.name, s.user_id HAVING count(*) FILTER (WHERE ${isActive}) > 0
          ORDER BY s.id`,
      );
      if (rows.length === 0) return null;
      const lines = rows.map((row) => ({ ...(row as unknown as RoundLine), target: row.target === null ? null : Number(row.target) }));
      const link = (line: RoundLine) => `${app.config.appUrl}/round?list_id=${line.list_id}`;
      const intro = 'Your round this week:';
      return {
        subject: 'your round this week',
        text: [[intro, ...lines.map((line) => `- ${roundLineText(line)}: ${link(line)}`)].join('\n')],
        html:
          `<p>${escapeHtml(intro)}</p>\n<ul>\n` +
          lines.map((line) => `<li><a href="${escapeHtml(link(line))}">${escapeHtml(roundLineText(line))}</a></li>`).join('\n') +
          `\n</ul>`,
      };
    },
  };
}
