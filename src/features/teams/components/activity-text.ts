// What an activity entry says: 'moved it from Lead to Contacted', 'set the follow-up to Nov 30, 2026'…
import { formatUsd } from '@/lib/format';
import { PIPELINE_STAGE_LABELS, type PipelineStage } from '@/shared/pipeline';
import type { ActivityEntry } from '@/shared/teams';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-11-30' → 'Nov 30, 2026' (a calendar date: no time zone applies). */
function day(value: ActivityEntry['to']): string | null {
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return match ? `${MONTHS[Number(match[2]) - 1]} ${Number(match[3])}, ${match[1]}` : null;
}

const amount = (value: ActivityEntry['to']) => (typeof value === 'number' ? formatUsd(value) : null);
const stage = (value: ActivityEntry['to']) => PIPELINE_STAGE_LABELS[value as PipelineStage] ?? String(value);
const quote = (body: string) => `“${body.length > 80 ? `${body.slice(0, 79)}…` : body}”`;

function touchText(touch: NonNullable<ActivityEntry['touch']>): string {
  const subject = touch.subject ? `: ${quote(touch.subject)}` : '';
  switch (touch.kind) {
    case 'email_sent':
      return `sent an e-mail${subject}`;
    case 'email_received':
      return `received a reply${subject}`;
    case 'call':
      return 'logged a call';
    case 'meeting':
      return 'logged a meeting';
    case 'message':
      return 'logged a message';
  }
}

/** The entry's action, after its author's name. */
export function activityText(entry: ActivityEntry): string {
  switch (entry.action) {
    case 'added':
      return 'added it to the list';
    case 'removed':
      return 'removed it from the list';
    case 'imported':
      return entry.file_name ? `imported from ${entry.file_name}` : 'imported from a spreadsheet';
    case 'stage':
      return `moved it from ${stage(entry.from)} to ${stage(entry.to)}`;
    case 'follow_up': {
      const to = day(entry.to);
      return to ? `set the follow-up to ${to}` : 'cleared the follow-up';
    }
    case 'amount': {
      const to = amount(entry.to);
      return to ? `set the amount to ${to}` : 'cleared the amount';
    }
    case 'note_added':
      return entry.note ? `added a note: ${quote(entry.note.body)}` : 'added a note';
    case 'note_deleted':
      return entry.note ? `deleted a note: ${quote(entry.note.body)}` : 'deleted a note';
    case 'touch_added':
      return entry.touch ? touchText(entry.touch) : 'logged a touch';
    case 'touch_deleted':
      return 'deleted a touch';
    case 'deck_shared':
      return 'shared the deck';
    case 'deck_opened':
      return 'opened the deck';
  }
}
