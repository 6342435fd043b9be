// What a share into the app points at: the addresses and domains found in shared text, and the rows of
// the founder's lists they match (an address exactly, else a website's domain; never her own domain).
import { describe, expect, it } from 'vitest';
import { matchSharedRows, sharedClues, type ShareRow } from '@/features/capture/shared-text';
import type { Fund, ListItem } from '@/shared/api-types';

const investor = (id: number, email: string, office_website: string, names = ['Jane', 'Doe']): ListItem =>
  ({ id, first_name: names[0], last_name: names[1], email, office_website, firm_name: 'Acme Ventures' }) as unknown as ListItem;
const fund = (id: number, firm_email: string, firm_website: string): ListItem =>
  ({ id, firm_name: 'Northwind Capital', full_name: '', firm_email, contact_email: '', firm_website }) as Partial<Fund> as ListItem;
const onList = (item: ListItem, listId = 1, listType: ShareRow['listType'] = 'investor'): ShareRow => ({ listId, listName: 'Seed', listType, item });

describe('sharedClues', () => {
  it('finds addresses in any case, once each, and the domains of addresses and links', () => {
    const clues = sharedClues(
      'Re: our call',
      'On Mon, Jane Doe <Jane.Doe@Acme.VC> wrote:\n> see https://www.northwind.example/team and mailto:jane.doe@acme.vc',
      'https://WWW.Docs.Example.com/d/1?x=y',
    );
    expect(clues.emails).toEqual(['jane.doe@acme.vc']);
    expect(clues.domains).toEqual(['acme.vc', 'northwind.example', 'docs.example.com']);
  });

  it('reads a contact card and a bare www. host, and finds nothing in plain text', () => {
    expect(sharedClues('BEGIN:VCARD\nFN:Sam Lee\nEMAIL;TYPE=INTERNET:sam@lee.capital\nEND:VCARD')).toEqual({
      emails: ['sam@lee.capital'],
      domains: ['lee.capital'],
    });
    expect(sharedClues('met at www.seedcamp.example today').domains).toEqual(['seedcamp.example']);
    expect(sharedClues('Call Jane next week', undefined, null)).toEqual({ emails: [], domains: [] });
  });

  it("does not take an address's domain tail for a link", () => {
    expect(sharedClues('write to ops@www.acme.vc').domains).toEqual(['www.acme.vc']);
  });
});

describe('matchSharedRows', () => {
  const jane = onList(investor(1, 'Jane.Doe@acme.vc', 'acme.vc'));
  const janeOnAnother = onList(investor(1, 'jane.doe@acme.vc', 'acme.vc'), 2);
  const bob = onList(investor(2, 'bob@acme.vc', 'https://acme.vc'), 1);
  const northwind = onList(fund(3, 'hello@northwind.example', 'www.northwind.example'), 3, 'fund');
  const rows = [jane, janeOnAnother, bob, northwind];

  it('matches an address exactly, any case, on every list that holds the row', () => {
    const matches = matchSharedRows(rows, sharedClues('from JANE.DOE@ACME.VC'));
    expect(matches).toEqual([
      { row: jane, match: 'exact' },
      { row: janeOnAnother, match: 'exact' },
    ]);
  });

  it("falls back to the website's domain, and says it is likely", () => {
    const matches = matchSharedRows(rows, sharedClues('from carol@acme.vc'));
    expect(matches.map(({ row, match }) => [row.listId, row.item.id, match])).toEqual([
      [1, 1, 'likely'],
      [2, 1, 'likely'],
      [1, 2, 'likely'],
    ]);
    expect(matchSharedRows(rows, sharedClues('https://northwind.example/portfolio'))).toEqual([{ row: northwind, match: 'likely' }]);
  });

  it("never matches the founder's own domain, and nothing when nothing points anywhere", () => {
    expect(matchSharedRows(rows, sharedClues('cc me@acme.vc'), 'founder@acme.vc')).toEqual([]);
    expect(matchSharedRows(rows, sharedClues('met someone'), 'founder@acme.vc')).toEqual([]);
    expect(matchSharedRows(rows, sharedClues('x@other.example'))).toEqual([]);
  });
});
