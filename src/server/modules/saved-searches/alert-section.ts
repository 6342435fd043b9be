// Saved searches' alerts, as a section of the morning mail (modules/morning-mail): for each saved search
// whose alert is due, the rows added since its last alert (or since it was last seen or made, if later)
// that match it — the first ALERT_ROWS_PER_SEARCH with a link to see them all.
import { and, asc, eq, inArray, ne, or, isNull, lte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { ALERT_ROWS_PER_SEARCH, type SavedSearchKind, type SavedSearchQuery } from '../../../shared/saved-searches.js';
import type { Fund, Investor } from '../../../shared/api-types.js';
import { savedSearches } from '../../db/schema.js';
import { escapeHtml } from '../../mail/templates.js';
import type { SearchResult } from '../catalogue/search.js';
import { epochMicrosSql, timestampSql } from '../catalogue/added-order.js';
import { fitProfileFor } from '../startup/startup-store.js';
import type { MorningSection, SectionContent } from '../morning-mail/morning-mail.js';
import { savedSearchFilter } from './saved-query.js';

const t = savedSearches;

/**
 * Whether a saved search's alert is due: not off, and never sent or sent at least a day (daily) or a week
 * (weekly) ago, less an hour, so that the morning tick finding it a few minutes early does not put it off
 * to the next morning.
 */
const alertDue = and(
  ne(t.alert, 'off'),
  or(
    isNull(t.last_alerted_at),
    lte(t.last_alerted_at, sql`now() - (CASE ${t.alert} WHEN 'daily' THEN interval '1 day' ELSE interval '7 days' END) + interval '1 hour'`),
  ),
);

interface DueSearch {
  id: string;
  name: string;
  kind: SavedSearchKind;
  query: SavedSearchQuery;
  /** The rows after this are new to its alert (microseconds since the epoch)… */
  since: number;
  /** …up to this: the database's now as the alert was made. */
  cutoff: number;
}

async function dueSearches(app: FastifyInstance, userId: number): Promise<DueSearch[]> {
  const rows = await app.db
    .select({
      id: t.id,
      name: t.name,
      kind: t.kind,
      query: t.query,
      since: sql<string>`${epochMicrosSql(sql`greatest(${t.last_alerted_at}, ${t.last_seen_at}, ${t.created_at})`)}`,
      cutoff: sql<string>`${epochMicrosSql(sql`now()`)}`,
    })
    .from(t)
    .where(and(eq(t.user_id, userId), alertDue))
    .orderBy(asc(t.created_at), asc(t.id));
  return rows.map((row) => ({ ...row, since: Number(row.since), cutoff: Number(row.cutoff) }));
}

/** Their alerts are done up to the cutoff: a row added after it is in the next alert, never in two. */
async function alerted(app: FastifyInstance, searches: DueSearch[]): Promise<void> {
  if (searches.length === 0) return;
  await app.db
    .update(t)
    .set({ last_alerted_at: timestampSql(searches[0].cutoff) })
    .where(inArray(t.id, searches.map((search) => search.id)));
}

const NOUNS: Record<SavedSearchKind, [string, string]> = { investors: ['investor', 'investors'], funds: ['fund', 'funds'] };

/** An investor's name and firm, a fund's firm; with the link to its page. */
function rowLine(kind: SavedSearchKind, row: SearchResult['results'][number], appUrl: string) {
  if (kind === 'investors') {
    const investor = row as Investor;
    const name = `${investor.first_name} ${investor.last_name}`;
    return { label: investor.firm_name === 'NaN' ? name : `${name} (${investor.firm_name})`, href: `${appUrl}/investor/${row.id}` };
  }
  return { label: (row as Fund).firm_name, href: `${appUrl}/fund/${row.id}` };
}

interface Found {
  search: DueSearch;
  page: SearchResult;
}

function alertContent(found: Found[], appUrl: string): Omit<SectionContent, 'sent'> {
  const total = found.reduce((sum, { page }) => sum + page.total, 0);
  const intro = 'New in your saved searches:';
  const blocks = found.map(({ search, page }) => {
    const [one, many] = NOUNS[search.kind];
    return {
      title: `${search.name}: ${page.total} new ${page.total === 1 ? one : many}`,
      rows: page.results.map((row) => rowLine(search.kind, row, appUrl)),
      all: `${appUrl}/saved-searches/${search.id}`,
    };
  });
  return {
    subject: `${total} new match${total === 1 ? '' : 'es'} for your saved searches`,
    text: [
      intro,
      ...blocks.map(({ title, rows, all }) =>
        [title, ...rows.map((row) => `- ${row.label}: ${row.href}`), `See them all: ${all}`].join('\n'),
      ),
    ],
    html: [
      `<h3>${escapeHtml(intro)}</h3>`,
      ...blocks.map(
        ({ title, rows, all }) =>
          `<p><strong>${escapeHtml(title)}</strong></p>\n<ul>\n` +
          rows.map((row) => `<li><a href="${escapeHtml(row.href)}">${escapeHtml(row.label)}</a></li>`).join('\n') +
          `\n</ul>\n<p><a href="${escapeHtml(all)}">See them all</a></p>`,
      ),
    ].join('\n'),
  };
}

/**
 * The morning mail's saved-search alerts. A due search with nothing new is done at once (its next alert
 * covers what comes after); one with new rows is done once the mail is sent.
 */
export const alertSection: MorningSection = {
  mayHave(userId: AnyPgColumn) {
    return sql`EXISTS (SELECT 1 FROM ${t} WHERE ${t.user_id} = ${userId} AND ${alertDue})`;
  },
  async collect(app, user) {
    const [due, profile] = await Promise.all([dueSearches(app, user.id), fitProfileFor(app.db, user.id)]);
    const found: Found[] = [];
    for (const search of due) {
      const { filter, fit } = savedSearchFilter(search.kind, search.query, { after: search.since, upTo: search.cutoff }, profile);
      const page = await app.catalogue[search.kind].search(filter, 1, ALERT_ROWS_PER_SEARCH, profile, fit);
      if (page.total > 0) found.push({ search, page });
    }
    await alerted(app, due.filter((search) => !found.some((f) => f.search === search)));
    if (found.length === 0) return null;
    return { ...alertContent(found, app.config.appUrl), sent: () => alerted(app, found.map((f) => f.search)) };
  },
};
