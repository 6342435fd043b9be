// What a phone's card says of an investor or a fund (a list's card, a saved search's new rows), until the
// catalogue kinds' descriptors describe their cards; then the routes read those instead of this.
import type { ReactNode } from 'react';
import { styled } from '@mui/material/styles';
import { Badge } from '@/components/Badge';
import { FitScore } from '@/components/FitScore';
import type { RowCardProps } from '@/components/RowCards';
import { EMPTY, formatLocation, formatName, isMissing, presentValues } from '@/lib/format';
import type { Fund, Investor } from '@/shared/api-types';
import type { CompleteStartupProfile, Fit } from '@/shared/fit';
import { FIRM_TYPES, INDUSTRIES, STAGES } from '@/shared/vocabularies';

export type CardSummary = Pick<RowCardProps, 'subtitle' | 'aside' | 'children'>;

/** A row with its fit, when the answer scores it. */
type Fitted<T> = T & { fit?: Fit | null };

const Line = styled('div')(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: 6,
  minWidth: 0,
  fontSize: 14,
  color: theme.palette.text.secondary,
}));
const More = styled('span')({ fontSize: 12, fontWeight: 600 });

/** '{title} at {firm}', or whichever of the two is known. */
function titleAtFirm(title: string, firm: string): string | undefined {
  const parts = [title, firm].filter((part) => !isMissing(part)).map((part) => part.trim());
  return parts.length === 0 ? undefined : parts.join(' at ');
}

/** The firm's type as a badge, then where it is. */
function firmLine(firmType: string, location: string): ReactNode {
  return (
    <Line>
      {!isMissing(firmType) && <Badge value={firmType.trim()} vocabulary={FIRM_TYPES} />}
      {location !== EMPTY && <span>{location}</span>}
    </Line>
  );
}

/** The first stage and the first industry the row prefers as badges, and how many more there are. */
function preferencesLine(stages: readonly string[], industries: readonly string[]): ReactNode {
  const [stage, ...otherStages] = presentValues(stages);
  const [industry, ...otherIndustries] = presentValues(industries);
  const more = otherStages.length + otherIndustries.length;
  if (!stage && !industry) return null;
  return (
    <Line>
      {stage && <Badge value={stage} vocabulary={STAGES} />}
      {industry && <Badge value={industry} vocabulary={INDUSTRIES} />}
      {more > 0 && <More aria-label={`and ${more} more preferences`}>+{more}</More>}
    </Line>
  );
}

function fitChip(row: Fitted<Investor | Fund>, profile: CompleteStartupProfile | null): ReactNode {
  if (!row.fit || !profile) return null;
  return (
    <span data-above-link>
      <FitScore fit={row.fit} profile={profile} />
    </span>
  );
}

export function investorCardSummary(row: Fitted<Investor>, profile: CompleteStartupProfile | null): CardSummary {
  return {
    subtitle: titleAtFirm(row.contact_title, row.firm_name),
    aside: fitChip(row, profile),
    children: (
      <>
        {firmLine(row.type_of_firm, formatLocation(row.city, row.state, row.country))}
        {preferencesLine(row.stage_preferences, row.industry_preferences)}
      </>
    ),
  };
}

export function fundCardSummary(row: Fitted<Fund>, profile: CompleteStartupProfile | null): CardSummary {
  return {
    subtitle: isMissing(row.full_name) ? undefined : formatName(row.full_name),
    aside: fitChip(row, profile),
    children: (
      <>
        {firmLine(row.firm_type, formatLocation(row.firm_state, row.firm_country))}
        {preferencesLine(row.stage_preferences, row.industry_preferences)}
      </>
    ),
  };
}
