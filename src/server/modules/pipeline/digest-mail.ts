import type { FollowUpDue, FollowUpRow } from '../../../shared/pipeline.js';
import { PRODUCT_NAME } from '../../../shared/constants.js';
import type { Mail } from '../../mail/mailer.js';
import { escapeHtml, greeting, type Recipient } from '../../mail/templates.js';

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

/** The morning mail listing a user's follow-ups due (rows as GET /follow-ups answers them), with links to each list. */
export function followUpDigestMail(to: Recipient, rows: FollowUpRow[], today: string, appUrl: string): Mail {
  const listLink = (row: FollowUpRow) => `${appUrl}/lists/${row.list_id}`;
  const allLink = `${appUrl}/follow-ups`;
  const sections = SECTIONS.map(({ due, title }) => ({ title, rows: rows.filter((row) => row.due === due) })).filter(
    (section) => section.rows.length > 0,
  );
  const intro = `Here is what to follow up on, as of ${dayLabel(today)}:`;

  const text = [
    greeting(to.first_name),
    intro,
    ...sections.map(({ title, rows: due }) => [`${title}:`, ...due.map((row) => `- ${rowLabel(row)}: ${listLink(row)}`)].join('\n')),
    `All your follow-ups: ${allLink}`,
  ].join('\n\n');

  const html = [
    `<!doctype html><html><body style="font-family:Arial,sans-serif;line-height:1.5;color:#1d1d1f">`,
    `<p>${escapeHtml(greeting(to.first_name))}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    ...sections.map(
      ({ title, rows: due }) =>
        `<h3>${escapeHtml(title)}</h3>\n<ul>\n` +
        due.map((row) => `<li><a href="${escapeHtml(listLink(row))}">${escapeHtml(rowLabel(row))}</a></li>`).join('\n') +
        `\n</ul>`,
    ),
    `<p><a href="${escapeHtml(allLink)}">All your follow-ups</a></p>`,
    `</body></html>`,
  ].join('\n');

  const count = rows.length;
  return {
    to: to.email,
    subject: `${PRODUCT_NAME}: ${count} follow-up${count === 1 ? '' : 's'} due`,
    text: `${text}\n`,
    html,
  };
}
