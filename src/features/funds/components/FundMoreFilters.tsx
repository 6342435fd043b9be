import { Checklist } from '@/components/Checklist';
import { FilterDrawer } from '@/components/FilterDrawer';
import { useFundFilterOptions } from '../api/get-fund-filter-options';
import { FUND_DRAWER_FILTERS, FUND_FILTERS, type FundDrawerValues, type FundListFilter } from '../fund-filters';

function FilterGroup({
  filter,
  value,
  onChange,
}: {
  filter: FundListFilter;
  value: readonly string[];
  onChange: (value: string[]) => void;
}) {
  const definition = FUND_FILTERS[filter];
  const options = useFundFilterOptions(definition.path);
  return (
    <Checklist
      title={definition.label}
      options={options.data ?? []}
      loading={options.isPending}
      value={value}
      onChange={onChange}
    />
  );
}

export interface FundMoreFiltersProps {
  open: boolean;
  onClose: () => void;
  /** The committed values of the drawer's groups. */
  value: FundDrawerValues;
  onApply: (value: FundDrawerValues) => void;
  onClearAll: () => void;
}

/** 'More Filters' for funds: City … Number Of Investors and Gender Ratio. */
export function FundMoreFilters({ open, onClose, value, onApply, onClearAll }: FundMoreFiltersProps) {
  return (
    <FilterDrawer open={open} onClose={onClose} value={value} onApply={onApply} onClearAll={onClearAll}>
      {(draft, setDraft) =>
        FUND_DRAWER_FILTERS.map((filter) => (
          <FilterGroup
            key={filter}
            filter={filter}
            value={draft[filter] ?? []}
            onChange={(next) => setDraft((current) => ({ ...current, [filter]: next }))}
          />
        ))
      }
    </FilterDrawer>
  );
}
