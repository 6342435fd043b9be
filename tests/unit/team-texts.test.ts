// What the founder reads about a row's changes: each activity entry after its author's name, and a
// queued pipeline change or note the server refused, named with its row and list and why.
import { describe, expect, it } from 'vitest';
import { FetchError } from 'ofetch';
import type { OutboxRow } from '@/features/offline';
import { activityText } from '@/features/teams/components/activity-text';
import { refusalText } from '@/features/pipeline/refusal-text';
import type { NotePayload, PipelineChangePayload } from '@/features/pipeline/api/pipeline-outbox';
import type { ActivityEntry } from '@/shared/teams';

const entry = (fields: Partial<ActivityEntry>): ActivityEntry => ({
  id: 1,
  action: 'added',
  from: null,
  to: null,
  note: null,
  user: null,
  created_at: '2026-11-24T10:00:00Z',
  ...fields,
});

describe('activityText', () => {
  it('says each action with its values', () => {
    expect(activityText(entry({ action: 'added' }))).toBe('added it to the list');
    expect(activityText(entry({ action: 'removed' }))).toBe('removed it from the list');
    expect(activityText(entry({ action: 'imported', file_name: 'Raise <2026>.csv' }))).toBe('imported from Raise <2026>.csv');
    expect(activityText(entry({ action: 'stage', from: 'lead', to: 'term_sheet' }))).toBe('moved it from Lead to Term sheet');
    expect(activityText(entry({ action: 'follow_up', from: null, to: '2026-11-30' }))).toBe('set the follow-up to Nov 30, 2026');
    expect(activityText(entry({ action: 'follow_up', from: '2026-11-30', to: null }))).toBe('cleared the follow-up');
    expect(activityText(entry({ action: 'amount', from: null, to: 250000 }))).toBe('set the amount to $250,000');
    expect(activityText(entry({ action: 'amount', from: 250000, to: null }))).toBe('cleared the amount');
    expect(activityText(entry({ action: 'note_added', note: { id: 3, body: 'Warm intro via Sam' } }))).toBe(
      'added a note: “Warm intro via Sam”',
    );
    expect(activityText(entry({ action: 'note_deleted', note: { id: 3, body: 'x'.repeat(100) } }))).toBe(
      `deleted a note: “${'x'.repeat(79)}…”`,
    );
  });
});

const refused = (status: number, detail: string) => {
  const error = new FetchError(detail);
  Object.assign(error, { status, data: { detail } });
  return error;
};
const row = <P>(payload: P) => ({ payload }) as unknown as OutboxRow<P>;
const names = { row: 'Ada Lovelace', list: 'Seed leads' };
const ref = { listId: 1, listType: 'investor' as const, itemId: 2, names };

describe('refusalText', () => {
  it('names the change, its row and list; a list no longer shared answers 404 and says so', () => {
    const move = row<PipelineChangePayload>({ ...ref, patch: { stage: 'meeting', changed_at: '' } });
    expect(refusalText(move, refused(404, 'List not found'), 'List not found')).toBe(
      'Moving Ada Lovelace to Meeting in Seed leads could not be saved: you no longer have access to this list',
    );
  });

  it('gives a lowered role’s reason as the server words it, and names follow-up and amount together', () => {
    const set = row<PipelineChangePayload>({ ...ref, patch: { follow_up_on: '2026-12-01', amount: null, changed_at: '' } });
    expect(refusalText(set, refused(403, 'Viewers cannot change this list'), 'Viewers cannot change this list')).toBe(
      'Setting the follow-up of Ada Lovelace to Dec 1, 2026 and clearing the amount of Ada Lovelace in Seed leads could not be saved: Viewers cannot change this list',
    );
  });

  it('names a note by its start', () => {
    const note = row<NotePayload>({ ...ref, names: { list: 'Seed leads' }, body: 'Call back after the demo day', createdAt: '' });
    Object.assign(note, { kind: 'pipeline-note' });
    expect(refusalText(note, refused(403, 'Viewers cannot change this list'), 'Viewers cannot change this list')).toBe(
      'The note “Call back after the demo day” in Seed leads could not be saved: Viewers cannot change this list',
    );
  });
});
