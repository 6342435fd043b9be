export { RowCard, type RowCardProps } from './RowCard';
export { RowCardList, type RowCardListProps } from './RowCardList';
export { SelectionBar, SELECTION_BAR_SPACE, type SelectionBarProps } from './SelectionBar';
