// A kind of catalogue row (investors, funds) described once: its calls, labels, filters, columns and
// detail page. The catalogue feature's pages, queries and URL state are written against this, so a
// third kind is a new descriptor in kinds/, not a copy of the feature.
import type { ReactNode } from 'react';
import type { DetailField } from '@/components/Detail';
import type { TableColumn } from '@/components/DataGrid';
import type { CatalogueName } from '@/shared/catalogue-fields';
import { type CatalogueFilter, catalogueFilters, FILTER_CALLS } from '@/shared/catalogue-filters';
import type { Fit } from '@/shared/fit';

/** The fields every kind's rows share: the id and what the Investment Statistic card shows. */
export interface CatalogueRow {
  id: number;
  capital_managed: number | string;
  min_investment: number | string;
  max_investment: number | string;
  geographic_preferences: string[];
  stage_preferences: string[];
  industry_preferences: string[];
  /** Its fit against the founder's startup profile, as the API answers it (null without one). */
  fit?: Fit | null;
}

/** A multi-select filter: its filter call lists the options. */
export type ListFilter = CatalogueFilter & { optionsPath: string; optionsKey: string };

/** A single-choice filter of 'More Filters': its options are its vocabulary. */
export type SingleFilter = CatalogueFilter & { vocabulary: readonly string[]; single: true };

/** A kind's filters and its filter calls' path, all from the shared filter table. */
export function kindFilters(catalogue: CatalogueName) {
  const filters = catalogueFilters(catalogue);
  return {
    filtersPath: FILTER_CALLS[catalogue],
    filters: filters.filter((filter): filter is ListFilter => filter.optionsPath !== undefined),
    singleFilters: filters.filter((filter): filter is SingleFilter => filter.single === true),
  };
}

/** A list field shown on a card as its first value's badge and '+N'. */
export interface CardBadges<R> {
  /** What the values are, in words ('stages'), for the '+N' a screen reader hears. */
  noun: string;
  values: (row: R) => string[];
  vocabulary: readonly string[];
}

/** What a row's card shows on a phone, from the same values as its columns. */
export interface CardView<R> {
  /** The heading: the row's name. */
  name: (row: R) => string;
  /** The line under the name ('Partner at Acme Ventures', a fund's contact). */
  subtitle: (row: R) => string | undefined;
  /** One value as a coloured badge: the type of firm or fund. */
  type: { values: (row: R) => string[]; vocabulary: readonly string[] };
  location: (row: R) => string;
  badges: readonly CardBadges<R>[];
}

/** What a row's detail page shows above its Investment Statistic card. */
export interface DetailBlocks {
  title: string;
  subtitle?: string;
  /** Buttons beside the heading. */
  actions?: ReactNode;
  about: DetailField[];
}

export interface CatalogueKind<R extends CatalogueRow> {
  /** The page title, capitalised and plural ('Investors'); also the detail page's breadcrumb. */
  title: string;
  /** The rows' name in running text, plural ('investors'): the query keys' root and the table's id. */
  noun: string;
  /** The page's subtitle until the first page of rows arrives. */
  idleSubtitle: string;
  searchPlaceholder: string;
  /** The client routes of the table and of one row. */
  listRoute: '/investors' | '/funds';
  detailRoute: '/investor/$id' | '/fund/$id';
  /** Under the API root: `{rowsPath}/search` and `{rowsPath}/{id}`. */
  rowsPath: string;
  /** Under the API root: `{filtersPath}/{optionsPath}` answers a filter's `{ [optionsKey]: options }`. */
  filtersPath: string;
  /** The multi-select filters in the order of the search call's query. */
  filters: readonly ListFilter[];
  singleFilters: readonly SingleFilter[];
  /** The table's columns in order (the select column is the table's own): desktops and tablets. */
  columns: readonly TableColumn<R>[];
  /** A row as a card: phones. */
  card: CardView<R>;
  detail: (row: R) => DetailBlocks;
  /** What shows beside the row's name wherever the name shows (a private contact's badge), if anything. */
  nameMark?: (row: R) => ReactNode;
  /** The row's e-mail, when the kind has one and the row holds it (a deck link's gate is prefilled with it). */
  email?: (row: R) => string | null;
}

/** Any kind, for what reads only its filters and labels. */
export type AnyCatalogueKind = CatalogueKind<never>;

/** The filters shown as dropdowns above the table. */
export const barFilters = (kind: AnyCatalogueKind) => kind.filters.filter((filter) => filter.placeholder !== undefined);

/** The checklist groups of 'More Filters' (the single-choice filters follow them). */
export const drawerFilters = (kind: AnyCatalogueKind) => kind.filters.filter((filter) => filter.placeholder === undefined);
