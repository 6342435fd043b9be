import { describe, expect, it } from 'vitest';
import { CatalogueGenerator } from '../../src/server/db/seed/generate.js';
import { PLACES } from '../../src/server/db/seed/places.js';
import {
  FINANCING_TYPES,
  FIRM_TYPES,
  GENDERS,
  GEOGRAPHIES,
  INDUSTRIES,
  STAGES,
} from '../../src/shared/vocabularies.js';

const N_INVESTORS = 4000;
const N_FUNDS = 1500;
const generator = new CatalogueGenerator();
const investorRows = Array.from({ length: N_INVESTORS }, (_, i) => generator.investorAt(i));
const fundRows = Array.from({ length: N_FUNDS }, (_, i) => generator.fundAt(i));

const share = <T>(rows: T[], test: (row: T) => boolean) => rows.filter(test).length / rows.length;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

describe('catalogue generator', () => {
  it('makes the same row for the same index, whatever was made before', () => {
    const fresh = new CatalogueGenerator();
    expect(fresh.investorAt(1234)).toEqual(investorRows[1234]);
    expect(fresh.fundAt(77)).toEqual(fundRows[77]);
    expect(fresh.investorAt(0)).toEqual(investorRows[0]);
    expect(investorRows[0]).not.toEqual(investorRows[1]);
  });

  it('uses every value of every vocabulary, for investors and for funds', () => {
    const used = (values: string[]) => new Set(values);
    expect(used(investorRows.map((r) => r.type_of_firm))).toEqual(new Set(FIRM_TYPES));
    expect(used(fundRows.map((r) => r.firm_type))).toEqual(new Set(FIRM_TYPES));
    expect(used(investorRows.flatMap((r) => r.type_of_financing ?? []))).toEqual(new Set(FINANCING_TYPES));
    expect(used(fundRows.flatMap((r) => r.financing_type ?? []))).toEqual(new Set(FINANCING_TYPES));
    for (const rows of [investorRows, fundRows]) {
      expect(used(rows.flatMap((r) => r.stage_preferences ?? []))).toEqual(new Set(STAGES));
      expect(used(rows.flatMap((r) => r.industry_preferences ?? []))).toEqual(new Set(INDUSTRIES));
      expect(used(rows.flatMap((r) => r.geographic_preferences ?? []))).toEqual(new Set(GEOGRAPHIES));
    }
    expect(used(investorRows.map((r) => r.gender).filter((g) => g !== 'NaN'))).toEqual(new Set(GENDERS));
  });

  it('leaves a few percent of values missing, as imported data has', () => {
    const missingText = (read: (r: (typeof investorRows)[number]) => string) =>
      share(investorRows, (r) => read(r) === 'NaN');
    for (const read of [
      (r: (typeof investorRows)[number]) => r.email,
      (r: (typeof investorRows)[number]) => r.phone,
      (r: (typeof investorRows)[number]) => r.office_website,
    ]) {
      expect(missingText(read)).toBeGreaterThan(0.01);
      expect(missingText(read)).toBeLessThan(0.1);
    }
    expect(share(investorRows, (r) => r.capital_managed === null)).toBeGreaterThan(0.01);
    expect(share(investorRows, (r) => r.capital_managed === null)).toBeLessThan(0.1);
    expect(share(fundRows, (r) => r.min_investment === null)).toBeGreaterThan(0.01);
    expect(share(fundRows, (r) => r.contact_email === 'NaN')).toBeLessThan(0.1);
  });

  it('keeps check sizes ordered and capital skewed: a long tail of large firms', () => {
    for (const r of [...investorRows, ...fundRows]) {
      if (r.min_investment != null && r.max_investment != null)
        expect(r.min_investment).toBeLessThanOrEqual(r.max_investment);
      if (r.max_investment != null && r.capital_managed != null)
        expect(r.max_investment).toBeLessThanOrEqual(r.capital_managed);
    }
    const capital = investorRows.flatMap((r) => (r.capital_managed == null ? [] : [r.capital_managed]));
    const mean = capital.reduce((a, b) => a + b, 0) / capital.length;
    expect(mean).toBeGreaterThan(2 * median(capital));
    expect(Math.max(...capital)).toBeGreaterThan(50 * median(capital));
  });

  it('places people coherently: a city with its own state and country, e-mail at the firm domain', () => {
    const known = new Set(PLACES.map((p) => `${p.city}|${p.state}|${p.country}`));
    for (const r of investorRows) {
      if (r.city !== 'NaN' && r.state !== 'NaN') expect(known.has(`${r.city}|${r.state}|${r.country}`)).toBe(true);
      if (r.email !== 'NaN' && r.office_website !== 'NaN') {
        expect(r.office_website).toBe(`https://www.${r.email.split('@')[1]}`);
      }
    }
    const countries = new Set(investorRows.map((r) => r.country));
    expect(countries.size).toBeGreaterThan(12);
    expect(share(investorRows, (r) => r.country === 'United States')).toBeGreaterThan(0.5);
    for (const f of fundRows) {
      if (f.firm_address !== 'NaN') expect(f.firm_address).toContain(`, ${f.firm_city},`);
      if (f.women_investors != null && f.number_of_investors != null) {
        expect(f.women_investors).toBeLessThanOrEqual(f.number_of_investors);
      }
    }
  });

  it('has several investors at large firms and many firms with one', () => {
    const perFirm = new Map<string, number>();
    for (const r of investorRows) perFirm.set(r.firm_name, (perFirm.get(r.firm_name) ?? 0) + 1);
    const sizes = [...perFirm.values()];
    expect(Math.max(...sizes)).toBeGreaterThan(5);
    expect(share(sizes, (n) => n === 1)).toBeGreaterThan(0.5);
  });
});
