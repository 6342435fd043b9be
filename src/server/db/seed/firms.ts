// Investment firms: the part of a catalogue row that people at one firm share (name, type, web
// domain, office, money, preferences). Firm n is the same on every run: it is drawn from faker seeded
// with n alone.
import type { Faker } from '@faker-js/faker';
import { FINANCING_TYPES, FIRM_TYPES, GEOGRAPHIES, INDUSTRIES, STAGES } from '../../../shared/vocabularies.js';
import { PLACES, type Place } from './places.js';
import {
  chance,
  clamp,
  logNormal,
  logUniform,
  normal,
  roundSignificant,
  someOf,
  type Weighted,
  WeightedTable,
  weightedPick,
} from './random.js';

type FirmType = (typeof FIRM_TYPES)[number];
type Stage = (typeof STAGES)[number];
type Financing = (typeof FINANCING_TYPES)[number];

export interface Firm {
  name: string;
  type: FirmType;
  domain: string;
  place: Place;
  address: string;
  phone: string;
  capitalManaged: number;
  minInvestment: number;
  maxInvestment: number;
  /** The investment team. */
  teamSize: number;
  /** Chance that a member of the team is a woman. */
  womenShare: number;
  financing: string[];
  geographies: string[];
  stages: string[];
  industries: string[];
}

interface Profile {
  weight: number;
  capitalMedian: number;
  capitalSigma: number;
  teamMedian: number;
  /** Each financing type with the chance this kind of firm offers it. */
  financing: Partial<Record<Financing, number>>;
  stages: readonly Stage[];
  names: readonly ((n: NameParts) => string)[];
}

interface NameParts {
  brand: string;
  surname: string;
  otherSurname: string;
  city: string;
  region: string;
}

const PROFILES: Record<FirmType, Profile> = {
  'Venture Capital Fund': {
    weight: 40,
    capitalMedian: 150e6,
    capitalSigma: 1.3,
    teamMedian: 8,
    financing: { Equity: 1, Debt: 0.08, 'Fund of Funds': 0.05 },
    stages: ['Seed', 'Startup', 'Early Stage', 'Expansion', 'Later Stage', 'Spinout', 'Secondary Purchase'],
    names: [
      (n) => `${n.brand} Ventures`,
      (n) => `${n.brand} Capital`,
      (n) => `${n.brand} Venture Partners`,
      (n) => `${n.surname} Ventures`,
      (n) => `${n.brand} VC`,
    ],
  },
  'Private Equity Fund': {
    weight: 30,
    capitalMedian: 800e6,
    capitalSigma: 1.4,
    teamMedian: 15,
    financing: { Equity: 0.95, Mezzanine: 0.3, Debt: 0.3 },
    stages: [
      'MBO/LBO',
      'Acquisition',
      'Recapitalization',
      'Later Stage',
      'Corporate Divestiture',
      'Going Private',
      'Consolidation',
      'Ownership Transition',
      'Secondary Purchase',
      'Expansion',
      'Turnaround',
      'Special Situations',
    ],
    names: [
      (n) => `${n.brand} Capital Partners`,
      (n) => `${n.surname} & ${n.otherSurname}`,
      (n) => `${n.brand} Equity Partners`,
      (n) => `${n.brand} Partners`,
      (n) => `${n.surname} Capital Group`,
    ],
  },
  'Small Business Investment Company': {
    weight: 8,
    capitalMedian: 100e6,
    capitalSigma: 0.9,
    teamMedian: 5,
    financing: { Debt: 0.8, Mezzanine: 0.6, Equity: 0.5 },
    stages: ['Expansion', 'Later Stage', 'Recapitalization', 'MBO/LBO', 'Acquisition', 'Ownership Transition'],
    names: [
      (n) => `${n.brand} Capital Fund`,
      (n) => `${n.brand} Mezzanine Partners`,
      (n) => `${n.city} Business Capital`,
      (n) => `${n.brand} Growth Capital`,
    ],
  },
  'Investment Bank': {
    weight: 8,
    capitalMedian: 5e9,
    capitalSigma: 1.5,
    teamMedian: 40,
    financing: { Debt: 0.7, Equity: 0.6, Mezzanine: 0.3, Leases: 0.2 },
    stages: [
      'PIPE',
      'Acquisition',
      'Going Private',
      'Recapitalization',
      'Restructuring',
      'Distressed Debt',
      'Privatization',
      'Special Situations',
    ],
    names: [
      (n) => `${n.surname} & Co.`,
      (n) => `${n.surname} ${n.otherSurname} Securities`,
      (n) => `${n.brand} Advisors`,
      (n) => `${n.brand} Capital Markets`,
    ],
  },
  'Government Organization': {
    weight: 6,
    capitalMedian: 300e6,
    capitalSigma: 1.2,
    teamMedian: 6,
    financing: { Debt: 0.5, Equity: 0.5, Royalties: 0.2, 'Fund of Funds': 0.2 },
    stages: ['Seed', 'Startup', 'Early Stage', 'Expansion', 'Turnaround', 'Privatization'],
    names: [
      (n) => `${n.region} Innovation Fund`,
      (n) => `${n.region} Economic Development Corporation`,
      (n) => `${n.region} Development Bank`,
      (n) => `${n.region} Venture Fund`,
    ],
  },
  'Startup Studio': {
    weight: 8,
    capitalMedian: 20e6,
    capitalSigma: 1.0,
    teamMedian: 5,
    financing: { Equity: 1 },
    stages: ['Seed', 'Startup', 'Spinout', 'Early Stage'],
    names: [
      (n) => `${n.brand} Labs`,
      (n) => `${n.brand} Studio`,
      (n) => `${n.brand} Foundry`,
      (n) => `${n.brand} Works`,
    ],
  },
};

// prettier-ignore
const BRANDS = [
  'Summit', 'Granite', 'Redwood', 'Harbor', 'Beacon', 'Cedar', 'Aspen', 'Meridian', 'Northstar', 'Bluewater',
  'Ironbridge', 'Lakeshore', 'Pinecrest', 'Silverline', 'Crescent', 'Horizon', 'Keystone', 'Atlas', 'Evergreen',
  'Sterling', 'Falcon', 'Orchard', 'Catalyst', 'Lighthouse', 'Compass', 'Pioneer', 'Frontier', 'Canyon', 'Riverbend',
  'Highland', 'Oakridge', 'Westbridge', 'Eastlake', 'Sequence', 'Parallel', 'Vertex', 'Apex', 'Lattice', 'Momentum',
  'Kinetic', 'Foundation', 'Cornerstone', 'Bedrock', 'Tidewater', 'Sandhill', 'Stonebridge', 'Black Ridge', 'Willow',
  'Juniper', 'Sycamore', 'Magnolia', 'Alder', 'Hawthorn', 'Larkspur', 'Saltwater', 'Coastal', 'Prairie', 'Cascade',
  'Glacier', 'Polaris', 'Orion', 'Vega', 'Altair', 'Sirius', 'Nova', 'Zenith', 'Ember', 'Flint', 'Cobalt', 'Copper',
  'Onyx', 'Quartz', 'Basalt', 'Slate', 'Signal', 'Circuit', 'Harvest', 'Anthem', 'Clarion', 'Trident', 'Sentinel',
  'Union Square', 'Market Street', 'Broadway', 'Elm Street',
];

const INDUSTRY_WEIGHTS: Weighted<string>[] = INDUSTRIES.map((value) => ({
  value,
  weight:
    (
      {
        Software: 8,
        'Internet Technology': 6,
        'Healthcare Services': 5,
        'Business Products & Services': 5,
        'Consumer Products & Services': 4,
        'Financial Services': 5,
        Biotechnology: 4,
        'Medical Devices & Equipment': 3,
        'IT Services': 4,
        Diversified: 3,
      } as Record<string, number>
    )[value] ?? 2,
}));

const placeTable = new WeightedTable(PLACES, (p) => p.weight);
const typeTable = new WeightedTable(FIRM_TYPES, (t) => PROFILES[t].weight);

const STREET_KINDS = ['Street', 'Avenue', 'Road', 'Boulevard', 'Lane', 'Drive', 'Way', 'Place', 'Square'];

const POSTCODES: Record<string, string> = {
  'United Kingdom': '??## #??',
  Canada: '?#? #?#',
  Germany: '#####',
  France: '#####',
  Switzerland: '####',
  Netherlands: '#### ??',
  Sweden: '### ##',
  Finland: '#####',
  Austria: '####',
  Ireland: '?## ?#?#',
  Spain: '#####',
  Denmark: '####',
  Israel: '#######',
  China: '######',
  Singapore: '######',
  Japan: '###-####',
  India: '######',
  'South Korea': '#####',
};

export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** A telephone number without the leading + (the client adds it): country code, then the line. */
export function phoneNumber(f: Faker, place: Place): string {
  if (place.phoneCode === '1') {
    return `1 ${f.number.int({ min: 201, max: 989 })} ${f.string.numeric(3)} ${f.string.numeric(4)}`;
  }
  return `${place.phoneCode} ${f.string.numeric(2)} ${f.string.numeric(4)} ${f.string.numeric(4)}`;
}

/** "street, city, state zip" in the US and "street, city, postcode" elsewhere: the city is always second to last. */
function postalAddress(f: Faker, place: Place): string {
  const road = `${f.number.int({ min: 1, max: 2999 })} ${f.person.lastName()} ${f.helpers.arrayElement(STREET_KINDS)}`;
  const street = chance(f, 0.35)
    ? `${road}, ${f.helpers.arrayElement(['Suite', 'Floor', 'Unit'])} ${f.number.int({ min: 2, max: 60 })}00`
    : road;
  if (place.country === 'United States') return `${street}, ${place.city}, ${place.stateCode} ${f.string.numeric(5)}`;
  const pattern = POSTCODES[place.country];
  const postcode = pattern ? f.helpers.replaceSymbols(pattern).toUpperCase() : place.country;
  return `${street}, ${place.city}, ${postcode}`;
}

function financingFor(f: Faker, profile: Profile): string[] {
  const chosen = FINANCING_TYPES.filter((t) => chance(f, (profile.financing[t] ?? 0) + 0.02));
  // Every firm offers something: its likeliest kind when the draw left it empty.
  return chosen.length > 0 ? chosen : [Object.keys(profile.financing)[0]];
}

function geographiesFor(f: Faker, place: Place): string[] {
  let home = place.home;
  // Some firms in a US region say only "United States".
  if (home.length > 1 && home[0] === 'United States' && chance(f, 0.3)) home = [home[0]];
  const extra = chance(f, 0.3) ? someOf(f, GEOGRAPHIES, 1, 3) : [];
  const chosen = new Set([...home, ...extra]);
  return GEOGRAPHIES.filter((g) => chosen.has(g));
}

function stagesFor(f: Faker, profile: Profile): string[] {
  const chosen = new Set<string>(someOf(f, profile.stages, 2, Math.min(6, profile.stages.length)));
  if (chance(f, 0.05)) chosen.add(f.helpers.arrayElement(STAGES));
  return STAGES.filter((s) => chosen.has(s));
}

function industriesFor(f: Faker): string[] {
  if (chance(f, 0.08)) return ['Diversified'];
  const count = f.number.int({ min: 1, max: 5 });
  const chosen = new Set<string>();
  for (let tries = 0; chosen.size < count && tries < 20; tries++) chosen.add(weightedPick(f, INDUSTRY_WEIGHTS));
  return INDUSTRIES.filter((i) => chosen.has(i));
}

/** Draws one firm from `f`, which the caller has seeded for this firm. */
export function drawFirm(f: Faker): Firm {
  const type = typeTable.pick(f);
  const profile = PROFILES[type];
  const place = placeTable.pick(f);
  const parts: NameParts = {
    brand: chance(f, 0.2)
      ? `${f.helpers.arrayElement(BRANDS)} ${f.helpers.arrayElement(BRANDS)}`
      : f.helpers.arrayElement(BRANDS),
    surname: f.person.lastName(),
    otherSurname: f.person.lastName(),
    city: place.city,
    region: place.country === 'United States' ? place.state : place.country,
  };
  const name = f.helpers.arrayElement(profile.names)(parts);
  const tld = type === 'Government Organization' && place.country === 'United States' ? 'gov' : place.tld;
  // Long names make a domain of their first two words: "Coastal Westbridge Capital Partners" → coastalwestbridge.
  const domainName = slug(name).length <= 24 ? slug(name) : slug(name.split(' ').slice(0, 2).join(''));
  const domain = `${domainName}.${tld}`;

  const capitalManaged = roundSignificant(
    clamp(logNormal(f, profile.capitalMedian, profile.capitalSigma), 1e6, 5e11),
    3,
  );
  const maxInvestment = roundSignificant(capitalManaged * logUniform(f, 0.01, 0.15), 2);
  const minInvestment = Math.min(maxInvestment, roundSignificant(maxInvestment * logUniform(f, 0.05, 0.5), 2));
  const teamSize = Math.round(clamp(logNormal(f, profile.teamMedian, 0.8), 1, 1500));
  const womenShare = clamp(0.18 + 0.15 * normal(f), 0, 0.9);

  return {
    name,
    type,
    domain,
    place,
    address: postalAddress(f, place),
    phone: phoneNumber(f, place),
    capitalManaged,
    minInvestment,
    maxInvestment,
    teamSize,
    womenShare,
    financing: financingFor(f, profile),
    geographies: geographiesFor(f, place),
    stages: stagesFor(f, profile),
    industries: industriesFor(f),
  };
}
