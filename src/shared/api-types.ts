// The wire contract: what the API answers and the client reads (src/server/README.md, "The API in short").
import type { Static } from '@sinclair/typebox';
import type { FundRow, InvestorRow } from './catalogue-row-schemas.js';
import type { Fit } from './fit.js';
import type { Pipeline } from './pipeline.js';
import type { ListAccess } from './teams.js';

/** One investor as answered: the wire fields of INVESTOR_FIELDS, in order. */
export type Investor = Static<typeof InvestorRow>;

/** One fund as answered: the wire fields of FUND_FIELDS, in order. */
export type Fund = Static<typeof FundRow>;

export type ListType = 'investor' | 'fund';

/** A list as every list call answers it: with the caller's role on it and its owner (shared/teams.ts). */
export interface ListSummary extends ListAccess {
  id: number;
  name: string;
  description: string;
  list_type: ListType;
  item_count: number;
}

/**
 * A row as searches, GET by id and list items answer it: with its fit against the caller's startup
 * profile (shared/fit.ts), or null when the caller has none.
 */
export type Scored<T> = T & { fit: Fit | null };

/** A list's row: the investor's or fund's fields, its fit, and where the raise stands with it. */
export type ListItemOf<T extends Investor | Fund> = Scored<T> & { pipeline: Pipeline };
export type ListItem = ListItemOf<Investor> | ListItemOf<Fund>;

export interface List extends ListSummary {
  items: ListItem[];
}

export interface User {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  profile_photo: string | null;
}

export interface Paged<T> {
  results: T[];
  total_pages: number;
  /** The number of matching rows, for "N results" and empty states. */
  total: number;
}

export interface OptionItem {
  label: string;
  value: string;
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  token_type?: string;
}

export interface ErrorBody {
  detail: string;
}

export interface LoginCodeSent {
  user_id: number;
  email: string;
  detail: string;
}
