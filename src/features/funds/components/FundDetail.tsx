import { Box, Link } from '@mui/material';
import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import IosShareIcon from '@mui/icons-material/IosShare';
import { AppButton } from '@/components/AppButton/AppButton';
import { Badge } from '@/components/Badge';
import { DetailCard, DetailHeader, InvestmentStatistic, type DetailField } from '@/components/Detail';
import { usePageTitle } from '@/components/PageTitle/usePageTitle';
import { TextLink } from '@/components/RouterLinks/RouterLinks';
import { EMPTY, formatLocation, formatName, formatPhone, formatText, formatWebsite, isMissing, websiteHref } from '@/lib/format';
import { FIRM_TYPES } from '@/shared/vocabularies';
import { useFund } from '../api/get-fund';

/** The first present value, for a fund's contact details that may sit on the firm or its contact. */
function firstPresent(...values: string[]): string | undefined {
  return values.find((value) => !isMissing(value));
}

/** The fund page (SPEC §2); its route's loader has the data in the cache before this renders. */
export function FundDetail({ fundId }: { fundId: number }) {
  const { data: fund } = useFund(fundId);
  const name = formatText(fund.firm_name);
  usePageTitle(name);

  const about: DetailField[] = [
    {
      label: 'Fund type',
      value: isMissing(fund.firm_type) ? EMPTY : <Badge value={fund.firm_type.trim()} vocabulary={FIRM_TYPES} />,
    },
    { label: 'Location', value: formatLocation(fund.firm_state, fund.firm_country, fund.firm_address) },
  ];
  const phone = firstPresent(fund.firm_phone, fund.contact_phone);
  if (phone) about.push({ label: 'Mobile', value: <Link href={`tel:${formatPhone(phone)}`}>{formatPhone(phone)}</Link> });
  const email = firstPresent(fund.firm_email, fund.contact_email);
  if (email) about.push({ label: 'Email', value: <Link href={`mailto:${email.trim()}`}>{email.trim()}</Link> });
  const contact = formatName(fund.full_name);
  if (!isMissing(fund.full_name)) {
    about.push({ label: 'Contact', value: isMissing(fund.title) ? contact : `${contact}, ${fund.title.trim()}` });
  }
  const website = websiteHref(fund.firm_website);
  if (website) {
    about.push({
      label: 'Website',
      value: (
        <Link href={website} target="_blank" rel="noopener noreferrer">
          {formatWebsite(fund.firm_website)}
        </Link>
      ),
    });
  }

  return (
    <Box sx={{ maxWidth: 960 }}>
      <DetailHeader
        back={
          <TextLink to="/funds" underline="hover" color="text.secondary" variant="body2">
            Funds
          </TextLink>
        }
        title={name}
        subtitle={isMissing(fund.firm_type) ? undefined : fund.firm_type.trim()}
        actions={
          <>
            {/* Inert by the product's specification (SPEC §2). */}
            <AppButton variant="secondary" startIcon={<IosShareIcon fontSize="small" />}>
              Share
            </AppButton>
            <AppButton variant="secondary" startIcon={<BookmarkBorderIcon fontSize="small" />}>
              Save
            </AppButton>
          </>
        }
      />
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', lg: '2fr 3fr' }, alignItems: 'start' }}>
        <DetailCard title="About" fields={about} />
        <InvestmentStatistic
          capitalManaged={fund.capital_managed}
          minInvestment={fund.min_investment}
          maxInvestment={fund.max_investment}
          geographics={fund.geographic_preferences}
          stages={fund.stage_preferences}
          sectors={fund.industry_preferences}
        />
      </Box>
    </Box>
  );
}
