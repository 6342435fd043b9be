// What the pipeline suites set up: named catalogue rows, lists holding them, and calls as one user.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { funds, investors } from '../../src/server/db/schema.js';

export type Headers = Record<string, string>;

export async function insertInvestor(app: FastifyInstance, firstName: string, lastName: string, firmName: string): Promise<number> {
  const [row] = await app.db
    .insert(investors)
    .values({
      first_name: firstName,
      last_name: lastName,
      contact_title: 'Partner',
      email: `${firstName.toLowerCase()}@example.test`,
      gender: 'Female',
      phone: '15551234567',
      firm_name: firmName,
      type_of_firm: 'Venture Capital Fund',
      office_website: 'https://firm.example',
      city: 'Berlin',
      state: 'NaN',
      country: 'Germany',
    })
    .returning({ id: investors.id });
  return row.id;
}

export async function insertFund(app: FastifyInstance, firmName: string, state = 'NY'): Promise<number> {
  const [row] = await app.db
    .insert(funds)
    .values({
      firm_name: firmName,
      full_name: 'Jo Lee',
      title: 'Principal',
      firm_email: 'info@fund.example',
      firm_phone: '15550001111',
      firm_website: 'https://fund.example',
      firm_type: 'Private Equity Fund',
      contact_email: 'jo@fund.example',
      contact_phone: 'NaN',
      firm_address: '1 Main St',
      firm_state: state,
      firm_country: 'United States',
    })
    .returning({ id: funds.id });
  return row.id;
}

/** Calls the API as the user whose headers are given. */
export function caller(app: FastifyInstance, headers: Headers) {
  return (method: InjectOptions['method'], url: string, payload?: unknown, extra: Headers = {}) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...headers, ...extra },
      payload: payload as InjectOptions['payload'],
    });
}

export type Call = ReturnType<typeof caller>;

/** A new list of the caller's holding these rows, in this order; answers its id. */
export async function listWith(call: Call, type: 'investor' | 'fund', ids: number[], name = `List ${type}`): Promise<number> {
  const created = await call('POST', '/lists', { name, description: '', list_type: type });
  const listId = created.json().id as number;
  if (ids.length > 0) {
    const key = type === 'investor' ? 'investor_ids' : 'fund_ids';
    const added = await call('POST', `/lists/${listId}/${type}s/batch`, { [key]: ids });
    if (added.statusCode !== 200) throw new Error(`adding to list ${listId}: ${added.body}`);
  }
  return listId;
}
