import { Badge as CountBadge, Box, Button } from '@mui/material';
import TuneIcon from '@mui/icons-material/Tune';
import { Dropdown } from '@/components/Dropdown';
import { useInvestorFilterOptions } from '../api/get-investor-filter-options';
import { INVESTOR_FILTERS, INVESTOR_TOP_FILTERS, type InvestorListFilter } from '../investor-filters';

interface TopFilterProps {
  filter: InvestorListFilter;
  placeholder: string;
  value: readonly string[];
  onChange: (filter: InvestorListFilter, value: string[]) => void;
}

function TopFilter({ filter, placeholder, value, onChange }: TopFilterProps) {
  const definition = INVESTOR_FILTERS[filter];
  const options = useInvestorFilterOptions(definition.path);
  return (
    <Dropdown
      label={definition.label}
      placeholder={placeholder}
      options={options.data ?? []}
      loading={options.isPending}
      value={value}
      onChange={(next) => onChange(filter, next)}
    />
  );
}

export interface InvestorFilterBarProps {
  values: Partial<Record<InvestorListFilter, string[]>>;
  onChange: (filter: InvestorListFilter, value: string[]) => void;
  drawerFilterCount: number;
  onOpenMoreFilters: () => void;
}

/** The four dropdowns of SPEC §2 and the 'More Filters' button. */
export function InvestorFilterBar({ values, onChange, drawerFilterCount, onOpenMoreFilters }: InvestorFilterBarProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-end' }}>
      {INVESTOR_TOP_FILTERS.map(({ key, placeholder }) => (
        <TopFilter key={key} filter={key} placeholder={placeholder} value={values[key] ?? []} onChange={onChange} />
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
