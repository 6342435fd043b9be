import { Box, Link } from '@mui/material';
import { DetailCard, DetailHeader, InvestmentStatistic, type DetailField } from '@/components/Detail';
import { usePageTitle } from '@/components/PageTitle/usePageTitle';
import { TextLink } from '@/components/RouterLinks/RouterLinks';
import { formatLocation, formatName, formatPhone, formatText, formatWebsite, isMissing, websiteHref } from '@/lib/format';
import { useInvestor } from '../api/get-investor';

/** '{contact_title} at {firm_name}', or whichever of the two is known. */
function role(title: string, firm: string): string | undefined {
  const parts = [title, firm].filter((part) => !isMissing(part)).map((part) => part.trim());
  return parts.length === 0 ? undefined : parts.join(' at ');
}

/** The investor page (SPEC §2); its route's loader has the data in the cache before this renders. */
export function InvestorDetail({ investorId }: { investorId: number }) {
  const { data: investor } = useInvestor(investorId);
  const name = formatName(investor.first_name, investor.last_name);
  usePageTitle(name);

  const about: DetailField[] = [
    { label: 'Location', value: formatLocation(investor.state, investor.country, investor.city) },
  ];
  if (!isMissing(investor.email)) {
    const email = formatText(investor.email);
    about.push({ label: 'Email', value: <Link href={`mailto:${email}`}>{email}</Link> });
  }
  if (!isMissing(investor.phone)) {
    const phone = formatPhone(investor.phone);
    about.push({ label: 'Mobile', value: <Link href={`tel:${phone}`}>{phone}</Link> });
  }
  const website = websiteHref(investor.office_website);
  if (website) {
    about.push({
      label: 'Website',
      value: (
        <Link href={website} target="_blank" rel="noopener noreferrer">
          {formatWebsite(investor.office_website)}
        </Link>
      ),
    });
  }

  return (
    <Box sx={{ maxWidth: 960 }}>
      <DetailHeader
        back={
          <TextLink to="/investors" underline="hover" color="text.secondary" variant="body2">
            Investors
          </TextLink>
        }
        title={name}
        subtitle={role(investor.contact_title, investor.firm_name)}
      />
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', lg: '2fr 3fr' }, alignItems: 'start' }}>
        <DetailCard title="About" fields={about} />
        <InvestmentStatistic
          capitalManaged={investor.capital_managed}
          minInvestment={investor.min_investment}
          maxInvestment={investor.max_investment}
          geographics={investor.geographic_preferences}
          stages={investor.stage_preferences}
          sectors={investor.industry_preferences}
        />
      </Box>
    </Box>
  );
}
