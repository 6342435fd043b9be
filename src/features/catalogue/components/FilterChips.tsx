import { styled } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import { useQuery } from '@tanstack/react-query';
import { filterOptionsQueryOptions } from '../api/get-filter-options';
import type { AnyCatalogueKind, ListFilter } from '../catalogue-kind';
import * as urlState from '../catalogue-search';
import type { CatalogueSearch } from '../catalogue-search';

// A plain button a chip: its whole area removes it, and its name says so.
const Chip = styled('button')(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 2,
  maxWidth: '100%',
  minHeight: 32,
  padding: '3px 6px 3px 12px',
  border: `1px solid ${theme.palette.primary.main}`,
  borderRadius: 16,
  backgroundColor: theme.palette.background.paper,
  color: theme.palette.text.primary,
  font: 'inherit',
  fontSize: 13,
  fontWeight: 600,
  cursor: 'pointer',
  '& > span': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& > svg': { fontSize: 16, flexShrink: 0, color: theme.palette.text.secondary },
  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
}));

const Chips = styled('div')({ display: 'flex', flexWrap: 'wrap', gap: 6, minWidth: 0 });

function RemovableChip({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <Chip type="button" aria-label={`Remove ${label}`} onClick={onRemove}>
      <span>{label}</span>
      <CloseIcon aria-hidden />
    </Chip>
  );
}

interface FilterValueChipsProps {
  kind: AnyCatalogueKind;
  filter: ListFilter;
  values: string[];
  onRemove: (values: string[]) => void;
}

/** A multi-select filter's values, by their options' labels (an amount's range, say) once they are loaded. */
function FilterValueChips({ kind, filter, values, onRemove }: FilterValueChipsProps) {
  const { data: options } = useQuery(filterOptionsQueryOptions(kind, filter));
  return values.map((value) => (
    <RemovableChip
      key={value}
      label={options?.find((option) => option.value === value)?.label ?? value}
      onRemove={() => onRemove(values.filter((other) => other !== value))}
    />
  ));
}

export interface FilterChipsProps {
  kind: AnyCatalogueKind;
  search: CatalogueSearch;
  /** Rows are scored: the Good fit filter applies. */
  ranked: boolean;
  onChange: (next: CatalogueSearch) => void;
}

/** The filters set, one chip a value, each removing its value. */
export function FilterChips({ kind, search, ranked, onChange }: FilterChipsProps) {
  if (urlState.filterCount(kind, search, ranked) === 0) return null;
  return (
    <Chips role="group" aria-label="Filters set">
      {ranked && search.min_fit !== undefined && (
        <RemovableChip label={`Good fit (${search.min_fit}+)`} onRemove={() => onChange(urlState.withMinFit(kind, search, undefined))} />
      )}
      {kind.filters.map((filter) => {
        const values = urlState.filterValues(search, filter.key);
        return (
          values.length > 0 && (
            <FilterValueChips
              key={filter.key}
              kind={kind}
              filter={filter}
              values={values}
              onRemove={(rest) => onChange(urlState.withFilter(kind, search, filter.key, rest))}
            />
          )
        );
      })}
      {kind.singleFilters.map(({ key }) => {
        const value = search[key];
        return (
          typeof value === 'string' && (
            <RemovableChip key={key} label={value} onRemove={() => onChange(urlState.withSingleFilter(kind, search, key, undefined))} />
          )
        );
      })}
    </Chips>
  );
}
