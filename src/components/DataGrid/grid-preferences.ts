// A founder's choices of which columns a table shows and how dense it is, kept in localStorage per
// user and per table: read synchronously on the first render (so a reload or an offline start shows
// the table as it was left, without a flash of every column) and available with no network.
import { useCallback, useMemo, useState } from 'react';
import type { GridColumnVisibilityModel, GridDensity } from '@mui/x-data-grid';
import { offlineUserId } from '@/lib/offline-user';

export interface GridPreferences {
  hiddenColumns: string[];
  density: GridDensity;
}

const DEFAULTS: GridPreferences = { hiddenColumns: [], density: 'standard' };
const DENSITIES: readonly GridDensity[] = ['compact', 'standard', 'comfortable'];

export function gridPreferencesKey(userId: number, tableId: string): string {
  return `fundscape.grid.${userId}.${tableId}`;
}

/** The stored preferences, or the defaults for anything missing or malformed. */
export function readGridPreferences(key: string | null): GridPreferences {
  if (key === null) return DEFAULTS;
  try {
    const stored = JSON.parse(window.localStorage.getItem(key) ?? 'null') as Partial<GridPreferences> | null;
    return {
      hiddenColumns: Array.isArray(stored?.hiddenColumns) ? stored.hiddenColumns.filter((field) => typeof field === 'string') : [],
      density: DENSITIES.includes(stored?.density as GridDensity) ? (stored?.density as GridDensity) : DEFAULTS.density,
    };
  } catch {
    return DEFAULTS;
  }
}

function writeGridPreferences(key: string | null, preferences: GridPreferences) {
  if (key === null) return;
  try {
    window.localStorage.setItem(key, JSON.stringify(preferences));
  } catch {
    // Storage full or disabled: the choice holds until the page is left.
  }
}

/** The grid's controlled column visibility and density, remembered for the logged-in user. */
export function useGridPreferences(tableId: string) {
  const userId = offlineUserId();
  const key = userId === null ? null : gridPreferencesKey(userId, tableId);
  const [state, setState] = useState(() => ({ key, preferences: readGridPreferences(key) }));
  // Another user or table on the same component: start from what that one stored.
  const preferences = state.key === key ? state.preferences : readGridPreferences(key);

  const update = useCallback(
    (change: Partial<GridPreferences>) =>
      setState((current) => {
        const next = { ...(current.key === key ? current.preferences : readGridPreferences(key)), ...change };
        writeGridPreferences(key, next);
        return { key, preferences: next };
      }),
    [key],
  );

  const { hiddenColumns } = preferences;
  const columnVisibilityModel = useMemo<GridColumnVisibilityModel>(
    () => Object.fromEntries(hiddenColumns.map((field) => [field, false])),
    [hiddenColumns],
  );
  const onColumnVisibilityModelChange = useCallback(
    (model: GridColumnVisibilityModel) =>
      update({ hiddenColumns: Object.keys(model).filter((field) => model[field] === false) }),
    [update],
  );
  const onDensityChange = useCallback((density: GridDensity) => update({ density }), [update]);

  return { columnVisibilityModel, onColumnVisibilityModelChange, density: preferences.density, onDensityChange };
}
