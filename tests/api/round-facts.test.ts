// The Round page's facts kept of each investor row (round_row_facts, migrations 0021 and 0022): after every kind of
// write the API makes (stages, amounts, touches, notes, each deleted too, a row removed and added again) and the ones
// only SQL makes (entries dated back, a row's addition moved), the table holds exactly what the row's activity,
// touches and notes say (its amounts' entries too), counted here apart from the triggers' own statement; and a
// database migrated from before 0021 gets them. What the Round page counts of each row from those facts and the row's
// own stage, addition, contact and answer (its round_* columns, migration 0024) is checked after every one of those
// writes too, against the rules applied here to the sources, and a database from before 0024 gets it. Each row's
// investor type (list_investors.type_label, migration 0023) follows its investor as rows are added and as the
// catalogue's or a contact's type changes.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.js';
import { queryRows } from '../../src/server/db/query-rows.js';
import { buildTestApp } from '../helpers/app.js';
import { testDatabases } from '../helpers/database.js';
import { olderDatabase } from '../helpers/migrations.js';
import { insertInvestor, listWith } from '../helpers/pipeline.js';
import { member } from '../helpers/teams.js';

const FUNNEL = sql.raw(`ARRAY['lead', 'contacted', 'meeting', 'term_sheet', 'committed']::text[]`);

/** A founder and her investor list, written in SQL into a database migrated only part way. */
async function olderFounder(db: Db, tag: string) {
  const [user] = await queryRows(db, sql`INSERT INTO users (email, password_hash, first_name, last_name, email_verified_at)
    VALUES (${`${tag}-${Date.now()}@example.test`}, 'x', 'Ada', 'Older', now()) RETURNING id`);
  const [list] = await queryRows(db, sql`INSERT INTO lists (user_id, name, list_type) VALUES (${user.id}, 'Older', 'investor') RETURNING id`);
  return { user, list };
}

/**
 * A founder's list of three private contacts with entries (one dated before its row's addition), touches and a note,
 * written in SQL into a database migrated only part way: a at Meeting, an amount logged; b passed, its reply
 * captured; c a note.
 */
async function olderRound(db: Db) {
  const { user, list } = await olderFounder(db, 'facts');
  const investors = await queryRows(db, sql`INSERT INTO private_contacts (first_name, last_name, contact_title, email, gender, phone,
      firm_name, type_of_firm, office_website, city, state, country, owner_id)
    SELECT 'Old', 'Contact ' || g, 'NaN', 'NaN', 'NaN', 'NaN', 'Firm ' || g, 'NaN', 'NaN', 'NaN', 'NaN', 'NaN', ${user.id}
    FROM generate_series(1, 3) g RETURNING id`);
  const [a, b, c] = investors.map((row) => Number(row.id));
  await db.execute(sql`INSERT INTO list_investors (list_id, investor_id, added_at) VALUES
    (${list.id}, ${a}, now() - interval '20 days'), (${list.id}, ${b}, now() - interval '10 days'), (${list.id}, ${c}, now() - interval '5 days')`);
  await db.execute(sql`INSERT INTO list_activity (list_id, item_kind, item_id, user_id, action, detail, created_at) VALUES
    (${list.id}, 'investor', ${a}, ${user.id}, 'stage', '{"from": "lead", "to": "contacted"}', now() - interval '19 days'),
    (${list.id}, 'investor', ${a}, ${user.id}, 'stage', '{"from": "contacted", "to": "meeting"}', now() - interval '15 days'),
    (${list.id}, 'investor', ${a}, ${user.id}, 'amount', '{"from": null, "to": 100000}', now() - interval '14 days'),
    (${list.id}, 'investor', ${b}, ${user.id}, 'stage', '{"from": "lead", "to": "committed"}', now() - interval '30 days'),
    (${list.id}, 'investor', ${b}, ${user.id}, 'stage', '{"from": "lead", "to": "passed"}', now() - interval '9 days')`);
  await db.execute(sql`INSERT INTO row_touches (list_id, investor_id, user_id, kind, happened_at) VALUES
    (${list.id}, ${b}, ${user.id}, 'email_sent', now() - interval '8 days'), (${list.id}, ${b}, ${user.id}, 'email_received', now() - interval '6 days')`);
  await db.execute(sql`INSERT INTO pipeline_notes (list_id, investor_id, user_id, body, created_at) VALUES (${list.id}, ${c}, ${user.id}, 'Old note', now() - interval '4 days')`);
  return { list: Number(list.id), a, b, c };
}

/** Every investor row's facts as its sources say, rows with none left out, in key order: the oracle. */
const factsOfSources = sql`WITH st AS (
        SELECT a.list_id, a.item_id AS investor_id, a.action, a.created_at AS at,
          array_position(${FUNNEL}, a.detail->>'from') AS f, array_position(${FUNNEL}, a.detail->>'to') AS t, a.detail->>'to' AS to_stage,
          a.id, a.detail->>'from' AS from_text
        FROM list_activity a JOIN list_investors li ON li.list_id = a.list_id AND li.investor_id = a.item_id
        WHERE a.item_kind = 'investor' AND a.action IN ('stage', 'amount') AND a.created_at >= li.added_at
      ),
      keys AS (
        SELECT list_id, investor_id FROM st UNION SELECT list_id, investor_id FROM row_touches WHERE investor_id IS NOT NULL
        UNION SELECT list_id, investor_id FROM pipeline_notes WHERE investor_id IS NOT NULL
      )
      SELECT k.list_id, k.investor_id,
        (SELECT max(greatest(f, t)) FROM st WHERE st.list_id = k.list_id AND st.investor_id = k.investor_id AND action = 'stage') AS reached,
        (SELECT min(at) FROM st WHERE st.list_id = k.list_id AND st.investor_id = k.investor_id AND action = 'stage' AND t >= 2) AS stage_contacted_at,
        (SELECT min(at) FROM st WHERE st.list_id = k.list_id AND st.investor_id = k.investor_id AND action = 'stage' AND t >= 3) AS stage_answered_at,
        (SELECT max(at) FROM st WHERE st.list_id = k.list_id AND st.investor_id = k.investor_id AND action = 'stage') AS stage_last_at,
        (SELECT max(at) FROM st WHERE st.list_id = k.list_id AND st.investor_id = k.investor_id AND action = 'stage' AND to_stage = 'meeting') AS met_at,
        EXISTS (SELECT 1 FROM st WHERE st.list_id = k.list_id AND st.investor_id = k.investor_id AND action = 'amount') AS amount_logged,
        (SELECT min(happened_at) FROM row_touches t WHERE t.list_id = k.list_id AND t.investor_id = k.investor_id) AS touch_first_at,
        (SELECT min(happened_at) FROM row_touches t WHERE t.list_id = k.list_id AND t.investor_id = k.investor_id AND kind = 'email_received') AS reply_first_at,
        (SELECT max(happened_at) FROM row_touches t WHERE t.list_id = k.list_id AND t.investor_id = k.investor_id
          AND kind IN ('email_received', 'meeting')) AS engaged_last_at,
        (SELECT max(created_at) FROM pipeline_notes n WHERE n.list_id = k.list_id AND n.investor_id = k.investor_id) AS note_last_at,
        (SELECT json_agg(json_build_array((extract(epoch FROM at) * 1000)::float8, action, from_text, to_stage) ORDER BY at, id)
          FROM st WHERE st.list_id = k.list_id AND st.investor_id = k.investor_id) AS steps
      FROM keys k ORDER BY k.list_id, k.investor_id`;

const factsFromSources = (db: Db) => queryRows(db, factsOfSources);

/**
 * What the Round page counts of every investor row, from the row and its facts as the sources say (the rules as the
 * summary applied them before they were kept, the days by their epoch), in key order: the oracle.
 */
async function countedFromSources(db: Db) {
  return queryRows(
    db,
    sql`WITH f AS (${factsOfSources}),
      g AS (
        SELECT li.list_id, li.investor_id, li.last_contacted_at, li.answered_at,
          greatest(1, array_position(${FUNNEL}, li.stage), f.reached) AS furthest,
          least(f.touch_first_at, f.stage_contacted_at) AS contact_at,
          least(f.reply_first_at, li.answered_at, f.stage_answered_at) AS answer_at,
          greatest(li.added_at, li.last_contacted_at, f.stage_last_at, f.note_last_at) AS logged_touch,
          coalesce(f.amount_logged, false) AS amount_logged, f.engaged_last_at, f.met_at
        FROM list_investors li LEFT JOIN f ON f.list_id = li.list_id AND f.investor_id = li.investor_id
      ),
      h AS (SELECT g.*, (furthest >= 2 OR last_contacted_at IS NOT NULL) AS contacted,
        (answered_at IS NOT NULL OR answer_at IS NOT NULL OR furthest >= 3) AS answered FROM g)
      SELECT list_id, investor_id, furthest, contacted, answered, answer_at,
        CASE WHEN contacted AND answered AND contact_at IS NOT NULL AND answer_at IS NOT NULL
          THEN greatest(0, floor(extract(epoch FROM answer_at - contact_at) / 86400))::int END AS answer_days,
        logged_touch, amount_logged, engaged_last_at, met_at
      FROM h ORDER BY list_id, investor_id`,
  );
}

/** What is kept on every investor row of what the Round page counts, in key order. */
const keptCounted = (db: Db) =>
  queryRows(
    db,
    sql`SELECT list_id, investor_id, round_furthest AS furthest, round_contacted AS contacted, round_answered AS answered,
        round_answer_at AS answer_at, round_answer_days AS answer_days, round_logged_touch AS logged_touch,
        round_amount_logged AS amount_logged, round_engaged_last_at AS engaged_last_at, round_met_at AS met_at
      FROM list_investors ORDER BY list_id, investor_id`,
  );

/** The kept facts, rows saying nothing left out (a row whose sources were all deleted may keep an empty one). */
async function keptFacts(db: Db) {
  return queryRows(
    db,
    sql`SELECT list_id, investor_id, reached, stage_contacted_at, stage_answered_at, stage_last_at, met_at, amount_logged,
        touch_first_at, reply_first_at, engaged_last_at, note_last_at, steps
      FROM round_row_facts
      WHERE NOT (reached IS NULL AND stage_contacted_at IS NULL AND stage_answered_at IS NULL AND stage_last_at IS NULL
        AND met_at IS NULL AND NOT amount_logged AND touch_first_at IS NULL AND note_last_at IS NULL)
      ORDER BY list_id, investor_id`,
  );
}

async function expectFactsAsSources(db: Db, when: string) {
  const oracle = (await factsFromSources(db)).filter(
    (row) => !(row.reached === null && row.stage_contacted_at === null && row.stage_last_at === null && !row.amount_logged
      && row.touch_first_at === null && row.note_last_at === null),
  );
  expect(await keptFacts(db), when).toEqual(oracle);
  expect(await keptCounted(db), `${when}: what is counted of each row`).toEqual(await countedFromSources(db));
}

/** Each investor row's type as its investor says (the Round page's label), in key order: the oracle. */
async function labelsFromSources(db: Db) {
  return queryRows(
    db,
    sql`SELECT li.list_id, li.investor_id, coalesce(nullif(nullif(btrim(ir.type_of_firm), ''), 'NaN'), '-') AS label
      FROM list_investors li JOIN investor_rows ir ON ir.id = li.investor_id ORDER BY li.list_id, li.investor_id`,
  );
}

async function expectLabelsAsSources(db: Db, when: string) {
  const kept = await queryRows(db, sql`SELECT list_id, investor_id, type_label AS label FROM list_investors ORDER BY list_id, investor_id`);
  expect(kept, when).toEqual(await labelsFromSources(db));
}

describe.each(testDatabases())('the Round facts kept of each row on $name', (kind) => {
  /** The app on a database migrated to just before `migration` that holds olderRound's list, and its ids. */
  async function appOnOlderRound(migration: string) {
    const ids: Record<string, number> = {};
    const older = await olderDatabase(kind.name, migration, async (db) => {
      Object.assign(ids, await olderRound(db));
    });
    return { ...(await buildTestApp(older, { rateLimit: false })), ids };
  }

  it('hold what each row’s activity, touches and notes say after every kind of write', async () => {
    const { app, close } = await buildTestApp(kind, { rateLimit: false });
    try {
      const ada = await member(app);
      const [x, y, z] = [
        await insertInvestor(app, 'Xia', 'One', 'One VC'),
        await insertInvestor(app, 'Yan', 'Two', 'Two VC'),
        await insertInvestor(app, 'Zoe', 'Three', 'Three VC'),
      ];
      const list = await listWith(ada.call, 'investor', [x, y, z], 'Facts');
      const other = await listWith(ada.call, 'investor', [x], 'Other');
      const ok = async <T extends { statusCode: number; body: string }>(res: Promise<T>) => {
        const done = await res;
        expect(done.statusCode, done.body).toBeLessThan(300);
        return done;
      };
      const row = (listId: number, id: number) => `/lists/${listId}/investors/${id}`;
      await ok(ada.call('PATCH', row(list, x), { stage: 'contacted' }));
      await ok(ada.call('PATCH', row(list, x), { stage: 'term_sheet', amount: 250_000 }));
      await ok(ada.call('PATCH', row(list, x), { stage: 'passed' }));
      await ok(ada.call('PATCH', row(list, y), { amount: 50_000 }));
      await ok(ada.call('PATCH', row(other, x), { stage: 'meeting' }));
      await ok(ada.call('POST', `${row(list, y)}/touches`, { kind: 'email_sent', body: 'sent' }));
      const reply = (await ok(ada.call('POST', `${row(list, y)}/touches`, { kind: 'email_received', body: 'reply' }))).json();
      await ok(ada.call('POST', `${row(list, z)}/touches`, { kind: 'meeting', body: 'met' }));
      const note = (await ok(ada.call('POST', `${row(list, z)}/notes`, { body: 'A note' }))).json();
      await ok(ada.call('POST', `${row(list, z)}/notes`, { body: 'Another' }));
      await expectFactsAsSources(app.db, 'after stages, amounts, touches and notes');

      // Deleted: a reply and a note; dated back: entries, touches and notes, as only SQL does.
      expect([typeof reply.id, typeof note.id]).toEqual(['number', 'number']);
      await ok(ada.call('DELETE', `${row(list, y)}/touches/${reply.id}`));
      await ok(ada.call('DELETE', `${row(list, z)}/notes/${note.id}`));
      await app.db.execute(sql`UPDATE list_activity SET created_at = created_at - interval '3 days' WHERE list_id = ${list} AND action = 'stage'`);
      await app.db.execute(sql`UPDATE row_touches SET happened_at = happened_at - interval '2 days' WHERE list_id = ${list}`);
      await app.db.execute(sql`UPDATE pipeline_notes SET created_at = created_at - interval '1 day' WHERE list_id = ${list}`);
      await expectFactsAsSources(app.db, 'after deletions and dating back');
      // The rows' own answer, last contact and stage changed with no entry, touch or note written (only SQL does).
      await app.db.execute(sql`UPDATE list_investors SET answered_at = now() - interval '1 day' WHERE list_id = ${list} AND investor_id = ${z}`);
      await app.db.execute(sql`UPDATE list_investors SET last_contacted_at = NULL, stage = 'meeting' WHERE list_id = ${list} AND investor_id = ${y}`);
      await expectFactsAsSources(app.db, 'after the rows’ answer, last contact and stage changed alone');

      // A row's addition moved after some of its entries, then before them again.
      await app.db.execute(sql`UPDATE list_investors SET added_at = now() - interval '2 days' WHERE list_id = ${list} AND investor_id = ${x}`);
      await expectFactsAsSources(app.db, 'after its addition moved after its entries');
      await app.db.execute(sql`UPDATE list_investors SET added_at = now() - interval '30 days' WHERE list_id = ${list} AND investor_id = ${x}`);
      await expectFactsAsSources(app.db, 'after its addition moved back before them');

      // Removed (its facts with it) and added again: what was logged before its new addition counts no more.
      await ok(ada.call('DELETE', row(list, x)));
      expect((await queryRows(app.db, sql`SELECT count(*)::int AS n FROM round_row_facts WHERE list_id = ${list} AND investor_id = ${x}`))[0].n).toBe(0);
      await ok(ada.call('POST', `/lists/${list}/investors/batch`, { investor_ids: [x] }));
      await ok(ada.call('PATCH', row(list, x), { stage: 'contacted' }));
      await expectFactsAsSources(app.db, 'after removed and added again');
      // Added again with an addition dated before the old entries (an import's rows keep theirs): those count again.
      await ok(ada.call('DELETE', row(list, x)));
      await app.db.execute(sql`INSERT INTO list_investors (list_id, investor_id, added_at) VALUES (${list}, ${x}, now() - interval '60 days')`);
      await expectFactsAsSources(app.db, 'after added again with an older addition');

      // A list deleted takes its rows' facts.
      await ok(ada.call('DELETE', `/lists/${other}`));
      expect((await queryRows(app.db, sql`SELECT count(*)::int AS n FROM round_row_facts WHERE list_id = ${other}`))[0].n).toBe(0);
      await expectFactsAsSources(app.db, 'after a list deleted');
    } finally {
      await close();
    }
  }, 120_000);

  it('are counted for every row of a database migrated from before 0021 (and 0022, the entries)', async () => {
    const { app, close, ids } = await appOnOlderRound('0021_round_row_facts');
    try {
      const kept = await keptFacts(app.db);
      expect(kept.map((row) => Number(row.investor_id))).toEqual([ids.a, ids.b, ids.c]);
      // b's 'committed' entry was logged before its addition: it reached Lead, passed.
      expect(kept.map((row) => [row.reached, row.amount_logged])).toEqual([[3, true], [1, false], [null, false]]);
      await expectFactsAsSources(app.db, 'after the migration');
    } finally {
      await close();
    }
  }, 180_000);

  it('are counted on every row of a database migrated from before 0024', async () => {
    const { app, close, ids } = await appOnOlderRound('0024_round_row_counted');
    try {
      await expectFactsAsSources(app.db, 'after the migration');
      const counted = await queryRows(app.db, sql`SELECT round_furthest, round_contacted, round_answered, round_answer_days, round_amount_logged
        FROM list_investors WHERE list_id = ${ids.list} ORDER BY investor_id`);
      // a: Meeting four days after Contacted; b: its reply, never contacted by its row (its touches written in SQL).
      expect(counted.map((row) => Object.values(row))).toEqual([[3, true, true, 4, true], [1, false, true, null, false], [1, false, false, null, false]]);
    } finally {
      await close();
    }
  }, 180_000);

  it('keep each row’s investor type as added, as the catalogue’s or a contact’s type changes, and the summary groups by it', async () => {
    const { app, close } = await buildTestApp(kind, { rateLimit: false });
    try {
      const ada = await member(app);
      const ok = async <T extends { statusCode: number; body: string }>(res: Promise<T>) => {
        const done = await res;
        expect(done.statusCode, done.body).toBeLessThan(300);
        return done;
      };
      const x = await insertInvestor(app, 'Xia', 'One', 'One VC');
      const y = await insertInvestor(app, 'Yan', 'Two', 'Two VC');
      const contact = (await ok(ada.call('POST', '/investors', { first_name: 'Cy', last_name: 'Own', type_of_firm: 'Startup Studio' }))).json().id as number;
      const list = await listWith(ada.call, 'investor', [x, contact], 'Types');
      const other = await listWith(ada.call, 'investor', [x], 'Other');
      for (const id of [x, contact]) await ok(ada.call('PATCH', `/lists/${list}/investors/${id}`, { stage: 'contacted' }));
      await expectLabelsAsSources(app.db, 'as added');
      const byType = async () =>
        ((await ok(ada.call('GET', '/round/summary?tz=UTC'))).json().response.by_type as Array<{ label: string; contacted: number }>)
          .map((group) => [group.label, group.contacted])
          .sort();
      expect(await byType()).toEqual([['Startup Studio', 1], ['Venture Capital Fund', 1]]);

      // The catalogue changed by SQL (as its loads do), a contact by the API: their rows' types move, no other's.
      await app.db.execute(sql`UPDATE investors SET type_of_firm = ' Family Office ' WHERE id = ${x}`);
      await app.db.execute(sql`UPDATE investors SET city = 'Paris' WHERE id = ${y}`);
      await ok(ada.call('PATCH', `/investors/${contact}`, { type_of_firm: null }));
      await expectLabelsAsSources(app.db, 'after the types changed');
      expect((await queryRows(app.db, sql`SELECT type_label FROM list_investors WHERE list_id = ${other}`))[0].type_label).toBe('Family Office');
      expect(await byType()).toEqual([['-', 1], ['Family Office', 1]]);

      // Added after the change: the type as it is now; a row moved to another investor takes that one's.
      await app.db.execute(sql`UPDATE list_investors SET investor_id = ${y} WHERE list_id = ${other} AND investor_id = ${x}`);
      await ok(ada.call('POST', `/lists/${other}/investors/batch`, { investor_ids: [x, contact] }));
      await expectLabelsAsSources(app.db, 'after rows added and moved');
    } finally {
      await close();
    }
  }, 120_000);

  it('are the investors’ types for every row of a database migrated from before 0023', async () => {
    const older = await olderDatabase(kind.name, '0023_round_type_label', async (db) => {
      const { user, list } = await olderFounder(db, 'labels');
      const contacts = await queryRows(db, sql`INSERT INTO private_contacts (first_name, last_name, contact_title, email, gender, phone,
          firm_name, type_of_firm, office_website, city, state, country, owner_id)
        SELECT 'Old', 'Contact ' || g, 'NaN', 'NaN', 'NaN', 'NaN', 'Firm ' || g, (ARRAY['Angel Group', '', 'NaN'])[g], 'NaN', 'NaN', 'NaN', 'NaN', ${user.id}
        FROM generate_series(1, 3) g RETURNING id`);
      await db.execute(sql`INSERT INTO list_investors (list_id, investor_id) SELECT ${list.id}, unnest(${`{${contacts.map((row) => row.id).join(',')}}`}::int[])`);
    });
    const { app, close } = await buildTestApp(older, { rateLimit: false });
    try {
      await expectLabelsAsSources(app.db, 'after the migration');
      expect((await queryRows(app.db, sql`SELECT type_label FROM list_investors ORDER BY investor_id`)).map((row) => row.type_label)).toEqual(['Angel Group', '-', '-']);
    } finally {
      await close();
    }
  }, 180_000);
});
