export { RowCard, type RowCardProps } from './RowCard';
export { rowCardClasses } from './row-card-classes';
export { RowCardList, type RowCardListProps } from './RowCardList';
export { SelectionBar, SELECTION_BAR_SPACE, type SelectionBarProps } from './SelectionBar';
