// The follow-ups page's groups: overdue, due today, due in the next 7 days, from each row's follow-up
// as the founder sees it (a change still in the outbox counts), against the device's date.
import type { OutboxRow } from '@/features/offline';
import { dueOn, type FollowUpDue, type FollowUpRow } from '@/shared/pipeline';
import { shownPipeline } from './pending-pipeline';

export type ShownFollowUp = FollowUpRow & { pending: boolean };

export function followUpGroups(rows: readonly FollowUpRow[], outbox: readonly OutboxRow[], today: string): Record<FollowUpDue, ShownFollowUp[]> {
  const groups: Record<FollowUpDue, ShownFollowUp[]> = { overdue: [], today: [], week: [] };
  for (const row of rows) {
    const shown = shownPipeline(row.pipeline, outbox, { listId: row.list_id, listType: row.list_type, itemId: row.item_id });
    const followUpOn = shown.pipeline.follow_up_on;
    const due = followUpOn === null ? null : dueOn(followUpOn, today);
    if (due) groups[due].push({ ...row, due, pipeline: shown.pipeline, pending: shown.pendingFields.size > 0 });
  }
  for (const group of Object.values(groups)) {
    group.sort((a, b) => (a.pipeline.follow_up_on ?? '').localeCompare(b.pipeline.follow_up_on ?? '') || a.name.localeCompare(b.name));
  }
  return groups;
}
