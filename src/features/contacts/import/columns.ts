// What a column of the file may be, and the guess from its header.

export const IMPORT_FIELDS = [
  'name',
  'first_name',
  'last_name',
  'email',
  'firm_name',
  'office_website',
  'contact_title',
  'phone',
  'city',
  'state',
  'country',
  'stage',
  'amount',
  'follow_up_on',
  'note',
  'ignore',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  name: 'Full name',
  first_name: 'First name',
  last_name: 'Last name',
  email: 'E-mail',
  firm_name: 'Firm',
  office_website: 'Website',
  contact_title: 'Title',
  phone: 'Phone',
  city: 'City',
  state: 'State',
  country: 'Country',
  stage: 'Stage or status',
  amount: 'Amount',
  follow_up_on: 'Next follow-up',
  note: 'Notes',
  ignore: 'Ignore this column',
};

/** A column per file for these; notes may come from several columns, joined. */
export const REPEATABLE_FIELDS: ReadonlySet<ImportField> = new Set(['note', 'ignore']);

/** A header as compared: lower case, accents and punctuation gone, words single-spaced. */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Headers as people write them, normalised; the first field whose words match wins (order matters). */
const HEADER_WORDS: [ImportField, RegExp][] = [
  ['first_name', /^(first( name)?|given name|firstname|prenom|vorname|fname)$/],
  ['last_name', /^(last( name)?|surname|family name|lastname|nom|nachname|lname)$/],
  ['email', /\b(e ?mail|email address|mail|courriel)\b/],
  ['office_website', /\b(website|web site|url|site|domain|homepage|web)\b/],
  ['firm_name', /\b(firm|fund|company|organi[sz]ation|org|vc|investor firm|entreprise|firma|societe)\b/],
  ['contact_title', /\b(title|role|position|job)\b/],
  ['phone', /\b(phone|mobile|cell|tel|telephone)\b/],
  ['city', /\b(city|town|location|ville|stadt)\b/],
  ['state', /^(state|province|region)$/],
  ['country', /\b(country|pays|land|nation)\b/],
  ['follow_up_on', /\b(follow ?up|next (step|action|touch|contact)|due|reminder|next date|date)\b/],
  ['amount', /\b(amount|check|cheque|ticket|commitment|investment|size|raise|usd|montant|betrag)\b/],
  ['stage', /\b(stage|status|pipeline|state of play|progress|outcome|statut)\b/],
  ['note', /\b(notes?|comments?|remarks?|context|details|description|memo|next steps?)\b/],
  ['name', /\b(name|investor|contact|person|who|full name|nom complet)\b/],
];

export function guessField(header: string): ImportField {
  const words = normaliseHeader(header);
  if (words === '') return 'ignore';
  return HEADER_WORDS.find(([, pattern]) => pattern.test(words))?.[0] ?? 'ignore';
}

/** Each column's guess; a field already taken by an earlier column leaves the later one ignored (notes repeat). */
export function guessMapping(headers: readonly string[]): ImportField[] {
  const taken = new Set<ImportField>();
  return headers.map((header) => {
    const field = guessField(header);
    if (REPEATABLE_FIELDS.has(field)) return field;
    if (taken.has(field)) return 'ignore';
    taken.add(field);
    return field;
  });
}

/** What a mapping lacks or repeats, in the founder's words; empty when it can be used. */
export function mappingProblems(mapping: readonly ImportField[]): string[] {
  const problems: string[] = [];
  const chosen = (field: ImportField) => mapping.includes(field);
  if (!chosen('name') && !chosen('first_name') && !chosen('last_name') && !chosen('email')) {
    problems.push('Choose the column with the investor’s name or e-mail.');
  }
  if (chosen('name') && (chosen('first_name') || chosen('last_name'))) {
    problems.push('Choose either a full name column or first and last name columns, not both.');
  }
  for (const field of new Set(mapping)) {
    if (!REPEATABLE_FIELDS.has(field) && mapping.filter((other) => other === field).length > 1) {
      problems.push(`${IMPORT_FIELD_LABELS[field]} is chosen for more than one column.`);
    }
  }
  return problems;
}
