export { Badge, type BadgeProps } from './Badge';
export { BadgeList, type BadgeListProps } from './BadgeList';
export { ExpandableBadgeList, type ExpandableBadgeListProps } from './ExpandableBadgeList';
export { badgeColor, NEUTRAL_BADGE } from './badge-colors';
export { PrivateBadge } from './PrivateBadge';
