// What the list pages show of a row's touches before and after the server has them: when it was last
// contacted ('3 days ago', then the day), the answered mark's text, a touch logged offline laid over the
// row's pipeline, what the Log a touch form sends, and a refused touch named for the founder.
import { describe, expect, it } from 'vitest';
import type { OutboxRow } from '@/features/offline/db/offline-db';
import { noteEntry, touchEntry } from '@/features/pipeline/api/pipeline-outbox';
import { lastContactedText } from '@/features/pipeline/components/pipeline-columns';
import { touchInputOf, touchSchema, touchValues } from '@/features/pipeline/forms/touch-schema';
import { shownPipeline, shownTouches } from '@/features/pipeline/pending-pipeline';
import { formatLastContacted } from '@/features/pipeline/pipeline-format';
import { refusalText } from '@/features/pipeline/refusal-text';
import { newPipeline, type Pipeline } from '@/shared/pipeline';

const row = { listId: 3, listType: 'investor' as const, itemId: 7, names: { row: 'Ada Lovelace', list: 'Seed leads' } };
let seq = 0;
const queued = <P,>(entry: { kind: string; request: OutboxRow['request']; payload: P }): OutboxRow =>
  ({ ...entry, seq: ++seq, userId: 1, idempotencyKey: `k${seq}`, createdAt: 0, attempts: 0, lastError: null }) as OutboxRow;

/** Noon on a day, on this device's clock. */
const noon = (day: string) => new Date(`${day}T12:00:00`);

describe('when a row was last contacted', () => {
  const now = noon('2026-11-28');

  it('counts days on this device: today, yesterday, days ago within a week, then the day', () => {
    expect(formatLastContacted(null, now)).toBe('-');
    expect(formatLastContacted(new Date('2026-11-28T00:05:00').toISOString(), now)).toBe('Today');
    expect(formatLastContacted(new Date('2026-11-27T23:55:00').toISOString(), now)).toBe('Yesterday');
    expect(formatLastContacted(noon('2026-11-25').toISOString(), now)).toBe('3 days ago');
    expect(formatLastContacted(noon('2026-11-22').toISOString(), now)).toBe('6 days ago');
    expect(formatLastContacted(noon('2026-11-21').toISOString(), now)).toBe('Nov 21, 2026');
    expect(formatLastContacted('not a time', now)).toBe('-');
  });

  it('says Today of a time a little ahead of this device’s clock', () => {
    expect(formatLastContacted(new Date(now.getTime() + 60_000).toISOString(), now)).toBe('Today');
  });

  it('reads "Answered" in the search and export text once they answered', () => {
    const day = noon('2026-11-02').toISOString();
    const contacted: Pipeline = { ...newPipeline(), last_contacted_at: day };
    expect(lastContactedText(contacted)).toBe('Nov 2, 2026');
    expect(lastContactedText({ ...contacted, answered_at: day })).toBe('Nov 2, 2026 · Answered');
    expect(lastContactedText(newPipeline())).toBe('-');
  });
});

describe('a touch logged by hand', () => {
  it('is a POST of the touch, dated when it was logged unless the founder said when', () => {
    const logged = touchEntry(row, { kind: 'call', body: 'Liked the deck' }, new Date('2026-11-28T09:30:00Z'));
    expect(logged.kind).toBe('pipeline-touch');
    expect(logged.request).toEqual({
      method: 'POST',
      path: '/api/v1/lists/3/investors/7/touches',
      body: { kind: 'call', body: 'Liked the deck', happened_at: '2026-11-28T09:30:00.000Z' },
    });
    expect(touchEntry(row, { kind: 'meeting', happened_at: '2026-11-20T15:00:00.000Z' }).request.body).toMatchObject({
      happened_at: '2026-11-20T15:00:00.000Z',
    });
  });

  it('shows at once, pending, and moves the row’s last contacted and answered times forward only', () => {
    const saved: Pipeline = { ...newPipeline(), last_contacted_at: '2026-11-25T10:00:00.000Z', answered_at: null };
    const outbox = [
      queued(touchEntry(row, { kind: 'call', happened_at: '2026-11-27T10:00:00.000Z' })),
      queued(touchEntry(row, { kind: 'meeting', happened_at: '2026-11-20T10:00:00.000Z', answered: true })),
      queued(touchEntry({ ...row, itemId: 8 }, { kind: 'email_received', happened_at: '2026-11-28T10:00:00.000Z' })),
      queued(noteEntry(row, 'Unrelated')),
    ];
    const shown = shownPipeline(saved, outbox, row);
    expect(shown.pipeline.last_contacted_at).toBe('2026-11-27T10:00:00.000Z');
    expect(shown.pipeline.answered_at).toBe('2026-11-20T10:00:00.000Z');
    expect(shown.pendingTouches.map((touch) => [touch.kind, touch.pending, touch.id < 0])).toEqual([
      ['meeting', true, true],
      ['call', true, true],
    ]);
    // A reply received is their answer unless the founder said otherwise.
    const replied = shownPipeline(newPipeline(), [queued(touchEntry(row, { kind: 'email_received', happened_at: '2026-11-28T10:00:00.000Z' }))], row);
    expect(replied.pipeline.answered_at).toBe('2026-11-28T10:00:00.000Z');
    const notAnswer = shownPipeline(
      newPipeline(),
      [queued(touchEntry(row, { kind: 'email_received', happened_at: '2026-11-28T10:00:00.000Z', answered: false }))],
      row,
    );
    expect(notAnswer.pipeline.answered_at).toBeNull();
  });

  it('lists the touches not sent yet before the server’s', () => {
    const pending = shownPipeline(newPipeline(), [queued(touchEntry(row, { kind: 'message', body: 'Pinged on LinkedIn' }))], row).pendingTouches;
    const saved = {
      id: 9,
      kind: 'email_sent' as const,
      subject: 'Our seed round',
      body: null,
      shared: false,
      participants: [],
      match: 'exact' as const,
      happened_at: '2026-11-01T10:00:00.000Z',
      author: null,
    };
    expect(shownTouches([saved], pending).map((touch) => [touch.kind, touch.body, touch.pending])).toEqual([
      ['message', 'Pinged on LinkedIn', true],
      ['email_sent', null, false],
    ]);
  });

  it('is named when the server refuses it', () => {
    const refused = queued(touchEntry(row, { kind: 'call' })) as Parameters<typeof refusalText>[0];
    expect(refusalText(refused, new Error('x'), 'Viewers cannot change this list')).toBe(
      'The call logged with Ada Lovelace in Seed leads could not be saved: Viewers cannot change this list',
    );
  });
});

describe('the Log a touch form', () => {
  it('starts as a call now, not answered, and sends the note trimmed and the time as ISO', () => {
    const values = touchValues(new Date('2026-11-28T09:05:40'));
    expect(values).toEqual({ kind: 'call', happenedAt: '2026-11-28T09:05', note: '', answered: false });
    expect(touchInputOf(values)).toEqual({ kind: 'call', happened_at: new Date('2026-11-28T09:05').toISOString(), answered: false });
    expect(touchInputOf({ ...values, kind: 'email_received', note: '  Said yes  ', answered: true })).toMatchObject({
      kind: 'email_received',
      body: 'Said yes',
      answered: true,
    });
  });

  it('refuses a time to come, no time, and a note over 2,000 characters', async () => {
    const values = touchValues();
    await expect(touchSchema.validate(values)).resolves.toBeTruthy();
    await expect(touchSchema.validate({ ...values, happenedAt: '2099-01-01T10:00' })).rejects.toThrow('Enter a time that has passed');
    await expect(touchSchema.validate({ ...values, happenedAt: '' })).rejects.toThrow('Enter when it happened');
    await expect(touchSchema.validate({ ...values, note: 'x'.repeat(2001) })).rejects.toThrow('A note holds at most 2,000 characters.');
  });
});
