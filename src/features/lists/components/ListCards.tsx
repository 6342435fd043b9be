import type { ReactNode } from 'react';
import { Box, Button, Paper, Typography } from '@mui/material';
import { styled } from '@mui/material/styles';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { Pagination } from '@/components/Pagination';
import { RowCard, RowCardList, SELECTION_BAR_SPACE, SelectionBar, type RowCardProps } from '@/components/RowCards';
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

const PendingLabel = styled('span')(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 4,
  padding: '1px 6px',
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: 4,
  fontSize: 12,
  color: theme.palette.text.secondary,
}));

/** A phone's view of a list: its rows as cards, 15 a page, each selectable by an editor for the selection bar's actions. */
export function ListCards<R extends ListItem>(props: ListCardsProps<R>) {
  const { list, rows, pendingIds, itemName, renderNameLink, renderSummary, renderPipeline, toolbar, page, onPageChange } = props;
  const { selected, onSelectionChange, selectionActions, term, noRows } = props;
  const { remove, removing } = useRemoveRows(list, itemName);
  const editable = canEditRows(list.role);
  const pageCount = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const shownPage = Math.min(page, pageCount);
  const pageRows = rows.slice((shownPage - 1) * PAGE_SIZE, shownPage * PAGE_SIZE);
  const selectedIds = new Set(selected.map((row) => row.id));
  const select = (id: number, on: boolean) => {
    const next = new Set(selectedIds);
    if (on) next.add(id);
    else next.delete(id);
    onSelectionChange(next);
  };

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
                    <PendingLabel title="Saved to the list once you are back online">
                      <CloudUploadOutlinedIcon sx={{ fontSize: 14 }} aria-hidden />
                      Pending
                    </PendingLabel>
                  )}
                </>
              }
              selection={editable && !pending ? { selected: selectedIds.has(row.id), onChange: (on) => select(row.id, on) } : undefined}
            >
              {children}
              {renderPipeline(row)}
            </RowCard>
          );
        }}
        footer={<Pagination page={shownPage} pageCount={pageCount} onPageChange={onPageChange} />}
      />
      <SelectionBar count={selected.length} onClear={() => onSelectionChange(new Set())}>
        <Button size="small" variant="outlined" color="error" disabled={removing} onClick={() => remove(selected, () => onSelectionChange(new Set()))}>
          Remove from list
        </Button>
        {selectionActions}
      </SelectionBar>
    </Box>
  );
}
