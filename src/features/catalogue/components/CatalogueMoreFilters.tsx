import { useQuery } from '@tanstack/react-query';
import { Checklist } from '@/components/Checklist';
import { FilterDrawer } from '@/components/FilterDrawer';
import { filterOptionsQueryOptions } from '../api/get-filter-options';
import { drawerFilters, type AnyCatalogueKind, type ListFilter } from '../catalogue-kind';
import type { DrawerValues } from '../catalogue-search';

export interface FilterGroupProps {
  kind: AnyCatalogueKind;
  filter: ListFilter;
  value: string[];
  onChange: (values: string[]) => void;
}

/** A filter as a checklist of its options, loaded from its filter call. */
export function FilterGroup({ kind, filter, value, onChange }: FilterGroupProps) {
  const options = useQuery(filterOptionsQueryOptions(kind, filter));
  return (
    <Checklist title={filter.label} options={options.data ?? []} loading={options.isPending} value={value} onChange={onChange} />
  );
}

export interface CatalogueMoreFiltersProps {
  kind: AnyCatalogueKind;
  open: boolean;
  onClose: () => void;
  /** The committed values of the drawer's filters. */
  value: DrawerValues;
  onApply: (value: DrawerValues) => void;
  onClearAll: () => void;
}

/** 'More Filters': a checklist per filter of the drawer, then a single-choice checklist per single-choice filter. */
export function CatalogueMoreFilters({ kind, open, onClose, value, onApply, onClearAll }: CatalogueMoreFiltersProps) {
  return (
    <FilterDrawer open={open} onClose={onClose} value={value} onApply={onApply} onClearAll={onClearAll}>
      {(draft, setDraft) => (
        <>
          {drawerFilters(kind).map((filter) => {
            const values = draft[filter.key];
            return (
              <FilterGroup
                key={filter.key}
                kind={kind}
                filter={filter}
                value={Array.isArray(values) ? values : []}
                onChange={(next) => setDraft((current) => ({ ...current, [filter.key]: next }))}
              />
            );
          })}
          {kind.singleFilters.map((filter) => {
            const chosen = draft[filter.key];
            return (
              <Checklist
                key={filter.key}
                title={filter.label}
                single
                options={filter.vocabulary.map((option) => ({ label: option, value: option }))}
                value={typeof chosen === 'string' ? [chosen] : []}
                onChange={(next) => setDraft((current) => ({ ...current, [filter.key]: next[0] }))}
              />
            );
          })}
        </>
      )}
    </FilterDrawer>
  );
}
