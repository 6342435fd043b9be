// The fit rubric, in one place: how well an investor or fund fits a founder's round, criterion by
// criterion. The server's search index ranks a million rows with `fitScore`, every answered row carries
// `fitOf` (the same verdicts, with reasons), and the client words the reasons with `describeFitReason`.
// README, "Investor fit", states the same rules in prose.
import type { CatalogueName } from './catalogue-fields.js';
import { groupThousands } from './numbers.js';
import { FINANCING_TYPES, GEOGRAPHIES, INDUSTRIES, MISSING, STAGES } from './vocabularies.js';

export const FIT_CRITERIA = ['stage', 'industries', 'geography', 'check_size', 'financing'] as const;
export type FitCriterion = (typeof FIT_CRITERIA)[number];

export const FIT_VERDICTS = ['match', 'partial', 'miss', 'unknown'] as const;
export type FitVerdict = (typeof FIT_VERDICTS)[number];

/** Points a criterion can earn; they add up to 100. */
export const FIT_WEIGHTS: Record<FitCriterion, number> = {
  stage: 30,
  industries: 30,
  geography: 15,
  check_size: 15,
  financing: 10,
};

/**
 * The share of its weight a verdict earns. An unknown field (the investor left it empty) earns a little
 * less than a partial one, so it neither sinks a row nor lifts it above one that is known to fit.
 */
export const VERDICT_SHARE: Record<FitVerdict, number> = { match: 1, partial: 0.5, unknown: 0.4, miss: 0 };

/** Points a verdict earns on a criterion: whole numbers, so a score is exact everywhere. */
export function fitPoints(criterion: FitCriterion, verdict: FitVerdict): number {
  return Math.round(FIT_WEIGHTS[criterion] * VERDICT_SHARE[verdict]);
}

/** The "Good fit" filter: a score at least this. */
export const GOOD_FIT = 70;

/** The venture ladder: a stage next to the founder's on it is a partial match. */
export const VENTURE_LADDER = ['Seed', 'Startup', 'Early Stage', 'Expansion', 'Later Stage'] as const;

/** The broader geography holding each part of one; a geography without one stands alone. */
export const GEOGRAPHY_PARENT: Partial<Record<(typeof GEOGRAPHIES)[number], (typeof GEOGRAPHIES)[number]>> = {
  'United States - California': 'United States',
  'United States - Mid-Atlantic': 'United States',
  'United States - Midwest': 'United States',
  'United States - Southeast': 'United States',
  'United States - Southwest': 'United States',
  'United States - Northeast': 'United States',
  'United Kingdom': 'Europe',
  Germany: 'Europe',
  France: 'Europe',
  Switzerland: 'Europe',
  Netherlands: 'Europe',
  Sweden: 'Europe',
  Finland: 'Europe',
  Austria: 'Europe',
  China: 'Asia',
};

/** An investor that writes checks of any industry: a partial match when it names none of the founder's. */
export const GENERALIST_INDUSTRY = 'Diversified';

/** Hybrid financing: partial for a founder raising equity or debt. */
export const HYBRID_FINANCING = 'Mezzanine';

/**
 * Check size against the amount raised. A match can carry a real share of the round without exceeding
 * it: some check between a tenth of the round and the whole of it. A partial is a near miss: checks
 * down to a fiftieth of the round, or a minimum up to twice it.
 */
export const CHECK_SHARE = { match: 0.1, partialSmall: 0.02, partialLarge: 2 } as const;

/** What a founder says of the round (GET and PUT /api/v1/startup); every field is null before the first save. */
export interface StartupProfile {
  name: string | null;
  pitch: string | null;
  stage: string | null;
  industries: string[] | null;
  geography: string | null;
  financing_type: string | null;
  /** Whole US dollars. */
  raise_amount: number | null;
  /** YYYY-MM-DD. */
  close_on: string | null;
}

/** A saved profile: every field but the pitch is set. */
export interface CompleteStartupProfile extends StartupProfile {
  name: string;
  stage: string;
  industries: string[];
  geography: string;
  financing_type: string;
  raise_amount: number;
  close_on: string;
}

export const EMPTY_STARTUP: StartupProfile = {
  name: null,
  pitch: null,
  stage: null,
  industries: null,
  geography: null,
  financing_type: null,
  raise_amount: null,
  close_on: null,
};

export function isCompleteProfile(profile: StartupProfile | null | undefined): profile is CompleteStartupProfile {
  return (
    !!profile &&
    profile.name !== null &&
    profile.stage !== null &&
    profile.industries !== null &&
    profile.industries.length > 0 &&
    profile.geography !== null &&
    profile.financing_type !== null &&
    profile.raise_amount !== null &&
    profile.close_on !== null
  );
}

/** The rules PUT /api/v1/startup applies and the form states. */
export const STARTUP_RULES = {
  nameMaxLength: 120,
  pitchMaxLength: 200,
  raiseMin: 1_000,
  raiseMax: 10_000_000_000,
  maxIndustries: INDUSTRIES.length,
} as const;

export interface FitReason {
  criterion: FitCriterion;
  verdict: FitVerdict;
  points: number;
  weight: number;
}

/** An answered row's fit; null for a user without a profile. */
export interface Fit {
  score: number;
  reasons: FitReason[];
}

/** The fit-relevant fields of each catalogue's rows (shared/catalogue-fields.ts). */
export const FIT_FIELDS: Record<
  CatalogueName,
  { stages: string; industries: string; geographies: string; financing: string; min: string; max: string }
> = {
  investors: {
    stages: 'stage_preferences',
    industries: 'industry_preferences',
    geographies: 'geographic_preferences',
    financing: 'type_of_financing',
    min: 'min_investment',
    max: 'max_investment',
  },
  funds: {
    stages: 'stage_preferences',
    industries: 'industry_preferences',
    geographies: 'geographic_preferences',
    financing: 'financing_type',
    min: 'min_investment',
    max: 'max_investment',
  },
};

// A list field is held as a bit mask: bit i for the vocabulary's i-th value, and HAS_VALUE when the
// field holds anything at all (a value outside the vocabulary sets only that bit: known, matching nothing).
const HAS_VALUE_BIT = 30;
const HAS_VALUE = 1 << HAS_VALUE_BIT;

function indexer(vocabulary: readonly string[]): Map<string, number> {
  return new Map(vocabulary.map((value, i) => [value, i]));
}
const STAGE_BITS = indexer(STAGES);
const INDUSTRY_BITS = indexer(INDUSTRIES);
const GEOGRAPHY_BITS = indexer(GEOGRAPHIES);
const FINANCING_BITS = indexer(FINANCING_TYPES);

function maskOf(bits: Map<string, number>, values: readonly string[]): number {
  let mask = 0;
  for (const value of values) mask |= 1 << (bits.get(value) ?? HAS_VALUE_BIT);
  return mask;
}

/** A list field as a mask; an empty field, or one holding only the text NaN, is 0 (unknown). */
function listMask(bits: Map<string, number>, raw: unknown): number {
  if (!Array.isArray(raw)) return 0;
  const values = raw.filter((v): v is string => typeof v === 'string' && v.trim() !== '' && v !== MISSING);
  return values.length === 0 ? 0 : maskOf(bits, values) | HAS_VALUE;
}

/** A number field as a number; missing (null, 'NaN', not finite) is NaN. */
function amountOf(raw: unknown): number {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw !== MISSING && raw.trim() !== '' ? Number(raw) : NaN;
  return Number.isFinite(n) ? n : NaN;
}

/** What the rubric reads of a row. */
export interface FitFacts {
  stages: number;
  industries: number;
  geographies: number;
  financing: number;
  /** NaN when missing. */
  min: number;
  max: number;
}

/** Reads a row of either catalogue (as stored or as answered) into the facts the rubric judges. */
export function fitFactsOf(catalogue: CatalogueName, row: Record<string, unknown>): FitFacts {
  const f = FIT_FIELDS[catalogue];
  return {
    stages: listMask(STAGE_BITS, row[f.stages]),
    industries: listMask(INDUSTRY_BITS, row[f.industries]),
    geographies: listMask(GEOGRAPHY_BITS, row[f.geographies]),
    financing: listMask(FINANCING_BITS, row[f.financing]),
    min: amountOf(row[f.min]),
    max: amountOf(row[f.max]),
  };
}

/** Masks of a list field's rows that reads a match and a partial. */
interface MaskRule {
  match: number;
  partial: number;
}

/** A complete profile compiled for judging rows fast: masks per criterion and the points table. */
export interface FitProfile {
  readonly key: string;
  readonly stage: MaskRule;
  readonly industries: MaskRule;
  readonly geography: MaskRule;
  readonly financing: MaskRule;
  readonly raise: number;
  /** points[criterion index][verdict index], FIT_CRITERIA and FIT_VERDICTS order. */
  readonly points: readonly (readonly number[])[];
}

const V_MATCH = 0;
const V_PARTIAL = 1;
const V_MISS = 2;
const V_UNKNOWN = 3;

function bitsOf(bits: Map<string, number>, values: readonly string[]): number {
  let mask = 0;
  for (const value of values) {
    const bit = bits.get(value);
    if (bit !== undefined) mask |= 1 << bit;
  }
  return mask;
}

function stageRule(stage: string): MaskRule {
  const rung = (VENTURE_LADDER as readonly string[]).indexOf(stage);
  const neighbours = rung < 0 ? [] : [VENTURE_LADDER[rung - 1], VENTURE_LADDER[rung + 1]].filter((s) => s !== undefined);
  return { match: bitsOf(STAGE_BITS, [stage]), partial: bitsOf(STAGE_BITS, neighbours) };
}

function industriesRule(industries: readonly string[]): MaskRule {
  return { match: bitsOf(INDUSTRY_BITS, industries), partial: bitsOf(INDUSTRY_BITS, [GENERALIST_INDUSTRY]) };
}

/** A match is the founder's geography or one holding it; a partial, one it holds or one beside it. */
function geographyRule(geography: string): MaskRule {
  const parent = (g: string) => GEOGRAPHY_PARENT[g as keyof typeof GEOGRAPHY_PARENT];
  const holding: string[] = [];
  for (let g: string | undefined = geography; g !== undefined; g = parent(g)) holding.push(g);
  const near = GEOGRAPHIES.filter(
    (g) => !holding.includes(g) && (parent(g) === geography || (parent(geography) !== undefined && parent(g) === parent(geography))),
  );
  return { match: bitsOf(GEOGRAPHY_BITS, holding), partial: bitsOf(GEOGRAPHY_BITS, near) };
}

function financingRule(financing: string): MaskRule {
  const hybrid = financing === 'Equity' || financing === 'Debt' ? [HYBRID_FINANCING] : [];
  return { match: bitsOf(FINANCING_BITS, [financing]), partial: bitsOf(FINANCING_BITS, hybrid) };
}

export function compileFitProfile(profile: CompleteStartupProfile): FitProfile {
  return {
    key: JSON.stringify([
      profile.stage,
      [...profile.industries].sort(),
      profile.geography,
      profile.financing_type,
      profile.raise_amount,
    ]),
    stage: stageRule(profile.stage),
    industries: industriesRule(profile.industries),
    geography: geographyRule(profile.geography),
    financing: financingRule(profile.financing_type),
    raise: profile.raise_amount,
    points: FIT_CRITERIA.map((criterion) => FIT_VERDICTS.map((verdict) => fitPoints(criterion, verdict))),
  };
}

function maskVerdict(rule: MaskRule, mask: number): number {
  if (mask === 0) return V_UNKNOWN;
  if ((mask & rule.match) !== 0) return V_MATCH;
  if ((mask & rule.partial) !== 0) return V_PARTIAL;
  return V_MISS;
}

function checkVerdict(raise: number, min: number, max: number): number {
  if (Number.isNaN(min) && Number.isNaN(max)) return V_UNKNOWN;
  const lo = Number.isNaN(min) ? 0 : min;
  const hi = Number.isNaN(max) ? Infinity : max;
  if (lo <= raise && hi >= raise * CHECK_SHARE.match) return V_MATCH;
  if (lo <= raise * CHECK_SHARE.partialLarge && hi >= raise * CHECK_SHARE.partialSmall) return V_PARTIAL;
  return V_MISS;
}

/** The score alone, without allocating: what the search index runs for every row. */
export function fitScore(
  p: FitProfile,
  stages: number,
  industries: number,
  geographies: number,
  financing: number,
  min: number,
  max: number,
): number {
  const points = p.points;
  return (
    points[0][maskVerdict(p.stage, stages)] +
    points[1][maskVerdict(p.industries, industries)] +
    points[2][maskVerdict(p.geography, geographies)] +
    points[3][checkVerdict(p.raise, min, max)] +
    points[4][maskVerdict(p.financing, financing)]
  );
}

/** The score with one reason per criterion. */
export function fitOf(p: FitProfile, facts: FitFacts): Fit {
  const verdicts = [
    maskVerdict(p.stage, facts.stages),
    maskVerdict(p.industries, facts.industries),
    maskVerdict(p.geography, facts.geographies),
    checkVerdict(p.raise, facts.min, facts.max),
    maskVerdict(p.financing, facts.financing),
  ];
  const reasons = FIT_CRITERIA.map((criterion, k) => ({
    criterion,
    verdict: FIT_VERDICTS[verdicts[k]],
    points: p.points[k][verdicts[k]],
    weight: FIT_WEIGHTS[criterion],
  }));
  return { score: reasons.reduce((sum, r) => sum + r.points, 0), reasons };
}

export const FIT_CRITERION_LABELS: Record<FitCriterion, string> = {
  stage: 'Stage',
  industries: 'Industries',
  geography: 'Geography',
  check_size: 'Check size',
  financing: 'Financing type',
};

/** One reason in words, for the Fit column's tooltip and the detail page's "Why it fits". */
export function describeFitReason(reason: FitReason, profile: CompleteStartupProfile): string {
  const round = groupThousands(profile.raise_amount, '$');
  const industries = profile.industries.join(', ');
  const words: Record<FitCriterion, Record<FitVerdict, string>> = {
    stage: {
      match: `Invests at ${profile.stage}`,
      partial: `Invests at a stage next to ${profile.stage}`,
      miss: `Does not invest at ${profile.stage}`,
      unknown: 'No stage preferences listed',
    },
    industries: {
      match: `Invests in ${industries}`,
      partial: 'A generalist: invests across industries',
      miss: `Does not invest in ${industries}`,
      unknown: 'No industry preferences listed',
    },
    geography: {
      match: `Invests in ${profile.geography}`,
      partial: `Invests near ${profile.geography}`,
      miss: `Does not invest in ${profile.geography}`,
      unknown: 'No geographic preferences listed',
    },
    check_size: {
      match: `Check size fits a ${round} round`,
      partial: `Check size is a stretch for a ${round} round`,
      miss: `Check size does not fit a ${round} round`,
      unknown: 'No check size listed',
    },
    financing: {
      match: `Provides ${profile.financing_type}`,
      partial: `Provides ${HYBRID_FINANCING}, close to ${profile.financing_type}`,
      miss: `Does not provide ${profile.financing_type}`,
      unknown: 'No financing types listed',
    },
  };
  return words[reason.criterion][reason.verdict];
}

/** GET /api/v1/round: the profile's target against the pipeline, in whole dollars. */
export interface RoundProgress {
  target: number | null;
  close_on: string | null;
  committed: number;
  term_sheet: number;
  meeting: number;
  /** Days from today (the server's date) to close_on; negative once it has passed; null without one. */
  days_left: number | null;
}

/** Search keys of the fit: `sort=fit` ranks by score, `min_fit` keeps rows scoring at least it. */
export const FIT_SORT = 'fit';
