// The closed vocabularies of the catalogue's choice and list fields. The import accepts only these, the
// seed uses every value, and the client colours badges by them.

export const FIRM_TYPES = [
  'Private Equity Fund',
  'Venture Capital Fund',
  'Small Business Investment Company',
  'Investment Bank',
  'Government Organization',
  'Startup Studio',
] as const;

export const FINANCING_TYPES = ['Debt', 'Equity', 'Fund of Funds', 'Leases', 'Mezzanine', 'Royalties'] as const;

export const STAGES = [
  'Expansion',
  'MBO/LBO',
  'Early Stage',
  'Startup',
  'Seed',
  'Acquisition',
  'Recapitalization',
  'Later Stage',
  'Corporate Divestiture',
  'Restructuring',
  'Consolidation',
  'Going Private',
  'Special Situations',
  'Turnaround',
  'PIPE',
  'Spinout',
  'Secondary Purchase',
  'Ownership Transition',
  'Distressed Debt',
  'Privatization',
] as const;

export const INDUSTRIES = [
  'IT Services',
  'Communications & Networking',
  'Healthcare Services',
  'Business Products & Services',
  'Consumer Products & Services',
  'Distribution/Retailing',
  'Financial Services',
  'Software',
  'Diversified',
  'Media & Entertainment',
  'Energy/Natural Resources',
  'Manufacturing',
  'Internet Technology',
  'Chemicals & Materials',
  'Industrial Products & Services',
  'Electronics',
  'Biotechnology',
  'Medical Devices & Equipment',
  'Food Services & Products',
  'Education & Training',
] as const;

export const GEOGRAPHIES = [
  'United States',
  'United States - California',
  'United States - Mid-Atlantic',
  'United States - Midwest',
  'United States - Southeast',
  'United States - Southwest',
  'United States - Northeast',
  'Europe',
  'Canada',
  'United Kingdom',
  'Germany',
  'China',
  'France',
  'Asia',
  'Israel',
  'Switzerland',
  'Netherlands',
  'Sweden',
  'Finland',
  'Austria',
] as const;

export const GENDERS = ['Male', 'Female'] as const;

/** Missing values arrive from imported data as this text; the API keeps it, the client shows '-'. */
export const MISSING = 'NaN';
