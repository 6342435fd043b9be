import { Badge as CountBadge, Box, Button } from '@mui/material';
import TuneIcon from '@mui/icons-material/Tune';
import { useQuery } from '@tanstack/react-query';
import { Dropdown } from '@/components/Dropdown';
import type { FilterOptionsQuery } from './filter-options-query';

export interface TopFilterConfig<L extends string> {
  key: L;
  label: string;
  placeholder: string;
}

function TopFilter<L extends string>({
  filter,
  optionsQuery,
  value,
  onChange,
}: {
  filter: TopFilterConfig<L>;
  optionsQuery: FilterOptionsQuery<L>;
  value: readonly string[];
  onChange: (filter: L, value: string[]) => void;
}) {
  const options = useQuery(optionsQuery(filter.key));
  return (
    <Dropdown
      label={filter.label}
      placeholder={filter.placeholder}
      options={options.data ?? []}
      loading={options.isPending}
      value={value}
      onChange={(next) => onChange(filter.key, next)}
    />
  );
}

export interface CatalogueFilterBarProps<L extends string> {
  /** The dropdowns above the table, in order. */
  filters: readonly TopFilterConfig<L>[];
  /** Where each filter's options come from. */
  optionsQuery: FilterOptionsQuery<L>;
  values: Partial<Record<L, string[]>>;
  onChange: (filter: L, value: string[]) => void;
  drawerFilterCount: number;
  onOpenMoreFilters: () => void;
}

/** The dropdowns of SPEC §2 and the 'More Filters' button. */
export function CatalogueFilterBar<L extends string>({
  filters,
  optionsQuery,
  values,
  onChange,
  drawerFilterCount,
  onOpenMoreFilters,
}: CatalogueFilterBarProps<L>) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-end' }}>
      {filters.map((filter) => (
        <TopFilter
          key={filter.key}
          filter={filter}
          optionsQuery={optionsQuery}
          value={values[filter.key] ?? []}
          onChange={onChange}
        />
      ))}
      <CountBadge badgeContent={drawerFilterCount} color="primary" sx={{ flex: { xs: '1 1 100%', md: '0 0 auto' } }}>
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<TuneIcon />}
          onClick={onOpenMoreFilters}
          aria-label={drawerFilterCount > 0 ? `More Filters, ${drawerFilterCount} applied` : 'More Filters'}
          sx={{ height: 40, width: '100%', borderColor: 'divider', bgcolor: 'background.paper' }}
        >
          More Filters
        </Button>
      </CountBadge>
    </Box>
  );
}
