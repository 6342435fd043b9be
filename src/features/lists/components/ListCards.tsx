import { memo, useCallback, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { Box, Button, Paper, Typography } from '@mui/material';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { Pagination } from '@/components/Pagination';
import { RowCard, rowCardClasses, RowCardList, SELECTION_BAR_SPACE, SelectionBar, type RowCardProps } from '@/components/RowCards';
import { PAGE_SIZE } from '@/shared/constants';
import type { ListItem, ListSummary } from '@/shared/api-types';
import { canEditRows } from '@/shared/teams';
import { ListEmptyState } from './ListEmptyState';
import { useRemoveRows } from './use-remove-rows';

/** What a card says of the investor or fund itself: the catalogue kind's part of it. */
export type ListCardSummary = Pick<RowCardProps, 'subtitle' | 'aside' | 'children'>;

export interface ListCardsProps<R extends ListItem> {
  list: ListSummary;
  /** The rows left by the search and filters, in the list's order. */
  rows: readonly R[];
  /** Rows added offline and not on the server yet: marked pending, not selectable. */
  pendingIds: ReadonlySet<number>;
  itemName: (row: R) => string;
  /** The row's name as a link to its page: the card's heading. */
  renderNameLink: (row: R) => ReactNode;
  renderSummary: (row: R) => ListCardSummary;
  /** The row's pipeline at the card's foot (another feature's). */
  renderPipeline: (row: R) => ReactNode;
  /** The search and filters, above the cards. */
  toolbar: ReactNode;
  /** 1-based. */
  page: number;
  onPageChange: (page: number) => void;
  /** The selected rows, among all the list's (a search may hide some). */
  selected: readonly R[];
  onSelectionChange: (ids: ReadonlySet<number>) => void;
  /** Actions over the selection after Remove (another feature's: export, change stage). */
  selectionActions: ReactNode;
  /** The search text, for the message when it matches nothing. */
  term: string;
  /** Shown when the list has rows but none left to show (at a stage the filter picks). */
  noRows?: ReactNode;
}

interface ListCardProps<R extends ListItem> extends Pick<
  ListCardsProps<R>,
  'itemName' | 'renderNameLink' | 'renderSummary' | 'renderPipeline'
> {
  row: R;
  pending: boolean;
  /** Whether its checkbox is ticked; undefined: it has none (a viewer's list, a pending row). */
  selected: boolean | undefined;
  onSelect: (id: number, selected: boolean) => void;
}

/** One row's card. Drawn again only when its own props change: a row changed, or its checkbox. */
const ListCard = memo(function ListCard<R extends ListItem>({
  row,
  pending,
  selected,
  onSelect,
  itemName,
  renderNameLink,
  renderSummary,
  renderPipeline,
}: ListCardProps<R>) {
  const { subtitle, aside, children } = renderSummary(row);
  return (
    <RowCard
      heading={renderNameLink(row)}
      name={itemName(row)}
      subtitle={subtitle}
      aside={
        <>
          {aside}
          {pending && (
            <span className={rowCardClasses.pending} title="Saved to the list once you are back online">
              <CloudUploadOutlinedIcon aria-hidden />
              Pending
            </span>
          )}
        </>
      }
      selection={selected === undefined ? undefined : { selected, onChange: (on) => onSelect(row.id, on) }}
    >
      {children}
      {renderPipeline(row)}
    </RowCard>
  );
}) as <R extends ListItem>(props: ListCardProps<R>) => ReactNode;

/** A phone's view of a list: its rows as cards, 15 a page, each selectable by an editor for the selection bar's actions. */
export function ListCards<R extends ListItem>(props: ListCardsProps<R>) {
  const { list, rows, pendingIds, itemName, renderNameLink, renderSummary, renderPipeline, toolbar, page, onPageChange } = props;
  const { selected, onSelectionChange, selectionActions, term, noRows } = props;
  const { remove, removing } = useRemoveRows(list, itemName);
  const editable = canEditRows(list.role);
  const pageCount = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const shownPage = Math.min(page, pageCount);
  const pageRows = rows.slice((shownPage - 1) * PAGE_SIZE, shownPage * PAGE_SIZE);
  const selectedIds = useMemo(() => new Set(selected.map((row) => row.id)), [selected]);
  // The cards' checkboxes call one function for good, which reads the selection as it is when ticked.
  const latestSelection = useRef({ selectedIds, onSelectionChange });
  useLayoutEffect(() => {
    latestSelection.current = { selectedIds, onSelectionChange };
  });
  const select = useCallback((id: number, on: boolean) => {
    const { selectedIds: current, onSelectionChange: change } = latestSelection.current;
    const next = new Set(current);
    if (on) next.add(id);
    else next.delete(id);
    change(next);
  }, []);

  return (
    <Box sx={{ pb: selected.length > 0 ? `${SELECTION_BAR_SPACE}px` : 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>{toolbar}</Box>
      <RowCardList
        label={list.name}
        rows={pageRows}
        rowKey={(row) => row.id}
        empty={
          <Paper variant="outlined">
            {term ? (
              <Typography sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>Nothing in this list matches “{term}”.</Typography>
            ) : (
              (noRows ?? <ListEmptyState />)
            )}
          </Paper>
        }
        renderCard={(row) => {
          const pending = pendingIds.has(row.id);
          return (
            <ListCard
              row={row}
              pending={pending}
              selected={editable && !pending ? selectedIds.has(row.id) : undefined}
              onSelect={select}
              itemName={itemName}
              renderNameLink={renderNameLink}
              renderSummary={renderSummary}
              renderPipeline={renderPipeline}
            />
          );
        }}
        footer={<Pagination page={shownPage} pageCount={pageCount} onPageChange={onPageChange} />}
      />
      <SelectionBar count={selected.length} onClear={() => onSelectionChange(new Set())}>
        <Button
          size="small"
          variant="outlined"
          color="error"
          disabled={removing}
          onClick={() => remove(selected, () => onSelectionChange(new Set()))}
        >
          Remove from list
        </Button>
        {selectionActions}
      </SelectionBar>
    </Box>
  );
}
