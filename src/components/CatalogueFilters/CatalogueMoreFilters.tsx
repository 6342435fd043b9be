import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Checklist } from '@/components/Checklist';
import { FilterDrawer } from '@/components/FilterDrawer';
import type { FilterOptionsQuery } from './filter-options-query';

export interface DrawerGroupConfig<L extends string> {
  key: L;
  label: string;
}

function FilterGroup<L extends string>({
  group,
  optionsQuery,
  value,
  onChange,
}: {
  group: DrawerGroupConfig<L>;
  optionsQuery: FilterOptionsQuery<L>;
  value: readonly string[];
  onChange: (value: string[]) => void;
}) {
  const options = useQuery(optionsQuery(group.key));
  return (
    <Checklist
      title={group.label}
      options={options.data ?? []}
      loading={options.isPending}
      value={value}
      onChange={onChange}
    />
  );
}

export interface CatalogueMoreFiltersProps<L extends string, D extends Partial<Record<L, string[]>>> {
  open: boolean;
  onClose: () => void;
  /** The drawer's checklist groups, in order. */
  groups: readonly DrawerGroupConfig<L>[];
  optionsQuery: FilterOptionsQuery<L>;
  /** The committed values of the drawer's groups. */
  value: D;
  onApply: (value: D) => void;
  onClearAll: () => void;
  /** Further groups after the checklists, editing the same draft. */
  children?: (draft: D, setDraft: (update: (draft: D) => D) => void) => ReactNode;
}

/** 'More Filters': one checklist per group, then whatever `children` adds. */
export function CatalogueMoreFilters<L extends string, D extends Partial<Record<L, string[]>>>({
  open,
  onClose,
  groups,
  optionsQuery,
  value,
  onApply,
  onClearAll,
  children,
}: CatalogueMoreFiltersProps<L, D>) {
  return (
    <FilterDrawer open={open} onClose={onClose} value={value} onApply={onApply} onClearAll={onClearAll}>
      {(draft, setDraft) => (
        <>
          {groups.map((group) => (
            <FilterGroup
              key={group.key}
              group={group}
              optionsQuery={optionsQuery}
              value={draft[group.key] ?? []}
              onChange={(next) => setDraft((current) => ({ ...current, [group.key]: next }))}
            />
          ))}
          {children?.(draft, setDraft)}
        </>
      )}
    </FilterDrawer>
  );
}
