/** The one example offer the Deal Offers page shows; there is no offers API. */
export const sampleDeal = {
  company: 'Northwind Cloud',
  initials: 'NC',
  category: 'Cloud hosting',
  headline: '$10,000 in cloud credits for your first year',
  details: 'Credits for compute, storage and managed databases, plus priority support while you set up.',
  saving: 'Save up to $10,000',
} as const;
