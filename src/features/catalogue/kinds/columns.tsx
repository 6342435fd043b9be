// Column and detail-field builders the kinds share: the same kind of value shows the same way in
// every table and on every detail page.
import { Link } from '@mui/material';
import { BadgeList } from '@/components/Badge';
import type { DetailField } from '@/components/Detail';
import { EmailCell, numberColumn, WebsiteCell, type TableColumn } from '@/components/DataGrid';
import { formatPhone, formatText, formatUsd, formatWebsite, mailtoHref, presentValues, websiteHref } from '@/lib/format';
import { GEOGRAPHIES, INDUSTRIES, STAGES } from '@/shared/vocabularies';
import type { CardBadges, CatalogueRow } from '../catalogue-kind';

type FieldOf<R, V> = { [K in keyof R]: R[K] extends V ? K : never }[keyof R] & string;

export function textColumn<R>(field: FieldOf<R, string>, headerName: string, width: number): TableColumn<R> {
  return { field, headerName, width, text: (row) => formatText(row[field]) };
}

export function phoneColumn<R>(field: FieldOf<R, string>, headerName: string): TableColumn<R> {
  return { field, headerName, width: 160, text: (row) => formatPhone(row[field]) };
}

export function emailColumn<R>(field: FieldOf<R, string>, headerName: string): TableColumn<R> {
  return { ...textColumn<R>(field, headerName, 220), render: (row, cell) => <EmailCell value={row[field]} {...cell} /> };
}

export function websiteColumn<R>(field: FieldOf<R, string>, headerName: string): TableColumn<R> {
  return {
    ...textColumn<R>(field, headerName, 180),
    text: (row) => formatWebsite(row[field]),
    render: (row, cell) => <WebsiteCell value={row[field]} {...cell} />,
  };
}

/** A list field's present values: what its column's badges and a card's show. */
export function listValues<R>(field: FieldOf<R, string[]>): (row: R) => string[] {
  return (row) => presentValues(row[field] as string[]);
}

/** A text field's value, if present, as a list of one: what a badge column and a card's badge show. */
export function oneValue<R>(field: FieldOf<R, string>): (row: R) => string[] {
  return (row) => presentValues([row[field]]);
}

/** A column of coloured badges, one a value of a list field. */
export function badgesColumn<R>(field: FieldOf<R, string[]>, headerName: string, vocabulary: readonly string[], width = 220): TableColumn<R> {
  const values = listValues<R>(field);
  return {
    field,
    headerName,
    width,
    text: (row) => values(row).join('; '),
    render: (row) => <BadgeList values={values(row)} vocabulary={vocabulary} />,
  };
}

/** A column of one value shown as a coloured badge (a firm's type). */
export function badgeColumn<R>(field: FieldOf<R, string>, headerName: string, vocabulary: readonly string[]): TableColumn<R> {
  const values = oneValue<R>(field);
  return {
    ...textColumn<R>(field, headerName, 200),
    render: (row) => <BadgeList values={values(row)} vocabulary={vocabulary} />,
  };
}

/** Capital managed and the check size, which every kind has. */
export const AMOUNT_COLUMNS: TableColumn<CatalogueRow>[] = [
  numberColumn<CatalogueRow>('capital_managed', 'Capital managed', 160, formatUsd),
  numberColumn<CatalogueRow>('min_investment', 'Min. investment', 150, formatUsd),
  numberColumn<CatalogueRow>('max_investment', 'Max. investment', 150, formatUsd),
];

/** The stages and industries a card shows, as their first badge and '+N'. */
export const STAGE_BADGES: CardBadges<CatalogueRow> = { noun: 'stages', values: listValues('stage_preferences'), vocabulary: STAGES };
export const INDUSTRY_BADGES: CardBadges<CatalogueRow> = { noun: 'industries', values: listValues('industry_preferences'), vocabulary: INDUSTRIES };

/** The geographic, stage and industry preferences, which every kind has. */
export const PREFERENCE_COLUMNS: TableColumn<CatalogueRow>[] = [
  badgesColumn<CatalogueRow>('geographic_preferences', 'Geographic preferences', GEOGRAPHIES, 240),
  badgesColumn<CatalogueRow>('stage_preferences', 'Stage preferences', STAGES, 240),
  badgesColumn<CatalogueRow>('industry_preferences', 'Industry preferences', INDUSTRIES, 260),
];

export function emailField(email: string): DetailField {
  return { label: 'Email', value: <Link href={mailtoHref(email)}>{email.trim()}</Link> };
}

export function mobileField(phone: string): DetailField {
  return { label: 'Mobile', value: <Link href={`tel:${formatPhone(phone)}`}>{formatPhone(phone)}</Link> };
}

/** The row's website as a field, when it has one. */
export function websiteFields(website: string): DetailField[] {
  const href = websiteHref(website);
  if (!href) return [];
  const value = (
    <Link href={href} target="_blank" rel="noopener noreferrer">
      {formatWebsite(website)}
    </Link>
  );
  return [{ label: 'Website', value }];
}
