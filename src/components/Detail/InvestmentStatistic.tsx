import { ExpandableBadgeList } from '@/components/Badge';
import { formatRange, formatUsd, presentValues } from '@/lib/format';
import { GEOGRAPHIES, INDUSTRIES, STAGES } from '@/shared/vocabularies';
import { DetailCard } from './DetailCard';

export interface InvestmentStatisticProps {
  capitalManaged: unknown;
  minInvestment: unknown;
  maxInvestment: unknown;
  geographics: readonly string[];
  stages: readonly string[];
  sectors: readonly string[];
}

/** 'Investment Statistic' of the investor and fund pages. */
export function InvestmentStatistic(props: InvestmentStatisticProps) {
  return (
    <DetailCard
      title="Investment Statistic"
      fields={[
        { label: 'AUM', value: formatUsd(props.capitalManaged) },
        { label: 'Check size range', value: formatRange(props.minInvestment, props.maxInvestment) },
        {
          label: 'Geographics',
          value: <ExpandableBadgeList values={presentValues(props.geographics)} vocabulary={GEOGRAPHIES} />,
        },
        { label: 'Stages', value: <ExpandableBadgeList values={presentValues(props.stages)} vocabulary={STAGES} /> },
        { label: 'Sector', value: <ExpandableBadgeList values={presentValues(props.sectors)} vocabulary={INDUSTRIES} /> },
      ]}
    />
  );
}
