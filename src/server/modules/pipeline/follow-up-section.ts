// The follow-ups due, as a section of the morning mail (modules/morning-mail): each with a link to its
// list, and one to /follow-ups.
import { lte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { FOLLOW_UP_DUE, FOLLOW_UP_WEEK_DAYS, type FollowUpDue, type FollowUpRow } from '../../../shared/pipeline.js';
import { addDays } from '../../../shared/days.js';
import { listFunds, listInvestors, lists } from '../../db/schema.js';
import { escapeHtml } from '../../mail/templates.js';
import type { MorningSection, SectionContent } from '../morning-mail/morning-mail.js';
import { followUps } from './follow-ups.js';
import { editsList } from '../lists/list-access.js';

const SECTIONS: Array<{ due: FollowUpDue; title: string }> = [
  { due: 'overdue', title: 'Overdue' },
  { due: 'today', title: 'Due today' },
  { due: 'week', title: 'Due in the next 7 days' },
];

/** "Mon, Nov 23" for a YYYY-MM-DD day. */
function dayLabel(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

function rowLabel(row: FollowUpRow): string {
  const who = row.list_type === 'investor' && row.firm_name !== 'NaN' ? `${row.name} (${row.firm_name})` : row.name;
  return `${who}, ${dayLabel(row.pipeline.follow_up_on!)}, on ${row.list_name}`;
}

/** A user's follow-ups due (rows as GET /follow-ups answers them), by section, with links to each list. */
export function followUpContent(rows: FollowUpRow[], today: string, appUrl: string): SectionContent {
  const listLink = (row: FollowUpRow) => `${appUrl}/lists/${row.list_id}`;
  const allLink = `${appUrl}/follow-ups`;
  const sections = SECTIONS.map(({ due, title }) => ({ title, rows: rows.filter((row) => row.due === due) })).filter(
    (section) => section.rows.length > 0,
  );
  const intro = `Here is what to follow up on, as of ${dayLabel(today)}:`;
  const count = rows.length;
  return {
    subject: `${count} follow-up${count === 1 ? '' : 's'} due`,
    text: [
      intro,
      ...sections.map(({ title, rows: due }) => [`${title}:`, ...due.map((row) => `- ${rowLabel(row)}: ${listLink(row)}`)].join('\n')),
      `All your follow-ups: ${allLink}`,
    ],
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      ...sections.map(
        ({ title, rows: due }) =>
          `<h3>${escapeHtml(title)}</h3>\n<ul>\n` +
          due.map((row) => `<li><a href="${escapeHtml(listLink(row))}">${escapeHtml(rowLabel(row))}</a></li>`).join('\n') +
          `\n</ul>`,
      ),
      `<p><a href="${escapeHtml(allLink)}">All your follow-ups</a></p>`,
    ].join('\n'),
  };
}

/** The morning mail's follow-ups: every row overdue, due today or in the week ahead, across the lists the user owns or edits. */
export const followUpSection: MorningSection = {
  mayHave(userId: AnyPgColumn, today: string) {
    const horizon = addDays(today, FOLLOW_UP_WEEK_DAYS);
    const hasRowDue = (link: typeof listInvestors | typeof listFunds) =>
      sql`EXISTS (SELECT 1 FROM ${link} JOIN ${lists} ON ${lists.id} = ${link.list_id}
        WHERE ${editsList(userId)} AND ${lte(link.follow_up_on, horizon)})`;
    return sql`(${hasRowDue(listInvestors)} OR ${hasRowDue(listFunds)})`;
  },
  async collect(app, user, today) {
    const rows = await followUps(app.db, user.id, new Set(FOLLOW_UP_DUE), today);
    return rows.length === 0 ? null : followUpContent(rows, today, app.config.appUrl);
  },
};
