// The review step's rules: each row's default decision, what the founder may choose for it, the counts
// at the top, and the rows sent to the import.
import { formatCount, formatCountOf } from '@/lib/format';
import type { ImportCommitRow, ImportDecision, ImportRowError, PreviewRow } from '@/shared/imports';
import type { MappedRow } from './map-rows';

export interface ReviewRow extends MappedRow {
  /** The row's index in the rows sent (the preview's `row`). */
  index: number;
  preview: PreviewRow;
  /** The browser's errors and the server's, together. */
  allErrors: ImportRowError[];
}

export function reviewRows(mapped: readonly MappedRow[], preview: readonly PreviewRow[]): ReviewRow[] {
  const byIndex = new Map(preview.map((row) => [row.row, row]));
  return mapped.map((row, index) => {
    const answered = byIndex.get(index) ?? { row: index, match: null, candidates: [], duplicate_of_row: null, on_list: false, errors: [] };
    return { ...row, index, preview: answered, allErrors: [...row.errors, ...answered.errors] };
  });
}

/** A private contact needs a first and a last name. */
export const canCreate = (row: ReviewRow) => Boolean(row.row.first_name?.trim() && row.row.last_name?.trim());

/**
 * A row in error is skipped (it cannot be imported); a repeat of an earlier row is skipped; a match is
 * linked (a row on the list already then has its pipeline fields updated); no match makes a private contact.
 */
export function defaultDecision(row: ReviewRow): ImportDecision {
  if (row.allErrors.length > 0 || row.preview.duplicate_of_row !== null) return { action: 'skip' };
  if (row.preview.match) return { action: 'link', investor_id: row.preview.match.investor_id };
  return canCreate(row) ? { action: 'create' } : { action: 'skip' };
}

export interface ReviewCounts {
  matched: number;
  created: number;
  skipped: number;
  errors: number;
}

export function reviewCounts(rows: readonly ReviewRow[], decisions: readonly ImportDecision[]): ReviewCounts {
  const counts: ReviewCounts = { matched: 0, created: 0, skipped: 0, errors: 0 };
  rows.forEach((row, index) => {
    if (row.allErrors.length > 0) counts.errors += 1;
    else if (decisions[index].action === 'link') counts.matched += 1;
    else if (decisions[index].action === 'create') counts.created += 1;
    else counts.skipped += 1;
  });
  return counts;
}

/** "118 matched · 2 new private contacts · 3 skipped · 1 error" */
export function countsText({ matched, created, skipped, errors }: ReviewCounts): string {
  return [
    `${formatCount(matched)} matched`,
    formatCountOf(created, 'new private contact'),
    `${formatCount(skipped)} skipped`,
    formatCountOf(errors, 'error'),
  ].join(' · ');
}

/** Every row as sent for the import, in the preview's order; rows in error go as skipped. */
export function commitRows(rows: readonly ReviewRow[], decisions: readonly ImportDecision[]): ImportCommitRow[] {
  return rows.map((row, index) => ({ ...row.row, decision: row.allErrors.length > 0 ? { action: 'skip' } : decisions[index] }));
}
