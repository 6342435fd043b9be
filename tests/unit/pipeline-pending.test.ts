// What the pages show of the pipeline before the server has it: changes and notes in the outbox laid
// over the server's pipeline in order, the follow-up groups counted from them, the toast when a later
// change from another device was kept, and the CSV's pipeline columns.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { OfflineDb, type OutboxRow } from '@/features/offline/db/offline-db';
import { enqueue } from '@/features/offline/outbox/outbox';
import { additionEntry, pendingItemsOf } from '@/features/lists/api/list-outbox';
import { toCsv } from '@/features/lists/csv';
import { noteEntry, pipelineChangeEntry } from '@/features/pipeline/api/pipeline-outbox';
import { supersededText } from '@/features/pipeline/components/PipelineSyncReporter';
import { followUpGroups } from '@/features/pipeline/follow-up-groups';
import { shownNotes, shownPipeline } from '@/features/pipeline/pending-pipeline';
import { pipelineCsvColumns } from '@/features/pipeline/pipeline-csv-columns';
import type { Investor } from '@/shared/api-types';
import { dueOn, newPipeline, type FollowUpRow, type Pipeline } from '@/shared/pipeline';

const row = { listId: 3, listType: 'investor' as const, itemId: 7 };
let seq = 0;
const queued = <P,>(entry: { kind: string; request: OutboxRow['request']; payload: P }): OutboxRow =>
  ({ ...entry, seq: ++seq, userId: 1, idempotencyKey: `k${seq}`, createdAt: 0, attempts: 0, lastError: null }) as OutboxRow;

const saved: Pipeline = {
  stage: 'contacted',
  follow_up_on: '2026-11-30',
  amount: 100000,
  note_count: 1,
  latest_note: { id: 4, body: 'First call', created_at: '2026-11-01T10:00:00Z', author: null },
  updated_at: '2026-11-01T10:00:00Z',
  updated_by: null,
  last_contacted_at: null,
  answered_at: null,
  deck: null,
};

describe('a row’s pipeline with the outbox laid over it', () => {
  it('applies queued changes in order and marks the fields they set as pending', () => {
    const outbox = [
      queued(pipelineChangeEntry(row, { stage: 'meeting' })),
      queued(pipelineChangeEntry({ ...row, itemId: 8 }, { stage: 'passed' })),
      queued(pipelineChangeEntry(row, { stage: 'term_sheet', amount: null })),
    ];
    const shown = shownPipeline(saved, outbox, row);
    expect(shown.pipeline).toMatchObject({ stage: 'term_sheet', amount: null, follow_up_on: '2026-11-30' });
    expect([...shown.pendingFields].sort()).toEqual(['amount', 'stage']);
    expect(shownPipeline(saved, outbox, { ...row, listType: 'fund' }).pendingFields.size).toBe(0);
  });

  it('stamps each change with when it was made, which the server compares', () => {
    const entry = pipelineChangeEntry(row, { follow_up_on: '2026-12-01' }, new Date('2026-11-22T09:30:00Z'));
    expect(entry.request).toEqual({
      method: 'PATCH',
      path: '/api/v1/lists/3/investors/7',
      body: { follow_up_on: '2026-12-01', changed_at: '2026-11-22T09:30:00.000Z' },
    });
  });

  it('shows notes not sent yet first, newest first, and counts them', () => {
    const outbox = [queued(noteEntry(row, 'Second')), queued(noteEntry(row, 'Third'))];
    const shown = shownPipeline(saved, outbox, row);
    expect(shown.pipeline.note_count).toBe(3);
    expect(shown.pipeline.latest_note?.body).toBe('Third');
    expect(shownNotes([saved.latest_note!], shown.pendingNotes).map((note) => [note.body, note.pending])).toEqual([
      ['Third', true],
      ['Second', true],
      ['First call', false],
    ]);
  });

  it('starts a row added offline at Lead with nothing set', () => {
    expect(shownPipeline(undefined, [], row).pipeline).toMatchObject({ stage: 'lead', follow_up_on: null, amount: null, note_count: 0, latest_note: null });
    const investor = { id: 9, first_name: 'Ada', last_name: 'Lovelace' } as Investor;
    const [pending, ...others] = pendingItemsOf([queued(additionEntry(3, 'investor', [investor])), queued(noteEntry(row, 'x'))], 3);
    expect(others).toEqual([]);
    expect(pending).toMatchObject({ ...investor, fit: null, pipeline: { stage: 'lead', follow_up_on: null, amount: null, note_count: 0 } });
  });
});

describe('follow-up groups', () => {
  it('are overdue, today and the next 7 days from the device’s date, with pending changes counted', () => {
    expect(dueOn('2026-11-21', '2026-11-22')).toBe('overdue');
    expect(dueOn('2026-11-22', '2026-11-22')).toBe('today');
    expect(dueOn('2026-11-29', '2026-11-22')).toBe('week');
    expect(dueOn('2026-11-30', '2026-11-22')).toBeNull();
    expect(dueOn('2027-01-02', '2026-12-28')).toBe('week');

    const followUp = (itemId: number, date: string): FollowUpRow => ({
      list_id: 3,
      list_type: 'investor',
      list_name: 'Seed',
      item_id: itemId,
      name: `Investor ${itemId}`,
      firm_name: 'Firm',
      due: 'week',
      pipeline: { ...saved, follow_up_on: date },
    });
    const outbox = [queued(pipelineChangeEntry(row, { follow_up_on: '2026-11-20' })), queued(pipelineChangeEntry({ ...row, itemId: 8 }, { follow_up_on: null }))];
    const groups = followUpGroups([followUp(7, '2026-11-25'), followUp(8, '2026-11-22'), followUp(9, '2026-11-22')], outbox, '2026-11-22');
    expect(groups.overdue.map((r) => [r.item_id, r.pending])).toEqual([[7, true]]);
    expect(groups.today.map((r) => r.item_id)).toEqual([9]);
    expect(groups.week).toEqual([]);
  });
});

describe('a change another device made later', () => {
  it('tells which value was kept', () => {
    const pipeline = { ...saved, stage: 'meeting' as const, amount: 50000 };
    expect(supersededText({ pipeline, superseded: ['stage'] })).toBe('Another device changed Stage later; kept Meeting.');
    expect(supersededText({ pipeline, superseded: ['stage', 'amount'] })).toBe(
      'Another device changed Stage and Amount later; kept Meeting and $50,000.',
    );
    expect(supersededText({ pipeline: { ...pipeline, follow_up_on: null }, superseded: ['follow_up_on'] })).toBe(
      'Another device changed Next follow-up later; kept no follow-up.',
    );
  });
});

describe('the CSV’s pipeline columns', () => {
  it('carry stage, follow-up date, whole dollars and every note with its day', () => {
    const rows = [{ id: 1, pipeline: saved }, { id: 2, pipeline: newPipeline() }];
    const notes = [
      { id: 5, body: 'Sent the deck, "v2"', created_at: '2026-11-02T12:00:00', author: null },
      { id: 4, body: 'First call', created_at: '2026-11-01T12:00:00', author: null },
    ];
    const csv = toCsv(pipelineCsvColumns<(typeof rows)[number]>((r) => (r.id === 1 ? notes : [])), rows);
    expect(csv).toBe(
      '\uFEFFStage,Next follow-up,Amount (USD),Last contacted,Answered,Notes\r\n' +
        'Contacted,2026-11-30,100000,,,"2026-11-02: Sent the deck, ""v2""\n2026-11-01: First call"\r\n' +
        'Lead,,,,,\r\n',
    );
  });
});

describe('the outbox of an older version', () => {
  afterEach(() => Dexie.delete('pipeline-upgrade'));

  it('keeps its queued additions, in the generic shape, in their place', async () => {
    const old = new Dexie('pipeline-upgrade');
    old.version(1).stores({ queries: '[userId+key], userId, savedAt', outbox: '++seq, userId' });
    await old.table('outbox').add({
      userId: 5,
      listId: 12,
      listType: 'fund',
      itemIds: [3, 4],
      items: [{ id: 3 }, { id: 4 }],
      idempotencyKey: 'old-key',
      createdAt: 1,
      attempts: 0,
      lastError: null,
    });
    old.close();

    const db = new OfflineDb('pipeline-upgrade');
    const [upgraded] = await db.outbox.toArray();
    expect(upgraded).toEqual({
      seq: 1,
      userId: 5,
      kind: 'list-addition',
      request: { method: 'POST', path: '/api/v1/lists/12/funds/batch', body: { fund_ids: [3, 4] } },
      payload: { listId: 12, listType: 'fund', items: [{ id: 3 }, { id: 4 }] },
      idempotencyKey: 'old-key',
      createdAt: 1,
      attempts: 0,
      lastError: null,
    });
    const next = await enqueue(db, 5, additionEntry(12, 'fund', [{ id: 6 } as Investor]));
    expect(next.seq).toBe(2);
    db.close();
  });
});
