import { BadgeList } from '@/components/Badge';
import { EmailCell, numberColumn, WebsiteCell, type TableColumn } from '@/components/DataGrid';
import { formatPhone, formatText, formatUsd, formatWebsite, presentValues } from '@/lib/format';
import type { Fund } from '@/shared/api-types';
import { FINANCING_TYPES, FIRM_TYPES, GEOGRAPHIES, INDUSTRIES, STAGES } from '@/shared/vocabularies';

type ListField = 'financing_type' | 'geographic_preferences' | 'stage_preferences' | 'industry_preferences';

function badges(field: ListField, headerName: string, vocabulary: readonly string[], width = 220): TableColumn<Fund> {
  const values = (row: Fund) => presentValues(row[field]);
  return {
    field,
    headerName,
    width,
    text: (row) => values(row).join('; '),
    render: (row) => <BadgeList values={values(row)} vocabulary={vocabulary} />,
  };
}

function email(field: 'contact_email' | 'firm_email', headerName: string): TableColumn<Fund> {
  return { field, headerName, width: 220, text: (row) => formatText(row[field]), render: (row, cell) => <EmailCell value={row[field]} {...cell} /> };
}

/** The fund columns of SPEC §2, in order (the select column is the table's own). */
export const fundColumns: TableColumn<Fund>[] = [
  { field: 'firm_name', headerName: 'Firm name', width: 200, text: (row) => formatText(row.firm_name) },
  { field: 'full_name', headerName: 'Investors', width: 180, text: (row) => formatText(row.full_name) },
  { field: 'title', headerName: 'Title', width: 170, text: (row) => formatText(row.title) },
  email('contact_email', 'Emails'),
  { field: 'contact_phone', headerName: 'Phone numbers', width: 160, text: (row) => formatPhone(row.contact_phone) },
  {
    field: 'firm_website',
    headerName: 'Company website',
    width: 180,
    text: (row) => formatWebsite(row.firm_website),
    render: (row, cell) => <WebsiteCell value={row.firm_website} {...cell} />,
  },
  {
    field: 'firm_type',
    headerName: 'Fund type',
    width: 200,
    text: (row) => formatText(row.firm_type),
    render: (row) => <BadgeList values={presentValues([row.firm_type])} vocabulary={FIRM_TYPES} />,
  },
  numberColumn<Fund>('capital_managed', 'Capital managed', 160, formatUsd),
  numberColumn<Fund>('min_investment', 'Min. investment', 150, formatUsd),
  numberColumn<Fund>('max_investment', 'Max. investment', 150, formatUsd),
  badges('financing_type', 'Financing type', FINANCING_TYPES),
  badges('geographic_preferences', 'Geographic preferences', GEOGRAPHIES, 240),
  badges('stage_preferences', 'Stage preferences', STAGES, 240),
  badges('industry_preferences', 'Industry preferences', INDUSTRIES, 260),
  email('firm_email', 'Company email'),
  { field: 'firm_phone', headerName: 'Company phone', width: 160, text: (row) => formatPhone(row.firm_phone) },
  { field: 'firm_address', headerName: 'Addresses', width: 240, text: (row) => formatText(row.firm_address) },
  { field: 'firm_state', headerName: 'State', width: 120, text: (row) => formatText(row.firm_state) },
  { field: 'firm_country', headerName: 'Country', width: 140, text: (row) => formatText(row.firm_country) },
];
