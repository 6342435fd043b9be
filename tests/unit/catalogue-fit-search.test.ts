// The catalogue page's order and Good fit filter as they live in the URL, and what the search call asks
// for: by fit by default once the founder has a profile, nothing about fit without one.
import { describe, expect, it } from 'vitest';
import {
  searchQuery,
  sortsByFit,
  validateCatalogueSearch,
  withFilter,
  withMinFit,
  withoutFilters,
  withSort,
} from '../../src/features/catalogue/catalogue-search';
import { investors } from '../../src/features/catalogue/kinds/investors';

describe('the order and Good fit in the URL', () => {
  it('keeps a known order and a whole min_fit from 0 to 100, and drops anything else', () => {
    expect(validateCatalogueSearch(investors, { sort: 'fit', min_fit: '70' })).toEqual({ sort: 'fit', min_fit: 70 });
    expect(validateCatalogueSearch(investors, { sort: 'default', min_fit: 0 })).toEqual({ sort: 'default', min_fit: 0 });
    for (const raw of [{ sort: 'best' }, { min_fit: '101' }, { min_fit: '-1' }, { min_fit: '7.5' }, { min_fit: 'abc' }, { min_fit: '' }]) {
      expect(validateCatalogueSearch(investors, raw)).toEqual({});
    }
  });

  it('ranks by fit by default once rows can be ranked, and never without a profile', () => {
    expect(sortsByFit({}, true)).toBe(true);
    expect(sortsByFit({ sort: 'default' }, true)).toBe(false);
    expect(sortsByFit({ sort: 'fit' }, false)).toBe(false);
    expect(searchQuery(investors, { min_fit: 70 }, true)).toMatchObject({ sort: 'fit', min_fit: 70 });
    expect(searchQuery(investors, { sort: 'default', min_fit: 70 }, true)).not.toHaveProperty('sort');
    const unranked = searchQuery(investors, { sort: 'fit', min_fit: 70 }, false);
    expect(unranked).not.toHaveProperty('sort');
    expect(unranked).not.toHaveProperty('min_fit');
  });

  it('goes back to page 1 when the order or Good fit changes, and keeps both when another filter does', () => {
    const search = { page: 4, sort: 'default' as const, min_fit: 70 };
    expect(withSort(investors, search, 'fit')).toEqual({ sort: 'fit', min_fit: 70 });
    expect(withMinFit(investors, search, undefined)).toEqual({ sort: 'default' });
    expect(withFilter(investors, search, 'stages', ['Seed'])).toEqual({ sort: 'default', min_fit: 70, stages: ['Seed'] });
  });

  it('clears Good fit with the other filters and keeps the order', () => {
    expect(withoutFilters(investors, { sort: 'default', min_fit: 70, stages: ['Seed'], search: 'capital' })).toEqual({
      sort: 'default',
      search: 'capital',
    });
  });
});
