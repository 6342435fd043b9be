import { Box } from '@mui/material';
import { Checklist } from '@/components/Checklist';
import { FilterDrawer } from '@/components/FilterDrawer';
import { barFilters, drawerFilters, type AnyCatalogueKind } from '../catalogue-kind';
import * as urlState from '../catalogue-search';
import type { CatalogueSearch } from '../catalogue-search';
import { CatalogueFitControls } from './CatalogueFitControls';
import { FilterGroup } from './CatalogueMoreFilters';

export interface CatalogueFilterSheetProps {
  kind: AnyCatalogueKind;
  open: boolean;
  onClose: () => void;
  search: CatalogueSearch;
  /** Rows are scored by the founder's profile: the order and Good fit apply (else the invitation shows). */
  ranked: boolean;
  /** A profile edit waits to be sent. */
  pending: boolean;
  onApply: (next: CatalogueSearch) => void;
  onClearAll: () => void;
}

/**
 * A phone's filters in one full-screen sheet: the order and Good fit, then the bar's filters and More
 * Filters' groups, each as a checklist (no dropdown opening over a sheet). Edits are held until Apply.
 */
export function CatalogueFilterSheet({ kind, open, onClose, search, ranked, pending, onApply, onClearAll }: CatalogueFilterSheetProps) {
  return (
    <FilterDrawer fullScreen open={open} onClose={onClose} value={search} onApply={onApply} onClearAll={onClearAll}>
      {(draft, setDraft) => (
        <>
          <Box sx={{ pb: 2, borderBottom: 1, borderColor: 'divider' }}>
            <CatalogueFitControls
              search={draft}
              ranked={ranked}
              pending={pending}
              onSort={(sort) => setDraft((current) => urlState.withSort(kind, current, sort))}
              onGoodFit={(minFit) => setDraft((current) => urlState.withMinFit(kind, current, minFit))}
            />
          </Box>
          {[...barFilters(kind), ...drawerFilters(kind)].map((filter) => (
            <FilterGroup
              key={filter.key}
              kind={kind}
              filter={filter}
              value={urlState.filterValues(draft, filter.key)}
              onChange={(values) => setDraft((current) => urlState.withFilter(kind, current, filter.key, values))}
            />
          ))}
          {kind.singleFilters.map(({ key, label, vocabulary }) => {
            const chosen = draft[key];
            return (
              <Checklist
                key={key}
                title={label}
                single
                options={vocabulary.map((option) => ({ label: option, value: option }))}
                value={typeof chosen === 'string' ? [chosen] : []}
                onChange={(next) => setDraft((current) => urlState.withSingleFilter(kind, current, key, next[0]))}
              />
            );
          })}
        </>
      )}
    </FilterDrawer>
  );
}
