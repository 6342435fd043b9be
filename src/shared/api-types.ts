// The wire contract of SPEC §7: what the API answers and the client reads.

export interface Investor {
  id: number;
  first_name: string;
  last_name: string;
  contact_title: string;
  email: string;
  gender: string;
  phone: string;
  firm_name: string;
  type_of_firm: string;
  office_website: string;
  capital_managed: number | string;
  min_investment: number | string;
  max_investment: number | string;
  number_of_investors: number | string;
  type_of_financing: string[];
  geographic_preferences: string[];
  stage_preferences: string[];
  industry_preferences: string[];
  city: string;
  state: string;
  country: string;
}

export interface Fund {
  id: number;
  firm_name: string;
  full_name: string;
  title: string;
  firm_email: string;
  firm_phone: string;
  firm_website: string;
  firm_type: string;
  capital_managed: number | string;
  min_investment: number | string;
  max_investment: number | string;
  financing_type: string[];
  geographic_preferences: string[];
  stage_preferences: string[];
  industry_preferences: string[];
  contact_email: string;
  contact_phone: string;
  firm_address: string;
  firm_state: string;
  firm_country: string;
}

export type ListType = 'investor' | 'fund';

export interface ListSummary {
  id: number;
  name: string;
  description: string;
  list_type: ListType;
  item_count: number;
}

export interface List extends ListSummary {
  items: Investor[] | Fund[];
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
  /** Beyond SPEC: the number of matching rows, for "N results" and empty states. */
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
