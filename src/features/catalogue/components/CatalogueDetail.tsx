import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { DetailCard, DetailHeader, InvestmentStatistic } from '@/components/Detail';
import { usePageTitle } from '@/components/PageTitle/usePageTitle';
import { TextLink } from '@/components/RouterLinks/RouterLinks';
import { useRow } from '../api/get-row';
import type { CatalogueKind, CatalogueRow } from '../catalogue-kind';
import type { CompleteStartupProfile } from '@/shared/fit';
import { WhyItFits } from './WhyItFits';

export interface CatalogueDetailProps<R extends CatalogueRow> {
  kind: CatalogueKind<R>;
  id: number;
  /** The founder's startup profile the row is scored by (null: none yet, no "Why it fits"). */
  fitProfile: CompleteStartupProfile | null;
  /** Other features' buttons beside the heading (a private contact's Edit and Delete). */
  renderActions?: (row: R) => ReactNode;
  /** Other features' panels about this row, shown below its cards. */
  children?: ReactNode;
}

/** A row's detail page; its route's loader has the row in the cache before this renders. */
export function CatalogueDetail<R extends CatalogueRow>({ kind, id, fitProfile, renderActions, children }: CatalogueDetailProps<R>) {
  const row = useRow(kind, id);
  const { title, subtitle, actions, about } = kind.detail(row);
  usePageTitle(title);

  return (
    <Box sx={{ maxWidth: 960 }}>
      <DetailHeader
        back={
          <TextLink to={kind.listRoute} underline="hover" color="text.secondary" variant="body2">
            {kind.title}
          </TextLink>
        }
        title={title}
        titleMark={kind.nameMark?.(row)}
        subtitle={subtitle}
        actions={
          (actions || renderActions) && (
            <>
              {actions}
              {renderActions?.(row)}
            </>
          )
        }
      />
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', lg: '2fr 3fr' }, alignItems: 'start' }}>
        <DetailCard title="About" fields={about} />
        <InvestmentStatistic
          capitalManaged={row.capital_managed}
          minInvestment={row.min_investment}
          maxInvestment={row.max_investment}
          geographics={row.geographic_preferences}
          stages={row.stage_preferences}
          sectors={row.industry_preferences}
        />
      </Box>
      {row.fit && fitProfile && (
        <Box sx={{ mt: 2.5 }}>
          <WhyItFits fit={row.fit} profile={fitProfile} />
        </Box>
      )}
      {children && <Box sx={{ mt: 2.5, display: 'grid', gap: 2.5 }}>{children}</Box>}
    </Box>
  );
}
