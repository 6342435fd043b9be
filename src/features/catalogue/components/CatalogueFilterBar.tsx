import { Badge as CountBadge, Box, Button } from '@mui/material';
import TuneIcon from '@mui/icons-material/Tune';
import { useQuery } from '@tanstack/react-query';
import { Dropdown } from '@/components/Dropdown';
import { filterOptionsQueryOptions } from '../api/get-filter-options';
import { barFilters, type AnyCatalogueKind, type ListFilter } from '../catalogue-kind';
import { drawerFilterCount, filterValues, type CatalogueSearch } from '../catalogue-search';

interface BarFilterProps {
  kind: AnyCatalogueKind;
  filter: ListFilter;
  value: readonly string[];
  onChange: (key: string, values: string[]) => void;
}

function BarFilter({ kind, filter, value, onChange }: BarFilterProps) {
  const options = useQuery(filterOptionsQueryOptions(kind, filter));
  return (
    <Dropdown
      label={filter.label}
      placeholder={filter.placeholder ?? ''}
      options={options.data ?? []}
      loading={options.isPending}
      value={value}
      onChange={(next) => onChange(filter.key, next)}
    />
  );
}

export interface CatalogueFilterBarProps {
  kind: AnyCatalogueKind;
  search: CatalogueSearch;
  onChange: (key: string, values: string[]) => void;
  onOpenMoreFilters: () => void;
}

/** The dropdowns above the table and the 'More Filters' button, with how many of its filters are set. */
export function CatalogueFilterBar({ kind, search, onChange, onOpenMoreFilters }: CatalogueFilterBarProps) {
  const applied = drawerFilterCount(kind, search);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-end' }}>
      {barFilters(kind).map((filter) => (
        <BarFilter key={filter.key} kind={kind} filter={filter} value={filterValues(search, filter.key)} onChange={onChange} />
      ))}
      <CountBadge badgeContent={applied} color="primary" sx={{ flex: { xs: '1 1 100%', md: '0 0 auto' } }}>
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<TuneIcon />}
          onClick={onOpenMoreFilters}
          aria-label={applied > 0 ? `More Filters, ${applied} applied` : 'More Filters'}
          sx={{ height: 40, width: '100%', borderColor: 'divider', bgcolor: 'background.paper' }}
        >
          More Filters
        </Button>
      </CountBadge>
    </Box>
  );
}
