// The fit rubric (src/shared/fit.ts): each criterion's verdicts, empty fields, the venture ladder's
// neighbours, geography containment and the check-size edges, and that the score is the reasons' sum.
import { describe, expect, it } from 'vitest';
import {
  compileFitProfile,
  type CompleteStartupProfile,
  describeFitReason,
  FIT_CRITERIA,
  FIT_WEIGHTS,
  fitFactsOf,
  fitOf,
  fitPoints,
  fitScore,
  type FitVerdict,
} from '../../src/shared/fit.js';

const PROFILE: CompleteStartupProfile = {
  name: 'Tidewater',
  pitch: null,
  stage: 'Startup',
  industries: ['Software', 'Biotechnology'],
  geography: 'United States - Northeast',
  financing_type: 'Equity',
  raise_amount: 1_000_000,
  close_on: '2027-01-31',
};

/** An investor row holding only what a test sets; every other fit field empty. */
function investor(fields: Record<string, unknown>) {
  return {
    stage_preferences: [],
    industry_preferences: [],
    geographic_preferences: [],
    type_of_financing: [],
    min_investment: 'NaN',
    max_investment: 'NaN',
    ...fields,
  };
}

function verdictOf(criterion: string, fields: Record<string, unknown>, profile = PROFILE): FitVerdict {
  const fit = fitOf(compileFitProfile(profile), fitFactsOf('investors', investor(fields)));
  return fit.reasons.find((r) => r.criterion === criterion)!.verdict;
}

describe('the fit rubric', () => {
  it('weighs stage and industries most, then geography and check size, then financing, 100 in all', () => {
    expect(FIT_WEIGHTS.stage).toBe(FIT_WEIGHTS.industries);
    expect(FIT_WEIGHTS.geography).toBe(FIT_WEIGHTS.check_size);
    expect(FIT_WEIGHTS.stage).toBeGreaterThan(FIT_WEIGHTS.geography);
    expect(FIT_WEIGHTS.geography).toBeGreaterThan(FIT_WEIGHTS.financing);
    expect(FIT_CRITERIA.reduce((sum, c) => sum + FIT_WEIGHTS[c], 0)).toBe(100);
  });

  it('gives an unknown field part of its weight: less than a partial, more than a miss', () => {
    for (const c of FIT_CRITERIA) {
      expect(fitPoints(c, 'unknown')).toBeGreaterThan(fitPoints(c, 'miss'));
      expect(fitPoints(c, 'unknown')).toBeLessThan(fitPoints(c, 'partial'));
      expect(fitPoints(c, 'match')).toBe(FIT_WEIGHTS[c]);
    }
  });

  it('scores a row with every field empty as unknown on every criterion', () => {
    const fit = fitOf(compileFitProfile(PROFILE), fitFactsOf('investors', investor({})));
    expect(fit.reasons.map((r) => r.verdict)).toEqual(['unknown', 'unknown', 'unknown', 'unknown', 'unknown']);
    expect(fit.score).toBe(FIT_CRITERIA.reduce((sum, c) => sum + fitPoints(c, 'unknown'), 0));
  });

  it("takes the text NaN and blank values for empty, and a value outside the vocabulary for a known miss", () => {
    expect(verdictOf('stage', { stage_preferences: ['NaN'] })).toBe('unknown');
    expect(verdictOf('stage', { stage_preferences: [' '] })).toBe('unknown');
    expect(verdictOf('stage', { stage_preferences: null })).toBe('unknown');
    expect(verdictOf('stage', { stage_preferences: ['Pre-seed'] })).toBe('miss');
  });

  describe('stage', () => {
    it('matches the founder’s stage, is partial next to it on the venture ladder, else a miss', () => {
      expect(verdictOf('stage', { stage_preferences: ['Startup', 'Buyout'] })).toBe('match');
      expect(verdictOf('stage', { stage_preferences: ['Seed'] })).toBe('partial');
      expect(verdictOf('stage', { stage_preferences: ['Early Stage'] })).toBe('partial');
      expect(verdictOf('stage', { stage_preferences: ['Expansion'] })).toBe('miss');
      expect(verdictOf('stage', { stage_preferences: ['MBO/LBO', 'PIPE'] })).toBe('miss');
    });

    it('has one neighbour at the ladder’s ends and none off it', () => {
      const seed = { ...PROFILE, stage: 'Seed' };
      expect(verdictOf('stage', { stage_preferences: ['Startup'] }, seed)).toBe('partial');
      expect(verdictOf('stage', { stage_preferences: ['Later Stage'] }, seed)).toBe('miss');
      const later = { ...PROFILE, stage: 'Later Stage' };
      expect(verdictOf('stage', { stage_preferences: ['Expansion'] }, later)).toBe('partial');
      const pipe = { ...PROFILE, stage: 'PIPE' };
      expect(verdictOf('stage', { stage_preferences: ['Expansion', 'Later Stage'] }, pipe)).toBe('miss');
    });
  });

  describe('industries', () => {
    it('matches any of the founder’s industries; a diversified investor is partial', () => {
      expect(verdictOf('industries', { industry_preferences: ['Biotechnology'] })).toBe('match');
      expect(verdictOf('industries', { industry_preferences: ['Diversified', 'Software'] })).toBe('match');
      expect(verdictOf('industries', { industry_preferences: ['Diversified'] })).toBe('partial');
      expect(verdictOf('industries', { industry_preferences: ['Manufacturing'] })).toBe('miss');
    });
  });

  describe('geography', () => {
    it('matches the founder’s geography and any that holds it', () => {
      expect(verdictOf('geography', { geographic_preferences: ['United States - Northeast'] })).toBe('match');
      expect(verdictOf('geography', { geographic_preferences: ['United States'] })).toBe('match');
      const berlin = { ...PROFILE, geography: 'Germany' };
      expect(verdictOf('geography', { geographic_preferences: ['Europe'] }, berlin)).toBe('match');
    });

    it('is partial for a part of it or a neighbour in the same broader geography', () => {
      const us = { ...PROFILE, geography: 'United States' };
      expect(verdictOf('geography', { geographic_preferences: ['United States - Midwest'] }, us)).toBe('partial');
      expect(verdictOf('geography', { geographic_preferences: ['United States - California'] })).toBe('partial');
      const berlin = { ...PROFILE, geography: 'Germany' };
      expect(verdictOf('geography', { geographic_preferences: ['France'] }, berlin)).toBe('partial');
    });

    it('misses elsewhere, and a region standing alone has no neighbours', () => {
      expect(verdictOf('geography', { geographic_preferences: ['Europe', 'Canada'] })).toBe('miss');
      const toronto = { ...PROFILE, geography: 'Canada' };
      expect(verdictOf('geography', { geographic_preferences: ['United States'] }, toronto)).toBe('miss');
      const berlin = { ...PROFILE, geography: 'Germany' };
      expect(verdictOf('geography', { geographic_preferences: ['China', 'Asia'] }, berlin)).toBe('miss');
    });
  });

  describe('check size against a $1,000,000 round', () => {
    it.each([
      // A check between a tenth of the round and all of it fits.
      [100_000, 1_000_000, 'match'],
      [1_000_000, 5_000_000, 'match'],
      [50_000, 100_000, 'match'],
      ['NaN', 200_000, 'match'],
      [500_000, 'NaN', 'match'],
      // Just short of a tenth, or a minimum just over the round: a near miss.
      [10_000, 99_999, 'partial'],
      [1_000_001, 3_000_000, 'partial'],
      [2_000_000, 9_000_000, 'partial'],
      [20_000, 20_000, 'partial'],
      // Far off either way.
      [2_000_001, 9_000_000, 'miss'],
      [1_000, 19_999, 'miss'],
      ['NaN', 'NaN', 'unknown'],
    ])('min %s, max %s: %s', (min, max, verdict) => {
      expect(verdictOf('check_size', { min_investment: min, max_investment: max })).toBe(verdict);
    });
  });

  describe('financing type', () => {
    it('matches the founder’s type; mezzanine is partial for equity or debt', () => {
      expect(verdictOf('financing', { type_of_financing: ['Equity'] })).toBe('match');
      expect(verdictOf('financing', { type_of_financing: ['Mezzanine'] })).toBe('partial');
      expect(verdictOf('financing', { type_of_financing: ['Leases'] })).toBe('miss');
      const royalties = { ...PROFILE, financing_type: 'Royalties' };
      expect(verdictOf('financing', { type_of_financing: ['Mezzanine'] }, royalties)).toBe('miss');
    });

    it('reads a fund’s financing_type', () => {
      const fit = fitOf(compileFitProfile(PROFILE), fitFactsOf('funds', { financing_type: ['Equity'] }));
      expect(fit.reasons.find((r) => r.criterion === 'financing')!.verdict).toBe('match');
    });
  });

  it('scores the sum of the reasons’ points, the same alone as with its reasons', () => {
    const profile = compileFitProfile(PROFILE);
    const row = investor({
      stage_preferences: ['Startup'],
      industry_preferences: ['Diversified'],
      geographic_preferences: ['United States - Midwest'],
      type_of_financing: ['Debt'],
      min_investment: 100_000,
      max_investment: 500_000,
    });
    const facts = fitFactsOf('investors', row);
    const fit = fitOf(profile, facts);
    expect(fit.score).toBe(30 + 15 + 8 + 15 + 0);
    expect(fitScore(profile, facts.stages, facts.industries, facts.geographies, facts.financing, facts.min, facts.max)).toBe(fit.score);
  });

  it('puts each reason in words', () => {
    const fit = fitOf(compileFitProfile(PROFILE), fitFactsOf('investors', investor({ stage_preferences: ['Seed'] })));
    expect(fit.reasons.map((r) => describeFitReason(r, PROFILE))).toEqual([
      'Invests at a stage next to Startup',
      'No industry preferences listed',
      'No geographic preferences listed',
      'No check size listed',
      'No financing types listed',
    ]);
  });

  it('keys a compiled profile by what the score reads, not by name or close date', () => {
    const a = compileFitProfile(PROFILE);
    expect(compileFitProfile({ ...PROFILE, name: 'Other', close_on: '2030-01-01' }).key).toBe(a.key);
    expect(compileFitProfile({ ...PROFILE, industries: ['Biotechnology', 'Software'] }).key).toBe(a.key);
    expect(compileFitProfile({ ...PROFILE, raise_amount: 1_000_001 }).key).not.toBe(a.key);
  });
});
