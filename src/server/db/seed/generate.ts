// The deterministic catalogue generator. Row n of each kind depends on n alone (faker is seeded with
// [CATALOGUE_SEED, kind, n]), so any batching, and a seed that continues an earlier one, gives the
// same rows.
import { base, en, en_US, Faker } from '@faker-js/faker';
import { MISSING } from '../../../shared/vocabularies.js';
import type { funds, investors } from '../schema.js';
import { drawFirm, type Firm, phoneNumber, slug } from './firms.js';
import { binomial, chance, fastRandomizer, type Weighted, weightedPick } from './random.js';

export const CATALOGUE_SEED = 20_240_611;
/** Firms people can work at; a few large ones employ many investors (see firmIndexFor). */
export const FIRM_POOL = 250_000;

export type InvestorRow = Omit<typeof investors.$inferInsert, 'id' | 'search_text'>;
export type FundRow = Omit<typeof funds.$inferInsert, 'id' | 'search_text' | 'gender_ratio'>;

const KIND_INVESTOR = 1;
const KIND_FUND = 2;
const KIND_FIRM = 3;

const TITLES: Weighted<string>[] = [
  { value: 'Managing Partner', weight: 10 },
  { value: 'General Partner', weight: 9 },
  { value: 'Partner', weight: 14 },
  { value: 'Managing Director', weight: 9 },
  { value: 'Principal', weight: 8 },
  { value: 'Vice President', weight: 8 },
  { value: 'Director', weight: 6 },
  { value: 'Senior Associate', weight: 6 },
  { value: 'Associate', weight: 9 },
  { value: 'Analyst', weight: 5 },
  { value: 'Investment Manager', weight: 4 },
  { value: 'Venture Partner', weight: 3 },
  { value: 'Operating Partner', weight: 2 },
  { value: 'Founding Partner', weight: 3 },
  { value: 'Chief Investment Officer', weight: 2 },
  { value: 'Chief Executive Officer', weight: 2 },
  { value: 'Head of Investments', weight: 2 },
  { value: 'Investment Director', weight: 2 },
];

/** Missing values as imported data has them: the text 'NaN', or NULL for numbers. */
function orMissing(f: Faker, probability: number, value: string): string {
  return chance(f, probability) ? MISSING : value;
}

function numberOrNull(f: Faker, probability: number, value: number): number | null {
  return chance(f, probability) ? null : value;
}

export class CatalogueGenerator {
  private readonly rows = new Faker({ locale: [en_US, en, base], randomizer: fastRandomizer() });
  private readonly firmFaker = new Faker({ locale: [en_US, en, base], randomizer: fastRandomizer() });
  private readonly firms = new Map<number, Firm>();

  firm(index: number): Firm {
    let firm = this.firms.get(index);
    if (!firm) {
      this.firmFaker.seed([CATALOGUE_SEED, KIND_FIRM, index]);
      firm = drawFirm(this.firmFaker);
      // A bounded memo: large firms recur often, most firms once.
      if (this.firms.size >= 50_000) this.firms.clear();
      this.firms.set(index, firm);
    }
    return firm;
  }

  /** Skewed towards low indexes: firm 0 employs the most investors, most firms one or two. */
  private firmIndexFor(f: Faker): number {
    const u = f.number.float({ min: 0, max: 1 });
    return Math.min(FIRM_POOL - 1, Math.floor(u * u * FIRM_POOL));
  }

  private person(f: Faker, firm: Firm) {
    const female = chance(f, firm.womenShare);
    const firstName = f.person.firstName(female ? 'female' : 'male');
    const lastName = f.person.lastName();
    const first = slug(firstName);
    const last = slug(lastName);
    const local = weightedPick(f, [
      { value: `${first}.${last}`, weight: 6 },
      { value: `${first[0]}${last}`, weight: 3 },
      { value: first, weight: 1 },
    ]);
    return {
      firstName,
      lastName,
      gender: female ? 'Female' : 'Male',
      title: weightedPick(f, TITLES),
      email: `${local}@${firm.domain}`,
      phone: phoneNumber(f, firm.place),
    };
  }

  investorAt(index: number): InvestorRow {
    const f = this.rows;
    f.seed([CATALOGUE_SEED, KIND_INVESTOR, index]);
    const firm = this.firm(this.firmIndexFor(f));
    const person = this.person(f, firm);
    return {
      first_name: person.firstName,
      last_name: person.lastName,
      contact_title: orMissing(f, 0.01, person.title),
      email: orMissing(f, 0.03, person.email),
      gender: orMissing(f, 0.02, person.gender),
      phone: orMissing(f, 0.05, person.phone),
      firm_name: firm.name,
      type_of_firm: firm.type,
      office_website: orMissing(f, 0.03, `https://www.${firm.domain}`),
      capital_managed: numberOrNull(f, 0.04, firm.capitalManaged),
      min_investment: numberOrNull(f, 0.05, firm.minInvestment),
      max_investment: numberOrNull(f, 0.05, firm.maxInvestment),
      number_of_investors: numberOrNull(f, 0.04, firm.teamSize),
      type_of_financing: firm.financing,
      geographic_preferences: firm.geographies,
      stage_preferences: firm.stages,
      industry_preferences: firm.industries,
      city: orMissing(f, 0.005, firm.place.city),
      state: orMissing(f, 0.02, firm.place.state),
      country: firm.place.country,
    };
  }

  /** Fund n is firm n's fund, with one person to contact there. */
  fundAt(index: number): FundRow {
    const f = this.rows;
    f.seed([CATALOGUE_SEED, KIND_FUND, index]);
    const firm = this.firm(index % FIRM_POOL);
    const person = this.person(f, firm);
    const teamSize = numberOrNull(f, 0.04, firm.teamSize);
    const women = teamSize === null || chance(f, 0.03) ? null : binomial(f, teamSize, firm.womenShare);
    const mailbox = f.helpers.arrayElement(['info', 'contact', 'hello', 'invest']);
    return {
      firm_name: firm.name,
      full_name: orMissing(f, 0.02, `${person.firstName} ${person.lastName}`),
      title: orMissing(f, 0.02, person.title),
      firm_email: orMissing(f, 0.04, `${mailbox}@${firm.domain}`),
      firm_phone: orMissing(f, 0.04, firm.phone),
      firm_website: orMissing(f, 0.02, `https://www.${firm.domain}`),
      firm_type: firm.type,
      capital_managed: numberOrNull(f, 0.04, firm.capitalManaged),
      min_investment: numberOrNull(f, 0.05, firm.minInvestment),
      max_investment: numberOrNull(f, 0.05, firm.maxInvestment),
      financing_type: firm.financing,
      geographic_preferences: firm.geographies,
      stage_preferences: firm.stages,
      industry_preferences: firm.industries,
      contact_email: orMissing(f, 0.05, person.email),
      contact_phone: orMissing(f, 0.08, person.phone),
      firm_address: orMissing(f, 0.03, firm.address),
      firm_state: orMissing(f, 0.02, firm.place.state),
      firm_country: firm.place.country,
      firm_city: firm.place.city,
      number_of_investors: teamSize,
      women_investors: women,
    };
  }
}
