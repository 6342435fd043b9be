// Test oracle for the fit score: the README's rubric ("Investor fit") written again in the plainest way,
// on the rows' own strings and numbers, without the masks and tables of src/shared/fit.ts, so a slip in
// either shows as a disagreement.
import type { StartupProfile } from '../../src/shared/fit.js';

type Verdict = 'match' | 'partial' | 'miss' | 'unknown';

const WEIGHT = { stage: 30, industries: 30, geography: 15, check_size: 15, financing: 10 };
const SHARE: Record<Verdict, number> = { match: 1, partial: 0.5, unknown: 0.4, miss: 0 };
const LADDER = ['Seed', 'Startup', 'Early Stage', 'Expansion', 'Later Stage'];
const EUROPE = ['United Kingdom', 'Germany', 'France', 'Switzerland', 'Netherlands', 'Sweden', 'Finland', 'Austria'];

function parentOf(geography: string): string | undefined {
  if (geography.startsWith('United States - ')) return 'United States';
  if (EUROPE.includes(geography)) return 'Europe';
  if (geography === 'China') return 'Asia';
  return undefined;
}

function known(values: string[] | null | undefined): string[] {
  return (values ?? []).filter((v) => v !== 'NaN' && v.trim() !== '');
}

function stageVerdict(stage: string, prefs: string[]): Verdict {
  if (prefs.length === 0) return 'unknown';
  if (prefs.includes(stage)) return 'match';
  const rung = LADDER.indexOf(stage);
  if (rung >= 0 && prefs.some((p) => Math.abs(LADDER.indexOf(p) - rung) === 1 && LADDER.includes(p))) return 'partial';
  return 'miss';
}

function industriesVerdict(industries: string[], prefs: string[]): Verdict {
  if (prefs.length === 0) return 'unknown';
  if (prefs.some((p) => industries.includes(p))) return 'match';
  if (prefs.includes('Diversified')) return 'partial';
  return 'miss';
}

function geographyVerdict(geography: string, prefs: string[]): Verdict {
  if (prefs.length === 0) return 'unknown';
  if (prefs.some((p) => p === geography || p === parentOf(geography))) return 'match';
  const near = (p: string) => parentOf(p) === geography || (parentOf(geography) !== undefined && parentOf(p) === parentOf(geography));
  if (prefs.some(near)) return 'partial';
  return 'miss';
}

function checkVerdict(raise: number, min: number | null, max: number | null): Verdict {
  if (min === null && max === null) return 'unknown';
  const lo = min ?? 0;
  const hi = max ?? Number.POSITIVE_INFINITY;
  // Some check between a tenth of the round and all of it.
  if (lo <= raise && hi >= raise / 10) return 'match';
  if (lo <= raise * 2 && hi >= raise / 50) return 'partial';
  return 'miss';
}

function financingVerdict(financing: string, prefs: string[]): Verdict {
  if (prefs.length === 0) return 'unknown';
  if (prefs.includes(financing)) return 'match';
  if ((financing === 'Equity' || financing === 'Debt') && prefs.includes('Mezzanine')) return 'partial';
  return 'miss';
}

/** A catalogue row's fit fields, as stored (numbers null when missing). */
export interface OracleRow {
  stages: string[];
  industries: string[];
  geographies: string[];
  financing: string[];
  min: number | null;
  max: number | null;
}

export function oracleFit(profile: StartupProfile, row: OracleRow) {
  const verdicts = {
    stage: stageVerdict(profile.stage!, known(row.stages)),
    industries: industriesVerdict(profile.industries!, known(row.industries)),
    geography: geographyVerdict(profile.geography!, known(row.geographies)),
    check_size: checkVerdict(profile.raise_amount!, row.min, row.max),
    financing: financingVerdict(profile.financing_type!, known(row.financing)),
  };
  const reasons = (Object.keys(WEIGHT) as (keyof typeof WEIGHT)[]).map((criterion) => ({
    criterion,
    verdict: verdicts[criterion],
    points: Math.round(WEIGHT[criterion] * SHARE[verdicts[criterion]]),
    weight: WEIGHT[criterion],
  }));
  return { score: reasons.reduce((sum, r) => sum + r.points, 0), reasons };
}

/** A number as the database stores it: null when missing. */
function amount(value: unknown): number | null {
  return value === null || value === undefined || value === 'NaN' ? null : Number(value);
}

export function investorOracleRow(r: Record<string, unknown>): OracleRow {
  return {
    stages: r.stage_preferences as string[],
    industries: r.industry_preferences as string[],
    geographies: r.geographic_preferences as string[],
    financing: r.type_of_financing as string[],
    min: amount(r.min_investment),
    max: amount(r.max_investment),
  };
}

export function fundOracleRow(r: Record<string, unknown>): OracleRow {
  return { ...investorOracleRow(r), financing: r.financing_type as string[] };
}
