import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import IosShareIcon from '@mui/icons-material/IosShare';
import { AppButton } from '@/components/AppButton/AppButton';
import { Badge } from '@/components/Badge';
import { numberColumn } from '@/components/DataGrid';
import { EMPTY, formatLocation, formatName, formatText, formatUsd, isMissing } from '@/lib/format';
import { FUND_FILTER_PATHS, type FUND_SEARCH_ARRAY_KEYS } from '@/shared/api-paths';
import type { Fund } from '@/shared/api-types';
import { FINANCING_TYPES, FIRM_TYPES, GEOGRAPHIES, INDUSTRIES, STAGES } from '@/shared/vocabularies';
import type { CatalogueKind, ListFilterOf } from '../catalogue-kind';
import {
  badgeColumn,
  badgesColumn,
  emailColumn,
  emailField,
  mobileField,
  phoneColumn,
  textColumn,
  websiteColumn,
  websiteFields,
} from './columns';

type FundFilter = ListFilterOf<keyof typeof FUND_FILTER_PATHS, (typeof FUND_SEARCH_ARRAY_KEYS)[number]>;

/** The first present value, for contact details that may sit on the firm or on its contact. */
function firstPresent(...values: string[]): string | undefined {
  return values.find((value) => !isMissing(value));
}

function contact(fund: Fund): string {
  const name = formatName(fund.full_name);
  return isMissing(fund.title) ? name : `${name}, ${fund.title.trim()}`;
}

export const funds: CatalogueKind<Fund> = {
  title: 'Funds',
  noun: 'funds',
  idleSubtitle: 'Venture capital, private equity and other funds',
  searchPlaceholder: 'Search firm, contact, e-mail, address',
  listRoute: '/funds',
  detailRoute: '/fund/$id',
  rowsPath: '/funds',
  filtersPath: '/filters/investment-funds',
  optionsKeys: FUND_FILTER_PATHS,
  filters: [
    { key: 'stages', label: 'Investment state', path: 'stage-preferences', query: 'stages', placeholder: 'Any stage' },
    { key: 'industries', label: 'Industry', path: 'industry-preferences', query: 'industries', placeholder: 'Any industry' },
    { key: 'countries', label: 'Located in', path: 'countries', query: 'countries', placeholder: 'Any country' },
    { key: 'fundTypes', label: 'Fund type', path: 'fund-types', query: 'fund_types', placeholder: 'Any type' },
    { key: 'cities', label: 'City', path: 'cities', query: 'cities' },
    { key: 'states', label: 'State', path: 'states', query: 'states' },
    { key: 'assetsUnderManagement', label: 'Assets Under Management', path: 'assets-under-management', query: 'assets_under_management' },
    { key: 'minInvestments', label: 'Minimum Investment', path: 'min-investment', query: 'min_investment' },
    { key: 'maxInvestments', label: 'Maximum Investment', path: 'max-investment', query: 'max_investment' },
    { key: 'numberOfInvestors', label: 'Number Of Investors', path: 'number-of-investors', query: 'number_of_investors' },
    { key: 'genderRatio', label: 'Gender Ratio', path: 'gender-ratio', query: 'gender_ratio' },
  ] satisfies FundFilter[],
  singleFilters: [],
  columns: [
    textColumn('firm_name', 'Firm name', 200),
    textColumn('full_name', 'Investors', 180),
    textColumn('title', 'Title', 170),
    emailColumn('contact_email', 'Emails'),
    phoneColumn('contact_phone', 'Phone numbers'),
    websiteColumn('firm_website', 'Company website'),
    badgeColumn('firm_type', 'Fund type', FIRM_TYPES),
    numberColumn('capital_managed', 'Capital managed', 160, formatUsd),
    numberColumn('min_investment', 'Min. investment', 150, formatUsd),
    numberColumn('max_investment', 'Max. investment', 150, formatUsd),
    badgesColumn('financing_type', 'Financing type', FINANCING_TYPES),
    badgesColumn('geographic_preferences', 'Geographic preferences', GEOGRAPHIES, 240),
    badgesColumn('stage_preferences', 'Stage preferences', STAGES, 240),
    badgesColumn('industry_preferences', 'Industry preferences', INDUSTRIES, 260),
    emailColumn('firm_email', 'Company email'),
    phoneColumn('firm_phone', 'Company phone'),
    textColumn('firm_address', 'Addresses', 240),
    textColumn('firm_state', 'State', 120),
    textColumn('firm_country', 'Country', 140),
  ],
  detail: (fund) => {
    const phone = firstPresent(fund.firm_phone, fund.contact_phone);
    const email = firstPresent(fund.firm_email, fund.contact_email);
    return {
      title: formatText(fund.firm_name),
      subtitle: isMissing(fund.firm_type) ? undefined : fund.firm_type.trim(),
      // Share and Save do nothing: the product shows them as placeholders.
      actions: (
        <>
          <AppButton variant="secondary" startIcon={<IosShareIcon fontSize="small" />}>
            Share
          </AppButton>
          <AppButton variant="secondary" startIcon={<BookmarkBorderIcon fontSize="small" />}>
            Save
          </AppButton>
        </>
      ),
      about: [
        {
          label: 'Fund type',
          value: isMissing(fund.firm_type) ? EMPTY : <Badge value={fund.firm_type.trim()} vocabulary={FIRM_TYPES} />,
        },
        { label: 'Location', value: formatLocation(fund.firm_state, fund.firm_country, fund.firm_address) },
        ...(phone ? [mobileField(phone)] : []),
        ...(email ? [emailField(email)] : []),
        ...(isMissing(fund.full_name) ? [] : [{ label: 'Contact', value: contact(fund) }]),
        ...websiteFields(fund.firm_website),
      ],
    };
  },
};
