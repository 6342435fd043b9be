import { CatalogueMoreFilters } from '@/components/CatalogueFilters';
import { Checklist } from '@/components/Checklist';
import type { MoreFiltersSlotProps } from '@/components/CatalogueView';
import { GENDERS } from '@/shared/vocabularies';
import { investorListFilterOptionsQuery } from '../api/get-investor-filter-options';
import { INVESTOR_DRAWER_FILTERS, INVESTOR_FILTERS, type InvestorDrawerValues } from '../investor-filters';

const GROUPS = INVESTOR_DRAWER_FILTERS.map((key) => ({ key, label: INVESTOR_FILTERS[key].label }));
const GENDER_OPTIONS = GENDERS.map((gender) => ({ label: gender, value: gender }));

/** 'More Filters' for investors: City … Contact Titles, then the single-choice Gender. */
export function InvestorMoreFilters(props: MoreFiltersSlotProps<InvestorDrawerValues>) {
  return (
    <CatalogueMoreFilters groups={GROUPS} optionsQuery={investorListFilterOptionsQuery} {...props}>
      {(draft, setDraft) => (
        <Checklist
          title="Gender"
          single
          options={GENDER_OPTIONS}
          value={draft.gender ? [draft.gender] : []}
          onChange={(next) => setDraft((current) => ({ ...current, gender: next[0] }))}
        />
      )}
    </CatalogueMoreFilters>
  );
}
