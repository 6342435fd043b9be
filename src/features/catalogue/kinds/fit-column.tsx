import { FitScore } from '@/components/FitScore';
import type { TableColumn } from '@/components/DataGrid';
import type { CompleteStartupProfile } from '@/shared/fit';
import type { CatalogueRow } from '../catalogue-kind';

export const FIT_FIELD = 'fit';

/** The Fit column: each row's score against the profile as a coloured chip, its reasons on hover or focus. */
export function fitColumn<R extends CatalogueRow>(profile: CompleteStartupProfile): TableColumn<R> {
  return {
    field: FIT_FIELD,
    headerName: 'Fit',
    width: 80,
    text: (row) => (row.fit ? String(row.fit.score) : ''),
    sortValue: (row) => row.fit?.score ?? null,
    render: (row, cell) => (row.fit ? <FitScore fit={row.fit} profile={profile} tabIndex={cell.tabIndex} /> : null),
  };
}

/** The kind's columns with Fit first when the founder has a profile. */
export function withFitColumn<R extends CatalogueRow>(columns: readonly TableColumn<R>[], profile: CompleteStartupProfile | null) {
  return profile ? [fitColumn<R>(profile), ...columns] : columns;
}

/** Where a row's name column is in columns `withFitColumn` made: the kind's first, after Fit when shown. */
export const nameColumnIndex = <R,>(columns: readonly TableColumn<R>[]) => (columns[0]?.field === FIT_FIELD ? 1 : 0);
