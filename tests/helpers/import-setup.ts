// What the import's component suites start from: a logged-in founder, her empty investor list "Seed leads" and
// a catalogue investor with an e-mail (a row the import matches exactly).
import type { Investor, ListSummary, Paged } from '@/shared/api-types';
import { call, createAccount, storeSession, type Account } from './real-server';

export interface ImportSetup {
  ada: Account;
  list: ListSummary;
  known: Investor;
}

export async function importSetUp(): Promise<ImportSetup> {
  const ada = await createAccount();
  const token = ada.tokens.access_token;
  const list = (await call<ListSummary>('POST', '/lists', { token, body: { name: 'Seed leads', description: '', list_type: 'investor' } })).body;
  const catalogue = await call<Paged<Investor>>('GET', '/investors/search?page=1', { token });
  const known = catalogue.body.results.find((investor) => investor.email && investor.email !== 'NaN')!;
  storeSession(ada.tokens);
  return { ada, list, known };
}
