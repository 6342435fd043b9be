export { DetailCard, type DetailField } from './DetailCard';
export { DetailHeader, type DetailHeaderProps } from './DetailHeader';
export { InvestmentStatistic, type InvestmentStatisticProps } from './InvestmentStatistic';
