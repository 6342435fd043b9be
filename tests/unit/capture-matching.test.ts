// Which rows a captured mail goes on: exact by address, likely by the one firm at a domain, never her own.
import { describe, expect, it } from 'vitest';
import { matchRows, ownDomains, participantsOf, type Candidate } from '../../src/server/modules/capture/matching.js';

const party = (address: string) => ({ address, name: '' });
const candidate = (listId: number, investorId: number, email: string | null, website: string | null): Candidate => ({ listId, investorId, email, website });

describe('participantsOf', () => {
  it('leaves out her addresses, her company domain, the capture domain and repeats; caps at 100', () => {
    const own = ['ada@acme.io', 'ada.personal@gmail.com'];
    const kept = participantsOf(
      [party('jane@sequoia.com'), party('ada@acme.io'), party('cto@acme.io'), party('log+abc@capture.test'), party('jane@sequoia.com'), party('friend@gmail.com')],
      own,
      'capture.test',
    );
    // gmail.com is a public provider: only her exact address there is hers, a friend at gmail.com is a participant.
    expect(kept.map((entry) => entry.address)).toEqual(['jane@sequoia.com', 'friend@gmail.com']);
    const many = Array.from({ length: 1000 }, (_, i) => party(`p${i}@firm${i}.com`));
    expect(participantsOf(many, own, 'capture.test')).toHaveLength(100);
  });

  it('counts no public provider as her domain', () => {
    expect([...ownDomains(['ada@gmail.com', 'ada@acme.io', 'x@outlook.com'])]).toEqual(['acme.io']);
  });
});

describe('matchRows', () => {
  const candidates = [
    candidate(1, 10, 'Jane@Sequoia.com', 'https://www.sequoia.com'),
    candidate(2, 10, 'Jane@Sequoia.com', 'https://www.sequoia.com'),
    candidate(1, 11, 'bob@sequoia.com', 'sequoia.com'),
    candidate(1, 20, 'li@northzone.vc', 'https://northzone.vc'),
    candidate(3, 30, 'NaN', 'https://index.vc'),
  ];

  it('matches an address in any case on every list holding the investor (exact)', () => {
    expect(matchRows([party('jane@sequoia.com')], candidates)).toEqual([
      { listId: 1, investorId: 10, match: 'exact' },
      { listId: 2, investorId: 10, match: 'exact' },
    ]);
  });

  it('matches a domain only when exactly one investor is at it (likely)', () => {
    expect(matchRows([party('someone@northzone.vc')], candidates)).toEqual([{ listId: 1, investorId: 20, match: 'likely' }]);
    expect(matchRows([party('partner@index.vc')], candidates)).toEqual([{ listId: 3, investorId: 30, match: 'likely' }]);
    // Two investors at sequoia.com: a third address there is nobody's for sure.
    expect(matchRows([party('carol@sequoia.com')], candidates)).toEqual([]);
  });

  it('logs a mail to three investors on each of their rows; exact wins over likely', () => {
    const rows = matchRows([party('jane@sequoia.com'), party('li@northzone.vc'), party('other@northzone.vc'), party('x@unknown.com')], candidates);
    expect(rows).toEqual([
      { listId: 1, investorId: 10, match: 'exact' },
      { listId: 1, investorId: 20, match: 'exact' },
      { listId: 2, investorId: 10, match: 'exact' },
    ]);
  });

  it('matches nothing without participants or candidates', () => {
    expect(matchRows([], candidates)).toEqual([]);
    expect(matchRows([party('jane@sequoia.com')], [])).toEqual([]);
  });
});
