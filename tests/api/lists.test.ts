import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { listInvestors, lists } from '../../src/server/db/schema.js';
import { testDatabases } from '../helpers/database.js';
import { buildTestApp } from '../helpers/app.js';
import { createVerifiedUser } from '../helpers/users.js';

type Headers = Record<string, string>;

/** Catalogue rows written straight to the database: only the answered fields, some missing as imported data has them. */
async function insertInvestor(app: FastifyInstance, firstName: string, capital: number | null): Promise<number> {
  const { rows } = (await app.db.execute(sql`
    INSERT INTO investors (first_name, last_name, contact_title, email, gender, phone, firm_name, type_of_firm,
      office_website, capital_managed, min_investment, max_investment, number_of_investors, type_of_financing,
      geographic_preferences, stage_preferences, industry_preferences, city, state, country)
    VALUES (${firstName}, 'Stone', 'Partner', 'NaN', 'Female', '15551234567', 'Stone Capital', 'Venture Capital Fund',
      'https://stone.example', ${capital}, 100000, NULL, 12, ARRAY['Equity'], ARRAY['Europe'], ARRAY['Seed'],
      ARRAY['Software'], 'Berlin', 'NaN', 'Germany')
    RETURNING id`)) as unknown as { rows: Array<{ id: number }> };
  return Number(rows[0].id);
}

async function insertFund(app: FastifyInstance, firmName: string): Promise<number> {
  const { rows } = (await app.db.execute(sql`
    INSERT INTO funds (firm_name, full_name, title, firm_email, firm_phone, firm_website, firm_type, capital_managed,
      min_investment, max_investment, financing_type, geographic_preferences, stage_preferences, industry_preferences,
      contact_email, contact_phone, firm_address, firm_state, firm_country)
    VALUES (${firmName}, 'Jo Lee', 'Principal', 'info@fund.example', '15550001111', 'https://fund.example',
      'Private Equity Fund', 250000000, NULL, 5000000, ARRAY['Debt','Equity'], ARRAY['United States'],
      ARRAY['Expansion'], ARRAY['Financial Services'], 'jo@fund.example', 'NaN', '1 Main St', 'NY', 'United States')
    RETURNING id`)) as unknown as { rows: Array<{ id: number }> };
  return Number(rows[0].id);
}

/** A row just added to a list: at the first stage, nothing else set (the pipeline suites test the rest). */
const NEW_ROW_PIPELINE = {
  stage: 'lead',
  follow_up_on: null,
  amount: null,
  note_count: 0,
  latest_note: null,
  updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  updated_by: { id: expect.any(Number), first_name: 'Ada', last_name: expect.any(String) },
  last_contacted_at: null,
  answered_at: null,
  deck: null,
};

/** What every list answer carries for its owner (the shared suites test the other roles). */
const OWNED = { role: 'owner', owner: { id: expect.any(Number), first_name: 'Ada', last_name: expect.any(String) } };

describe.each(testDatabases())('lists on $name', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let owner: Headers;
  let stranger: Headers;
  let investorIds: number[];
  let fundIds: number[];

  beforeAll(async () => {
    ({ app, close } = await buildTestApp(kind, { rateLimit: false }));
    owner = (await createVerifiedUser(app)).headers;
    stranger = (await createVerifiedUser(app)).headers;
    investorIds = [
      await insertInvestor(app, 'Ana', 50_000_000),
      await insertInvestor(app, 'Ben', null),
      await insertInvestor(app, 'Cy', 1_000_000),
    ];
    fundIds = [await insertFund(app, 'Northwind Partners'), await insertFund(app, 'Bluebird Equity')];
  });
  afterAll(() => close());

  function call(method: InjectOptions['method'], url: string, headers: Headers, payload?: unknown) {
    return app.inject({ method, url: `/api/v1/lists${url}`, headers, payload: payload as InjectOptions['payload'] });
  }

  async function newList(listType: 'investor' | 'fund', name = `${listType} list`, headers = owner): Promise<number> {
    const res = await call('POST', '', headers, { name, description: 'for testing', list_type: listType });
    expect(res.statusCode).toBe(201);
    return res.json().id;
  }

  it('needs a valid access token on every call', async () => {
    const id = await newList('investor');
    const calls: Array<[InjectOptions['method'], string]> = [
      ['GET', ''],
      ['POST', ''],
      ['GET', `/${id}`],
      ['GET', `/${id}/items`],
      ['PATCH', `/${id}`],
      ['DELETE', `/${id}`],
      ['POST', `/${id}/investors/batch`],
      ['POST', `/${id}/funds/batch`],
      ['DELETE', `/${id}/investors/1`],
      ['DELETE', `/${id}/funds/1`],
    ];
    for (const [method, url] of calls) {
      for (const headers of [{}, { authorization: 'Bearer nonsense' }, { authorization: 'Basic abc' }] as Headers[]) {
        const res = await call(method, url, headers, method === 'GET' || method === 'DELETE' ? undefined : {});
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json().detail).toEqual(expect.any(String));
      }
    }
  });

  describe('create', () => {
    it('answers 201 with the new list, trimmed, empty, with its id', async () => {
      const res = await call('POST', '', owner, { name: '  Seed funds  ', description: ' Berlin ', list_type: 'fund' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ id: expect.any(Number), name: 'Seed funds', description: 'Berlin', list_type: 'fund', item_count: 0, ...OWNED });
    });

    it('makes the description optional', async () => {
      const res = await call('POST', '', owner, { name: 'No description', list_type: 'investor' });
      expect(res.statusCode).toBe(201);
      expect(res.json().description).toBe('');
      const nulled = await call('POST', '', owner, { name: 'Null description', list_type: 'investor', description: null });
      expect(nulled.json().description).toBe('');
    });

    it.each([
      [{ list_type: 'investor' }, 'List name is required'],
      [{ name: '   ', list_type: 'investor' }, 'List name is required'],
      [{ name: 'x' }, 'List type is required'],
      [{ name: 'x', list_type: 'people' }, "List type must be either 'investor' or 'fund'"],
      [{ name: 'x', list_type: 'Investor' }, "List type must be either 'investor' or 'fund'"],
      [{ name: 'x'.repeat(101), list_type: 'fund' }, "body 'name' must NOT have more than 100 characters"],
      [{ name: 'x', list_type: 'fund', description: 'd'.repeat(1001) }, "body 'description' must NOT have more than 1000 characters"],
      [{ name: 'x', list_type: 'fund', owner: 1 }, "body: unknown field 'owner'"],
      [{ name: 42, list_type: 'fund' }, "body 'name' must be string"],
      [{ name: ['x'], list_type: 'fund' }, "body 'name' must be string"],
    ])('refuses %j with 422 "%s"', async (body, detail) => {
      const res = await call('POST', '', owner, body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ detail });
    });

    it('stores SQL metacharacters as plain text', async () => {
      const name = "Robert'); DROP TABLE lists;--";
      const res = await call('POST', '', owner, { name, description: '%_\\', list_type: 'investor' });
      expect(res.statusCode).toBe(201);
      const got = await call('GET', `/${res.json().id}`, owner);
      expect(got.json()).toMatchObject({ name, description: '%_\\' });
    });

    it('answers malformed JSON with 400 and a detail', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/lists',
        headers: { ...owner, 'content-type': 'application/json' },
        payload: '{"name": "x", ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toEqual(expect.any(String));
    });
  });

  describe('read', () => {
    it('lists only the caller’s lists, oldest first, with item counts', async () => {
      const user = await createVerifiedUser(app);
      const first = await newList('investor', 'First', user.headers);
      const second = await newList('fund', 'Second', user.headers);
      await newList('fund', 'Not theirs', stranger);
      await call('POST', `/${first}/investors/batch`, user.headers, { investor_ids: investorIds.slice(0, 2) });
      await call('POST', `/${second}/funds/batch`, user.headers, { fund_ids: [fundIds[0]] });

      const res = await call('GET', '', user.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        { id: first, name: 'First', description: 'for testing', list_type: 'investor', item_count: 2, ...OWNED },
        { id: second, name: 'Second', description: 'for testing', list_type: 'fund', item_count: 1, ...OWNED },
      ]);
    });

    it('answers an investor list with its items shaped as investors, missing numbers as NaN', async () => {
      const id = await newList('investor');
      // In the order they were added: Ben first, then Ana.
      await call('POST', `/${id}/investors/batch`, owner, { investor_ids: [investorIds[1]] });
      await call('POST', `/${id}/investors/batch`, owner, { investor_ids: [investorIds[0]] });
      const res = await call('GET', `/${id}`, owner);
      expect(res.statusCode).toBe(200);
      const list = res.json();
      expect(list).toMatchObject({ id, list_type: 'investor', item_count: 2 });
      expect(list.items.map((i: { id: number }) => i.id)).toEqual([investorIds[1], investorIds[0]]);
      // `fit` is null: this owner has no startup profile.
      expect(list.items[0]).toEqual({
        fit: null,
        id: investorIds[1],
        first_name: 'Ben',
        last_name: 'Stone',
        contact_title: 'Partner',
        email: 'NaN',
        gender: 'Female',
        phone: '15551234567',
        firm_name: 'Stone Capital',
        type_of_firm: 'Venture Capital Fund',
        office_website: 'https://stone.example',
        capital_managed: 'NaN',
        min_investment: 100000,
        max_investment: 'NaN',
        number_of_investors: 12,
        type_of_financing: ['Equity'],
        geographic_preferences: ['Europe'],
        stage_preferences: ['Seed'],
        industry_preferences: ['Software'],
        city: 'Berlin',
        state: 'NaN',
        country: 'Germany',
        pipeline: NEW_ROW_PIPELINE,
      });
      const items = await call('GET', `/${id}/items`, owner);
      expect(items.statusCode).toBe(200);
      expect(items.json()).toEqual(list.items);
    });

    it('answers a fund list with its items shaped as funds', async () => {
      const id = await newList('fund');
      await call('POST', `/${id}/funds/batch`, owner, { fund_ids: [fundIds[0]] });
      const res = await call('GET', `/${id}/items`, owner);
      expect(res.json()).toEqual([
        {
          fit: null,
          id: fundIds[0],
          firm_name: 'Northwind Partners',
          full_name: 'Jo Lee',
          title: 'Principal',
          firm_email: 'info@fund.example',
          firm_phone: '15550001111',
          firm_website: 'https://fund.example',
          firm_type: 'Private Equity Fund',
          capital_managed: 250000000,
          min_investment: 'NaN',
          max_investment: 5000000,
          financing_type: ['Debt', 'Equity'],
          geographic_preferences: ['United States'],
          stage_preferences: ['Expansion'],
          industry_preferences: ['Financial Services'],
          contact_email: 'jo@fund.example',
          contact_phone: 'NaN',
          firm_address: '1 Main St',
          firm_state: 'NY',
          firm_country: 'United States',
          pipeline: NEW_ROW_PIPELINE,
        },
      ]);
      const list = await call('GET', `/${id}`, owner);
      expect(list.json().items).toEqual(res.json());
    });

    it('answers an empty list with no items', async () => {
      const id = await newList('fund');
      expect((await call('GET', `/${id}`, owner)).json()).toMatchObject({ item_count: 0, items: [] });
      expect((await call('GET', `/${id}/items`, owner)).json()).toEqual([]);
    });

    it('answers another user’s list and a missing list with the same 404', async () => {
      const theirs = await newList('investor', 'Private', stranger);
      for (const url of [`/${theirs}`, `/${theirs}/items`, '/999999']) {
        const res = await call('GET', url, owner);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ detail: 'List not found' });
      }
    });

    it.each(['/abc', '/0', '/-1', '/1.5', '/99999999999', "/1'%20OR%201=1"])('refuses the id %s with 4xx', async (url) => {
      const res = await call('GET', url, owner);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().detail).toEqual(expect.any(String));
    });
  });

  describe('batch add', () => {
    it('adds rows, answers what was added and what was there, and adds nothing twice', async () => {
      const id = await newList('investor');
      const first = await call('POST', `/${id}/investors/batch`, owner, { investor_ids: [investorIds[0], investorIds[1], investorIds[0]] });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ list_id: id, added: [investorIds[0], investorIds[1]], already_in_list: [], item_count: 2 });

      const again = await call('POST', `/${id}/investors/batch`, owner, { investor_ids: [investorIds[1], investorIds[2]] });
      expect(again.json()).toEqual({ list_id: id, added: [investorIds[2]], already_in_list: [investorIds[1]], item_count: 3 });

      const replay = await call('POST', `/${id}/investors/batch`, owner, { investor_ids: [investorIds[1], investorIds[2]] });
      expect(replay.json()).toEqual({ list_id: id, added: [], already_in_list: [investorIds[1], investorIds[2]], item_count: 3 });
      const [{ count }] = await app.db
        .select({ count: sql<number>`count(*)::int` })
        .from(listInvestors)
        .where(sql`${listInvestors.list_id} = ${id}`);
      expect(count).toBe(3);
    });

    it('accepts the other spelling: investors_ids / funds_ids with list_id, and an Idempotency-Key', async () => {
      const investorList = await newList('investor');
      const add = () =>
        call(
          'POST',
          `/${investorList}/investors/batch`,
          { ...owner, 'idempotency-key': 'c0ffee00-0000-4000-8000-000000000001' },
          { list_id: investorList, investors_ids: [investorIds[2]] },
        );
      const res = await add();
      expect(res.statusCode).toBe(200);
      expect(res.json().added).toEqual([investorIds[2]]);
      // The key is honoured: after the row is taken off, a repeat answers the first answer and does not
      // add it back (were the key ignored, the repeat would add it again).
      expect((await call('DELETE', `/${investorList}/investors/${investorIds[2]}`, owner)).statusCode).toBe(204);
      const repeat = await add();
      expect(repeat.headers['idempotent-replayed']).toBe('true');
      expect(repeat.json()).toEqual(res.json());
      const [{ count }] = await app.db
        .select({ count: sql<number>`count(*)::int` })
        .from(listInvestors)
        .where(sql`${listInvestors.list_id} = ${investorList}`);
      expect(count).toBe(0);

      const fundList = await newList('fund');
      const funds = await call('POST', `/${fundList}/funds/batch`, owner, { list_id: fundList, funds_ids: fundIds });
      expect(funds.json()).toEqual({ list_id: fundList, added: fundIds, already_in_list: [], item_count: 2 });
    });

    it('refuses the wrong list type, unknown ids, and a mismatched list_id, adding nothing', async () => {
      const investorList = await newList('investor');
      const fundList = await newList('fund');

      const wrongType = await call('POST', `/${investorList}/funds/batch`, owner, { fund_ids: [fundIds[0]] });
      expect(wrongType.statusCode).toBe(409);
      expect(wrongType.json().detail).toBe("'investor list' is a list of investors: funds cannot be added to or removed from it.");
      const wrongType2 = await call('POST', `/${fundList}/investors/batch`, owner, { investor_ids: [investorIds[0]] });
      expect(wrongType2.statusCode).toBe(409);

      const unknown = await call('POST', `/${investorList}/investors/batch`, owner, { investor_ids: [investorIds[0], 987654, 987655] });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().detail).toBe('No investor has the id 987654, 987655; nothing was added.');

      const mismatch = await call('POST', `/${investorList}/investors/batch`, owner, { list_id: fundList, investor_ids: [investorIds[0]] });
      expect(mismatch.statusCode).toBe(422);
      expect(mismatch.json().detail).toMatch(/does not match/);

      for (const id of [investorList, fundList]) {
        expect((await call('GET', `/${id}`, owner)).json().item_count).toBe(0);
      }
    });

    it('refuses another user’s list with 404', async () => {
      const theirs = await newList('investor', 'Theirs', stranger);
      const res = await call('POST', `/${theirs}/investors/batch`, owner, { investor_ids: [investorIds[0]] });
      expect(res.statusCode).toBe(404);
      expect((await call('GET', `/${theirs}`, stranger)).json().item_count).toBe(0);
    });

    it.each([
      [{}, 'investor_ids is required: the ids of the investors to add'],
      [{ investor_ids: [1], investors_ids: [1] }, 'Send either investor_ids or investors_ids, not both'],
      [{ investor_ids: [] }, "body 'investor_ids' must NOT have fewer than 1 items"],
      [{ investor_ids: ['1'] }, "body 'investor_ids.0' must be integer"],
      [{ investor_ids: 1 }, "body 'investor_ids' must be array"],
      [{ investor_ids: [0] }, "body 'investor_ids.0' must be >= 1"],
      [{ investor_ids: [1.5] }, "body 'investor_ids.0' must be integer"],
      [{ investor_ids: [2 ** 40] }, "body 'investor_ids.0' must be <= 2147483647"],
      [{ investor_ids: Array.from({ length: 1001 }, (_, i) => i + 1) }, "body 'investor_ids' must NOT have more than 1000 items"],
      [{ fund_ids: [1] }, "body: unknown field 'fund_ids'"],
    ])('refuses %j with 422', async (body, detail) => {
      const id = await newList('investor');
      const res = await call('POST', `/${id}/investors/batch`, owner, body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ detail });
    });
  });

  describe('update', () => {
    it('renames a list and changes its description', async () => {
      const id = await newList('investor', 'Old name');
      const res = await call('PATCH', `/${id}`, owner, { name: ' New name ' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id, name: 'New name', description: 'for testing', list_type: 'investor', item_count: 0, ...OWNED });
      const desc = await call('PATCH', `/${id}`, owner, { description: 'Changed' });
      expect(desc.json()).toMatchObject({ name: 'New name', description: 'Changed' });
    });

    it.each([
      [{}, 422, "body must NOT have fewer than 1 properties"],
      [{ name: '' }, 422, 'List name is required'],
      [{ list_type: 'fund' }, 422, "body: unknown field 'list_type'"],
      [{ name: 'x'.repeat(101) }, 422, "body 'name' must NOT have more than 100 characters"],
    ])('refuses %j', async (body, status, detail) => {
      const id = await newList('investor');
      const res = await call('PATCH', `/${id}`, owner, body);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ detail });
    });

    it('refuses another user’s list with 404 and leaves it alone', async () => {
      const theirs = await newList('fund', 'Keep me', stranger);
      const res = await call('PATCH', `/${theirs}`, owner, { name: 'Hijacked' });
      expect(res.statusCode).toBe(404);
      expect((await call('GET', `/${theirs}`, stranger)).json().name).toBe('Keep me');
    });
  });

  describe('remove one row', () => {
    it('takes an investor or a fund off its list; a row not on it is a 404', async () => {
      const investorList = await newList('investor');
      await call('POST', `/${investorList}/investors/batch`, owner, { investor_ids: investorIds });
      const res = await call('DELETE', `/${investorList}/investors/${investorIds[1]}`, owner);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      const items = (await call('GET', `/${investorList}/items`, owner)).json();
      expect(items.map((i: { id: number }) => i.id)).toEqual([investorIds[0], investorIds[2]]);
      const again = await call('DELETE', `/${investorList}/investors/${investorIds[1]}`, owner);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ detail: `Investor ${investorIds[1]} is not in this list` });

      const fundList = await newList('fund');
      await call('POST', `/${fundList}/funds/batch`, owner, { fund_ids: fundIds });
      expect((await call('DELETE', `/${fundList}/funds/${fundIds[0]}`, owner)).statusCode).toBe(204);
      expect((await call('GET', `/${fundList}`, owner)).json().item_count).toBe(1);
      expect((await call('DELETE', `/${fundList}/investors/${investorIds[0]}`, owner)).statusCode).toBe(409);
    });

    it('refuses another user’s list with 404 and leaves the row', async () => {
      const theirs = await newList('investor', 'Theirs', stranger);
      await call('POST', `/${theirs}/investors/batch`, stranger, { investor_ids: [investorIds[0]] });
      expect((await call('DELETE', `/${theirs}/investors/${investorIds[0]}`, owner)).statusCode).toBe(404);
      expect((await call('GET', `/${theirs}`, stranger)).json().item_count).toBe(1);
    });
  });

  describe('delete', () => {
    it('deletes a list with its rows', async () => {
      const id = await newList('investor');
      await call('POST', `/${id}/investors/batch`, owner, { investor_ids: investorIds });
      const res = await call('DELETE', `/${id}`, owner);
      expect(res.statusCode).toBe(204);
      expect((await call('GET', `/${id}`, owner)).statusCode).toBe(404);
      expect((await call('DELETE', `/${id}`, owner)).statusCode).toBe(404);
      const [{ count }] = await app.db
        .select({ count: sql<number>`count(*)::int` })
        .from(listInvestors)
        .where(sql`${listInvestors.list_id} = ${id}`);
      expect(count).toBe(0);
    });

    it('refuses another user’s list with 404 and keeps it', async () => {
      const theirs = await newList('fund', 'Theirs', stranger);
      const res = await call('DELETE', `/${theirs}`, owner);
      expect(res.statusCode).toBe(404);
      const [{ count }] = await app.db
        .select({ count: sql<number>`count(*)::int` })
        .from(lists)
        .where(sql`${lists.id} = ${theirs}`);
      expect(count).toBe(1);
    });
  });
});
