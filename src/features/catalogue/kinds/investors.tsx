import { styled } from '@mui/material/styles';
import { PrivateBadge } from '@/components/Badge';
import { numberColumn } from '@/components/DataGrid';
import { formatCount, formatLocation, formatName, isMissing } from '@/lib/format';
import type { Investor } from '@/shared/api-types';
import { isPrivateContact } from '@/shared/contacts';
import { FINANCING_TYPES, FIRM_TYPES } from '@/shared/vocabularies';
import { type CatalogueKind, kindFilters } from '../catalogue-kind';
import {
  AMOUNT_COLUMNS,
  badgeColumn,
  badgesColumn,
  emailColumn,
  emailField,
  INDUSTRY_BADGES,
  mobileField,
  oneValue,
  phoneColumn,
  PREFERENCE_COLUMNS,
  STAGE_BADGES,
  textColumn,
  websiteColumn,
  websiteFields,
} from './columns';

/** '{contact_title} at {firm_name}', or whichever of the two is known. */
function role(title: string, firm: string): string | undefined {
  const parts = [title, firm].filter((part) => !isMissing(part)).map((part) => part.trim());
  return parts.length === 0 ? undefined : parts.join(' at ');
}

const MarkedName = styled('span')({
  display: 'flex',
  alignItems: 'center',
  minWidth: 0,
  '& > span:first-of-type': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

const name = (investor: Investor) => formatName(investor.first_name, investor.last_name);
const nameMark = (investor: Investor) => (isPrivateContact(investor) ? <PrivateBadge /> : null);

export const investors: CatalogueKind<Investor> = {
  title: 'Investors',
  noun: 'investors',
  idleSubtitle: 'Find investors for your next round',
  searchPlaceholder: 'Search name, firm, title, e-mail, city',
  listRoute: '/investors',
  detailRoute: '/investor/$id',
  rowsPath: '/investors',
  ...kindFilters('investors'),
  columns: [
    {
      field: 'name',
      headerName: 'Investors',
      width: 180,
      text: name,
      // A private contact's badge stays whole; its name takes the ellipsis.
      render: (investor) =>
        isPrivateContact(investor) ? (
          <MarkedName>
            <span>{name(investor)}</span>
            {nameMark(investor)}
          </MarkedName>
        ) : (
          name(investor)
        ),
    },
    textColumn('contact_title', 'Contact title', 170),
    emailColumn('email', 'Email'),
    textColumn('gender', 'Gender', 100),
    phoneColumn('phone', 'Phone number'),
    textColumn('firm_name', 'Firm name', 190),
    badgeColumn('type_of_firm', 'Type of firm', FIRM_TYPES),
    websiteColumn('office_website', 'Company website'),
    ...AMOUNT_COLUMNS,
    numberColumn('number_of_investors', 'Number of investors', 170, formatCount),
    badgesColumn('type_of_financing', 'Financing type', FINANCING_TYPES),
    ...PREFERENCE_COLUMNS,
    textColumn('city', 'City', 140),
    textColumn('state', 'State', 120),
    textColumn('country', 'Country', 140),
  ],
  card: {
    name,
    subtitle: (investor) => role(investor.contact_title, investor.firm_name),
    type: { values: oneValue('type_of_firm'), vocabulary: FIRM_TYPES },
    location: (investor) => formatLocation(investor.city, investor.state, investor.country),
    badges: [STAGE_BADGES, INDUSTRY_BADGES],
  },
  nameMark,
  email: (investor) => (!isMissing(investor.email) && investor.email.includes('@') ? investor.email : null),
  detail: (investor) => ({
    title: name(investor),
    subtitle: role(investor.contact_title, investor.firm_name),
    about: [
      { label: 'Location', value: formatLocation(investor.state, investor.country, investor.city) },
      ...(isMissing(investor.email) ? [] : [emailField(investor.email)]),
      ...(isMissing(investor.phone) ? [] : [mobileField(investor.phone)]),
      ...websiteFields(investor.office_website),
    ],
  }),
};
