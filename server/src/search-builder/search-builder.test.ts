import { describe, expect, it } from 'vitest';
import { parseSalesNavUrl } from '../../../lib/salesnav/parse-url.ts';
import { CITIES, CONTINENTS, COUNTRIES } from '../sandbox/world/geo-data.ts';
import { INDUSTRY_IDS } from '../sandbox/world/sales-catalog.ts';
import { buildSearch } from './build.ts';
import geographies from './data/geographies.json' with { type: 'json' };
import industries from './data/industries.json' with { type: 'json' };
import { readCases, report, score } from './score.ts';

describe('the test sets', () => {
  it('descriptions.txt: at least 150 descriptions, every filter type at least 95 % precise and complete overall', () => {
    const cases = readCases();
    expect(cases.length).toBeGreaterThanOrEqual(150);
    const result = score(cases);
    console.log(report(result, cases.length));
    expect(result.overall.precision).toBeGreaterThanOrEqual(0.95);
    expect(result.overall.recall).toBeGreaterThanOrEqual(0.95);
    for (const type of ['CURRENT_TITLE', 'REGION', 'INDUSTRY', 'COMPANY_HEADCOUNT', 'SENIORITY_LEVEL', 'FUNCTION']) {
      expect(result.byType[type]?.precision, type).toBeGreaterThanOrEqual(0.9);
      expect(result.byType[type]?.recall, type).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('holdout.txt (not tuned on): at least 90 % precise and complete overall', () => {
    const cases = readCases(new URL('./testset/holdout.txt', import.meta.url));
    const result = score(cases);
    console.log(report(result, cases.length));
    expect(result.overall.precision).toBeGreaterThanOrEqual(0.9);
    expect(result.overall.recall).toBeGreaterThanOrEqual(0.9);
  });

  it('every URL built for the sets is one the URL extraction endpoint accepts, of the asked kind', () => {
    for (const c of [...readCases(), ...readCases(new URL('./testset/holdout.txt', import.meta.url))]) {
      const parsed = parseSalesNavUrl(buildSearch(c.description, c.kind).url);
      expect(parsed.ok, c.description).toBe(true);
      if (parsed.ok) expect(parsed.value.kind).toBe(c.kind === 'LEAD' ? 'people-search' : 'company-search');
    }
  });
});

describe('the data tables agree with the sales tool the sandbox simulates', () => {
  const entries = geographies.entries as { name: string; id: string | null; aliases: string[] }[];
  const byName = (name: string) => entries.find((e) => e.name === name || e.aliases.includes(name.toLowerCase()));

  it('countries, continents and cities carry the simulator’s ids', () => {
    for (const country of Object.values(COUNTRIES))
      expect(byName(country.name)?.id, country.name).toBe(String(country.geoId));
    for (const continent of Object.values(CONTINENTS))
      expect(byName(continent.name)?.id, continent.name).toBe(String(continent.geoId));
    for (const city of CITIES) expect(byName(city.name)?.id, city.name).toBe(String(city.geoId));
  });

  it('the world’s industries have the V2 ids of industries.json', () => {
    const ids = new Map((industries.entries as [string, string][]).map(([id, name]) => [name, id]));
    for (const [name, id] of Object.entries(INDUSTRY_IDS)) expect(ids.get(name), name).toBe(String(id));
  });
});

describe('reading descriptions', () => {
  const used = (d: string, kind: 'LEAD' | 'ACCOUNT' = 'LEAD') => buildSearch(d, kind).filters_used;

  it('LEAD and ACCOUNT searches take different filters from one description', () => {
    const d = 'CTOs at fintech companies in Germany with 51-200 employees that are hiring';
    expect(Object.keys(used(d, 'LEAD')).sort()).toEqual(['COMPANY_HEADCOUNT', 'CURRENT_TITLE', 'INDUSTRY', 'REGION']);
    expect(Object.keys(used(d, 'ACCOUNT')).sort()).toEqual([
      'COMPANY_HEADCOUNT',
      'INDUSTRY',
      'JOB_OPPORTUNITIES',
      'REGION',
    ]);
  });

  it('an exclusion the tool cannot take becomes the complement of its table', () => {
    expect(used('Engineers at companies, excluding startups')).toMatchObject({
      COMPANY_HEADCOUNT: ['201-500', '501-1,000', '1,001-5,000', '5,001-10,000', '10,001+'],
    });
    expect(used('Directors at companies that are not public companies').COMPANY_TYPE).not.toContain('Public Company');
  });

  it('headcount numbers land in the buckets they cover', () => {
    expect(used('CFOs at companies with 50 to 200 employees').COMPANY_HEADCOUNT).toEqual(['51-200']);
    expect(used('CFOs at companies with more than 1000 employees').COMPANY_HEADCOUNT).toEqual([
      '1,001-5,000',
      '5,001-10,000',
      '10,001+',
    ]);
    expect(used('CFOs at companies with fewer than 11 employees').COMPANY_HEADCOUNT).toEqual(['1-10']);
    expect(used('CFOs at mid-size companies').COMPANY_HEADCOUNT).toEqual(['201-500', '501-1,000']);
  });

  it('nothing understood is free text; filler words are not keywords', () => {
    expect(used('Please find me people working on Rust compilers')).toEqual({ keywords: ['Rust compilers'] });
  });
});
