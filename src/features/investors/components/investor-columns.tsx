import { BadgeList } from '@/components/Badge';
import { EmailCell, numberColumn, WebsiteCell, type TableColumn } from '@/components/DataGrid';
import { formatCount, formatName, formatPhone, formatText, formatUsd, formatWebsite, presentValues } from '@/lib/format';
import type { Investor } from '@/shared/api-types';
import { FINANCING_TYPES, FIRM_TYPES, GEOGRAPHIES, INDUSTRIES, STAGES } from '@/shared/vocabularies';

function badges(field: keyof Investor & string, headerName: string, vocabulary: readonly string[], width = 220): TableColumn<Investor> {
  const values = (row: Investor) => presentValues(row[field] as string[]);
  return {
    field,
    headerName,
    width,
    text: (row) => values(row).join('; '),
    render: (row) => <BadgeList values={values(row)} vocabulary={vocabulary} />,
  };
}

/** The investor columns of SPEC §2, in order (the select column is the table's own). */
export const investorColumns: TableColumn<Investor>[] = [
  { field: 'name', headerName: 'Investors', width: 180, text: (row) => formatName(row.first_name, row.last_name) },
  { field: 'contact_title', headerName: 'Contact title', width: 170, text: (row) => formatText(row.contact_title) },
  {
    field: 'email',
    headerName: 'Email',
    width: 220,
    text: (row) => formatText(row.email),
    render: (row, cell) => <EmailCell value={row.email} {...cell} />,
  },
  { field: 'gender', headerName: 'Gender', width: 100, text: (row) => formatText(row.gender) },
  { field: 'phone', headerName: 'Phone number', width: 160, text: (row) => formatPhone(row.phone) },
  { field: 'firm_name', headerName: 'Firm name', width: 190, text: (row) => formatText(row.firm_name) },
  {
    field: 'type_of_firm',
    headerName: 'Type of firm',
    width: 200,
    text: (row) => formatText(row.type_of_firm),
    render: (row) => <BadgeList values={presentValues([row.type_of_firm])} vocabulary={FIRM_TYPES} />,
  },
  {
    field: 'office_website',
    headerName: 'Company website',
    width: 180,
    text: (row) => formatWebsite(row.office_website),
    render: (row, cell) => <WebsiteCell value={row.office_website} {...cell} />,
  },
  numberColumn<Investor>('capital_managed', 'Capital managed', 160, formatUsd),
  numberColumn<Investor>('min_investment', 'Min. investment', 150, formatUsd),
  numberColumn<Investor>('max_investment', 'Max. investment', 150, formatUsd),
  numberColumn<Investor>('number_of_investors', 'Number of investors', 170, formatCount),
  badges('type_of_financing', 'Financing type', FINANCING_TYPES),
  badges('geographic_preferences', 'Geographic preferences', GEOGRAPHIES, 240),
  badges('stage_preferences', 'Stage preferences', STAGES, 240),
  badges('industry_preferences', 'Industry preferences', INDUSTRIES, 260),
  { field: 'city', headerName: 'City', width: 140, text: (row) => formatText(row.city) },
  { field: 'state', headerName: 'State', width: 120, text: (row) => formatText(row.state) },
  { field: 'country', headerName: 'Country', width: 140, text: (row) => formatText(row.country) },
];
