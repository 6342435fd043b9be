import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { gridPreferencesKey, readGridPreferences, useGridPreferences } from '@/components/DataGrid/grid-preferences';
import { SESSION_STORAGE_KEYS } from '@/lib/session';

/** An unsigned JWT whose payload names the user: all the client reads of it. */
function accessTokenOf(userId: number): string {
  const payload = btoa(JSON.stringify({ sub: String(userId) })).replace(/=+$/, '');
  return `e30.${payload}.signature`;
}

function logInAs(userId: number) {
  localStorage.setItem(SESSION_STORAGE_KEYS.access, accessTokenOf(userId));
}

afterEach(() => localStorage.clear());

describe('grid preferences', () => {
  it('start with every column and standard density, and ignore what is malformed', () => {
    expect(readGridPreferences(null)).toEqual({ hiddenColumns: [], density: 'standard' });
    localStorage.setItem('k', '{not json');
    expect(readGridPreferences('k')).toEqual({ hiddenColumns: [], density: 'standard' });
    localStorage.setItem('k', JSON.stringify({ hiddenColumns: ['email', 3, null], density: 'roomy' }));
    expect(readGridPreferences('k')).toEqual({ hiddenColumns: ['email'], density: 'standard' });
  });

  it('are kept per user and per table, and read back by the next render', () => {
    logInAs(7);
    const { result } = renderHook(() => useGridPreferences('investors'));
    act(() => result.current.onColumnVisibilityModelChange({ email: false, phone: true, gender: false }));
    act(() => result.current.onDensityChange('compact'));
    expect(result.current.columnVisibilityModel).toEqual({ email: false, gender: false });
    expect(result.current.density).toBe('compact');
    expect(JSON.parse(localStorage.getItem(gridPreferencesKey(7, 'investors'))!)).toEqual({
      hiddenColumns: ['email', 'gender'],
      density: 'compact',
    });

    // Mounted again (a reload): as left.
    const again = renderHook(() => useGridPreferences('investors'));
    expect(again.result.current.columnVisibilityModel).toEqual({ email: false, gender: false });
    expect(again.result.current.density).toBe('compact');

    // Another table, and another user on the same device, start from their own.
    expect(renderHook(() => useGridPreferences('funds')).result.current.columnVisibilityModel).toEqual({});
    logInAs(8);
    const other = renderHook(() => useGridPreferences('investors'));
    expect(other.result.current.columnVisibilityModel).toEqual({});
    expect(other.result.current.density).toBe('standard');
  });

  it('are not stored when nobody is logged in', () => {
    const { result } = renderHook(() => useGridPreferences('investors'));
    act(() => result.current.onDensityChange('comfortable'));
    expect(result.current.density).toBe('comfortable');
    expect(localStorage.length).toBe(0);
  });
});
