// What the sidebar shows of saved searches before the server has the changes: the outbox's saves,
// renames, alert changes, deletes and opens laid over the server's list in order, and the calls queued.
import { describe, expect, it } from 'vitest';
import type { OutboxEntry, OutboxRow } from '../../src/features/offline';
import {
  changeEntry,
  createEntry,
  deleteEntry,
  isSavedSearchRow,
  seenEntry,
  shownSavedSearches,
} from '../../src/features/saved-searches/api/saved-search-outbox';
import type { SavedSearch } from '../../src/shared/saved-searches';

let seq = 0;
function queued(entry: OutboxEntry): OutboxRow {
  seq += 1;
  return { ...entry, seq, userId: 1, idempotencyKey: `key-${seq}`, createdAt: Date.now(), attempts: 0, lastError: null };
}

const onServer: SavedSearch = {
  id: '0b8e9a0e-7c1e-4c1a-9f3e-1a2b3c4d5e6f',
  name: 'Seed fintech',
  kind: 'investors',
  query: { stages: ['Seed'], industries: ['Fintech'] },
  alert: 'weekly',
  new_count: 3,
  last_seen_at: '2026-11-01T10:00:00.000Z',
  created_at: '2026-10-01T10:00:00.000Z',
};

const input = { id: 'f3c0a7de-92b4-4f7e-8a6b-0c1d2e3f4a5b', name: 'Funds in Berlin', kind: 'funds' as const, query: { cities: ['Berlin'] }, alert: 'daily' as const };

describe('saved searches with changes still in the outbox', () => {
  it('shows the server’s list as it is when nothing waits', () => {
    expect(shownSavedSearches([onServer], [])).toEqual([{ ...onServer, pending: false }]);
  });

  it('adds a search saved offline, pending, with nothing new yet', () => {
    const create = createEntry(input, new Date('2026-11-05T09:00:00.000Z'));
    expect(create.request).toEqual({ method: 'POST', path: '/api/v1/saved-searches', body: input });
    const shown = shownSavedSearches([onServer], [queued(create)]);
    expect(shown.map((saved) => [saved.name, saved.pending, saved.new_count])).toEqual([
      ['Seed fintech', false, 3],
      ['Funds in Berlin', true, 0],
    ]);
    expect(shown[1]).toMatchObject({ ...input, last_seen_at: '2026-11-05T09:00:00.000Z' });
  });

  it('renames and re-alerts in order, even a search not landed yet, and the last change wins', () => {
    const rows = [
      queued(createEntry(input)),
      queued(changeEntry(input, { name: 'Berlin funds' })),
      queued(changeEntry(onServer, { alert: 'off' })),
      queued(changeEntry(onServer, { alert: 'daily', name: 'Seed fintech (EU)' })),
    ];
    expect(rows[1].request).toEqual({ method: 'PATCH', path: `/api/v1/saved-searches/${input.id}`, body: { name: 'Berlin funds' } });
    const shown = shownSavedSearches([onServer], rows);
    expect(shown.map((saved) => [saved.name, saved.alert, saved.pending])).toEqual([
      ['Seed fintech (EU)', 'daily', true],
      ['Berlin funds', 'daily', true],
    ]);
  });

  it('hides a deleted search, and one saved and deleted offline leaves nothing', () => {
    const rows = [queued(deleteEntry(onServer)), queued(createEntry(input)), queued(deleteEntry(input))];
    expect(rows[0].request).toEqual({ method: 'DELETE', path: `/api/v1/saved-searches/${onServer.id}` });
    expect(shownSavedSearches([onServer], rows)).toEqual([]);
  });

  it('counts nothing new for a search opened offline, without marking it pending', () => {
    const seen = queued(seenEntry(onServer));
    expect(seen.request).toEqual({ method: 'POST', path: `/api/v1/saved-searches/${onServer.id}/seen` });
    expect(shownSavedSearches([onServer], [seen])).toEqual([{ ...onServer, new_count: 0, pending: false }]);
  });

  it('does not add again a search the server already has, and passes over other features’ rows', () => {
    const landed: SavedSearch = { ...input, new_count: 1, last_seen_at: onServer.last_seen_at, created_at: onServer.created_at };
    const other = queued({ kind: 'list-addition', request: { method: 'POST', path: '/api/v1/lists/1/investors/batch' }, payload: {} });
    expect(isSavedSearchRow(other)).toBe(false);
    expect(shownSavedSearches([landed], [queued(createEntry(input)), other])).toEqual([{ ...landed, pending: false }]);
  });

  it('tells each change apart, so a refusal is matched to the change made', () => {
    expect(changeEntry(onServer, { alert: 'off' }).payload.changeId).not.toBe(changeEntry(onServer, { alert: 'off' }).payload.changeId);
  });
});
