// A saved search keeps the catalogue page's search call without its page (viewQuery) and opens by putting
// that query back into the page's URL (catalogueUrlSearch): for every filter of both kinds, with the search
// term, the order and Good fit, the reopened page sends the very same query and shows the same URL.
import { describe, expect, it } from 'vitest';
import { validateCatalogueSearch, viewQuery, type CatalogueSearch } from '../../src/features/catalogue/catalogue-search';
import type { AnyCatalogueKind } from '../../src/features/catalogue/catalogue-kind';
import { funds } from '../../src/features/catalogue/kinds/funds';
import { investors } from '../../src/features/catalogue/kinds/investors';
import { catalogueUrlSearch, savedSearchLocation } from '../../src/features/saved-searches/saved-search-url';
import { suggestedName } from '../../src/features/saved-searches/suggested-name';
import { catalogueFilters, type CatalogueFilter } from '../../src/shared/catalogue-filters';
import type { SavedSearchKind } from '../../src/shared/saved-searches';

const KINDS: [SavedSearchKind, AnyCatalogueKind][] = [
  ['investors', investors as unknown as AnyCatalogueKind],
  ['funds', funds as unknown as AnyCatalogueKind],
];

/** Two values a filter accepts (one for a single choice): from its vocabulary or ladder, else made up. */
function valuesOf(filter: CatalogueFilter): string[] {
  const known = filter.match === 'range' ? filter.ladder.map((bucket) => bucket.value) : filter.vocabulary;
  const values = known ? [...known.slice(0, 2)] : [`${filter.key} one`, `${filter.key} two`];
  return filter.single ? values.slice(0, 1) : values;
}

/** The page as it reads a URL, as the router hands it (JSON values, as TanStack Router parses them). */
const reopened = (kind: AnyCatalogueKind, url: object): CatalogueSearch =>
  validateCatalogueSearch(kind, JSON.parse(JSON.stringify(url)) as Record<string, unknown>);

describe.each(KINDS)('a saved %s search opened again', (name, kind) => {
  const filters = catalogueFilters(name);

  it.each(filters.map((filter) => [filter.key, filter] as const))('keeps the %s filter', (_key, filter) => {
    const values = valuesOf(filter);
    const search: CatalogueSearch = { [filter.key]: filter.single ? values[0] : values, page: 3 };
    const query = viewQuery(kind, search);
    expect(query).toEqual({ [filter.searchKey]: filter.single ? values[0] : values });
    const url = catalogueUrlSearch(name, query);
    expect(url).toEqual({ [filter.key]: filter.single ? values[0] : values, sort: 'default' });
    expect(viewQuery(kind, reopened(kind, url))).toEqual(query);
  });

  it('keeps every filter at once with the term, the order by fit and Good fit, and leaves the page out', () => {
    const search: CatalogueSearch = { page: 2, search: 'climate', sort: 'fit', min_fit: 70 };
    for (const filter of filters) search[filter.key] = filter.single ? valuesOf(filter)[0] : valuesOf(filter);
    const query = viewQuery(kind, search, true);
    expect(query).not.toHaveProperty('page');
    expect(query).not.toHaveProperty('per_page');
    expect(query).toMatchObject({ search_term: 'climate', sort: 'fit', min_fit: 70 });
    const url = catalogueUrlSearch(name, query);
    const { page: _page, ...withoutPage } = search;
    expect(url).toEqual(withoutPage);
    expect(viewQuery(kind, reopened(kind, url), true)).toEqual(query);
  });

  it('opens a search saved in the default order in the default order, even once rows can be ranked by fit', () => {
    const query = viewQuery(kind, { sort: 'default', search: 'bio' }, true);
    expect(query).toEqual({ search_term: 'bio' });
    const url = catalogueUrlSearch(name, query);
    expect(url).toEqual({ search: 'bio', sort: 'default' });
    expect(viewQuery(kind, reopened(kind, url), true)).toEqual(query);
    // A founder without a profile saved no order: the page is in the default order for them too.
    expect(catalogueUrlSearch(name, viewQuery(kind, { sort: 'fit', min_fit: 70 }, false))).toEqual({ sort: 'default' });
  });

  it('leaves out keys the kind does not have and empty values', () => {
    expect(catalogueUrlSearch(name, { page: 2, per_page: 15, unknown: ['x'], stages: [], search_term: ' ' })).toEqual({ sort: 'default' });
  });

  it('opens on its own catalogue page', () => {
    expect(savedSearchLocation({ kind: name, query: { stages: ['Seed'] } })).toEqual({
      to: `/${name}`,
      search: { stages: ['Seed'], sort: 'default' },
    });
  });
});

describe('the name the save dialog offers', () => {
  it('says what the search narrows to, ranges by their labels', () => {
    expect(suggestedName('investors', { stages: ['Seed'], industries: ['Fintech'], min_investment: ['100000-250000'], search_term: 'pay', sort: 'fit', min_fit: 70 })).toBe(
      'Seed, Fintech, $100K – $250K, “pay”, good fit',
    );
    expect(suggestedName('funds', {})).toBe('All funds');
  });

  it('is cut to the longest name allowed', () => {
    const name = suggestedName('investors', { countries: Array.from({ length: 30 }, (_, index) => `Country ${index}`) });
    expect(name.length).toBeLessThanOrEqual(100);
    expect(name.length).toBeGreaterThan(90);
    expect(name.endsWith('…')).toBe(true);
  });
});
