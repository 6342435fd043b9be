// A founder's round as the Round page's suites and the audit seed it through the API: a list of ten investors
// moved through the stages (amounts at Term sheet and Committed, two passed), a target, and a reply.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Investor, ListSummary } from '../../src/shared/api-types.js';
import type { PipelinePatch } from '../../src/shared/pipeline.js';
import type { E2EApp } from '../helpers/e2e.js';
import { SAMPLE_STARTUP } from '../helpers/startup-profile.js';
import { investorsOf } from './offline-helpers.js';

/** The device's date `days` from today, YYYY-MM-DD. */
function dayFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export const fullName = (investor: Investor) => `${investor.first_name} ${investor.last_name}`;

/** The seeded rows by their part in the round. */
export interface SeededRound {
  list: ListSummary;
  /** Every row of the list, in the order added. */
  investors: Investor[];
  leads: Investor[];
  contacted: Investor[];
  meeting: Investor;
  termSheet: Investor;
  committed: Investor;
  passedAtMeeting: Investor;
  passedAtContacted: Investor;
  replied: Investor;
}

export const TERM_SHEET_AMOUNT = 500_000;
export const COMMITTED_AMOUNT = 250_000;

async function call(app: E2EApp, token: string, method: string, url: string, body?: unknown) {
  const res = await app.callApi(method, url, body, token);
  if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A list named `name` of ten investors from the catalogue's page `pageNumber`, moved through the round; the target set. */
export async function seedRound(app: E2EApp, token: string, name: string, pageNumber = 1): Promise<SeededRound> {
  await call(app, token, 'PUT', '/startup', SAMPLE_STARTUP);
  const list = (await call(app, token, 'POST', '/lists', { name, description: '', list_type: 'investor' })) as unknown as ListSummary;
  const investors = await investorsOf(app, token, 10, pageNumber);
  await call(app, token, 'POST', `/lists/${list.id}/investors/batch`, { investor_ids: investors.map((investor) => investor.id) });
  const [lead1, lead2, contacted1, contacted2, meeting, termSheet, committed, passedAtMeeting, passedAtContacted, replied] = investors;
  const patch = (investor: Investor, body: PipelinePatch) => call(app, token, 'PATCH', `/lists/${list.id}/investors/${investor.id}`, body);
  for (const investor of [contacted1, contacted2, replied]) await patch(investor, { stage: 'contacted' });
  await patch(meeting, { stage: 'meeting' });
  await patch(termSheet, { stage: 'term_sheet', amount: TERM_SHEET_AMOUNT });
  await patch(committed, { stage: 'term_sheet' });
  await patch(committed, { stage: 'committed', amount: COMMITTED_AMOUNT });
  await patch(passedAtMeeting, { stage: 'meeting' });
  await patch(passedAtMeeting, { stage: 'passed' });
  await patch(passedAtContacted, { stage: 'contacted' });
  await patch(passedAtContacted, { stage: 'passed' });
  await patch(contacted2, { follow_up_on: dayFromToday(-2) });
  return {
    list,
    investors,
    leads: [lead1, lead2],
    contacted: [contacted1, contacted2],
    meeting,
    termSheet,
    committed,
    passedAtMeeting,
    passedAtContacted,
    replied,
  };
}

/**
 * Moves all of a list's history `days` back (its rows' additions and changes, activity, touches and notes), with
 * the server stopped, as if the round had begun then: its active rows untouched since are going cold.
 */
export async function backdateLists(app: E2EApp, listIds: number[], days: number): Promise<void> {
  await app.whileServerStopped(async (env) => {
    const db = await PGlite.create({ dataDir: path.join(env.DATA_DIR as string, 'pglite'), extensions: { pg_trgm } });
    try {
      const back = `interval '${days} days'`;
      const ids = listIds.join(',');
      await db.exec(`
        UPDATE list_investors SET added_at = added_at - ${back}, stage_changed_at = stage_changed_at - ${back},
          follow_up_changed_at = follow_up_changed_at - ${back}, amount_changed_at = amount_changed_at - ${back},
          last_contacted_at = last_contacted_at - ${back}, answered_at = answered_at - ${back}
          WHERE list_id IN (${ids});
        UPDATE list_activity SET created_at = created_at - ${back} WHERE list_id IN (${ids});
        UPDATE row_touches SET happened_at = happened_at - ${back} WHERE list_id IN (${ids});
        UPDATE pipeline_notes SET created_at = created_at - ${back} WHERE list_id IN (${ids});
      `);
    } finally {
      await db.close();
    }
  });
}

/** Touches logged now, after the backdating: a reply (answered, engaged this week) and a meeting (engaged, not cold). */
export async function touchNow(app: E2EApp, token: string, round: SeededRound): Promise<void> {
  const touch = (investor: Investor, kind: 'email_received' | 'meeting') =>
    call(app, token, 'POST', `/lists/${round.list.id}/investors/${investor.id}/touches`, { kind, subject: 'Seed round' });
  await touch(round.replied, 'email_received');
  await touch(round.meeting, 'meeting');
}
