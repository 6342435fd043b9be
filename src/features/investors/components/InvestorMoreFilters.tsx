import { Checklist } from '@/components/Checklist';
import { FilterDrawer } from '@/components/FilterDrawer';
import { GENDERS } from '@/shared/vocabularies';
import { useInvestorFilterOptions } from '../api/get-investor-filter-options';
import {
  INVESTOR_DRAWER_FILTERS,
  INVESTOR_FILTERS,
  type InvestorDrawerValues,
  type InvestorListFilter,
} from '../investor-filters';

const GENDER_OPTIONS = GENDERS.map((gender) => ({ label: gender, value: gender }));

function FilterGroup({
  filter,
  value,
  onChange,
}: {
  filter: InvestorListFilter;
  value: readonly string[];
  onChange: (value: string[]) => void;
}) {
  const definition = INVESTOR_FILTERS[filter];
  const options = useInvestorFilterOptions(definition.path);
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

export interface InvestorMoreFiltersProps {
  open: boolean;
  onClose: () => void;
  /** The committed values of the drawer's groups. */
  value: InvestorDrawerValues;
  onApply: (value: InvestorDrawerValues) => void;
  onClearAll: () => void;
}

/** 'More Filters' for investors: City … Contact Titles, then the single-choice Gender. */
export function InvestorMoreFilters({ open, onClose, value, onApply, onClearAll }: InvestorMoreFiltersProps) {
  return (
    <FilterDrawer open={open} onClose={onClose} value={value} onApply={onApply} onClearAll={onClearAll}>
      {(draft, setDraft) => (
        <>
          {INVESTOR_DRAWER_FILTERS.map((filter) => (
            <FilterGroup
              key={filter}
              filter={filter}
              value={draft[filter] ?? []}
              onChange={(next) => setDraft((current) => ({ ...current, [filter]: next }))}
            />
          ))}
          <Checklist
            title="Gender"
            single
            options={GENDER_OPTIONS}
            value={draft.gender ? [draft.gender] : []}
            onChange={(next) => setDraft((current) => ({ ...current, gender: next[0] }))}
          />
        </>
      )}
    </FilterDrawer>
  );
}
