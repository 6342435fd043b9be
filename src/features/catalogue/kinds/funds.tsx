import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import IosShareIcon from '@mui/icons-material/IosShare';
import { AppButton } from '@/components/AppButton/AppButton';
import { Badge } from '@/components/Badge';
import { EMPTY, formatLocation, formatName, formatText, isMissing } from '@/lib/format';
import type { Fund } from '@/shared/api-types';
import { FINANCING_TYPES, FIRM_TYPES } from '@/shared/vocabularies';
import { type CatalogueKind, kindFilters } from '../catalogue-kind';
import {
  AMOUNT_COLUMNS,
  badgeColumn,
  badgesColumn,
  emailColumn,
  emailField,
  mobileField,
  oneValue,
  phoneColumn,
  PREFERENCE_COLUMNS,
  STAGE_BADGES,
  textColumn,
  websiteColumn,
  websiteFields,
} from './columns';

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
  ...kindFilters('funds'),
  columns: [
    textColumn('firm_name', 'Firm name', 200),
    textColumn('full_name', 'Investors', 180),
    textColumn('title', 'Title', 170),
    emailColumn('contact_email', 'Emails'),
    phoneColumn('contact_phone', 'Phone numbers'),
    websiteColumn('firm_website', 'Company website'),
    badgeColumn('firm_type', 'Fund type', FIRM_TYPES),
    ...AMOUNT_COLUMNS,
    badgesColumn('financing_type', 'Financing type', FINANCING_TYPES),
    ...PREFERENCE_COLUMNS,
    emailColumn('firm_email', 'Company email'),
    phoneColumn('firm_phone', 'Company phone'),
    textColumn('firm_address', 'Addresses', 240),
    textColumn('firm_state', 'State', 120),
    textColumn('firm_country', 'Country', 140),
  ],
  card: {
    name: (fund) => formatText(fund.firm_name),
    subtitle: (fund) => (isMissing(fund.full_name) ? undefined : contact(fund)),
    type: { values: oneValue('firm_type'), vocabulary: FIRM_TYPES },
    location: (fund) => formatLocation(fund.firm_state, fund.firm_country),
    badges: [STAGE_BADGES],
  },
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
