/**
 * A company's account in the sales tool: its sales id, headquarters, type, website, description and
 * the numbers account filters read. Drawn from the stream ('company', index, 'account'), which no
 * mail-world field uses, so adding accounts changed no company, domain or mailbox.
 */
import { CITIES, CITIES_BY_COUNTRY, type City, COUNTRIES } from './geo-data.ts';
import { rngFor } from './prng.ts';
import { DAY_MS, SALES_EPOCH, TIMELINE_END } from './timeline.ts';
import type { Account, Company } from './types.ts';

const GENERIC_SPECIALTIES =
  'Consulting|Custom Solutions|Customer Service|Innovation|Quality Management|Digital Transformation|Sustainability|B2B|Analytics|Automation|Project Delivery|Research and Development'.split(
    '|',
  );
const STREETS = [
  'Main Street',
  'Market Street',
  'Harbour Road',
  'Station Road',
  'Park Avenue',
  'High Street',
  'King Street',
];

/** A bijection on 24 bits: distinct companies get distinct ids that do not look sequential. */
export function salesIdOf(index: number): number {
  return 1_000_000 + (Math.imul(index + 1, 0x9e3779b1) >>> 8);
}

export function generateAccount(seed: string, company: Company): Account {
  const rng = rngFor(seed, 'company', company.index, 'account');
  const cities = CITIES_BY_COUNTRY.get(company.country) ?? [];
  const hq = rng.weighted(cities.map((city) => [city, city.weight] as const)) as City;
  const big = company.headcount > 5000;
  const type = companyType(rng.next(), company);
  const yearFounded = big ? rng.int(1900, 1995) : company.headcount > 200 ? rng.int(1950, 2015) : rng.int(1985, 2023);
  const specialties = pickDistinct(rng, [company.industry, ...GENERIC_SPECIALTIES], rng.int(3, 5));
  const followers = Math.round(company.headcount * (2 + rng.next() * 28)) + rng.int(0, 200);
  const revenueUsdM = round2(company.headcount * (0.05 + rng.next() * 0.3));
  const growthPercent = rng.int(-15, 40);
  const hiring = rng.chance(company.headcount > 200 ? 0.6 : 0.3);
  // Some companies raise money during the two years before the epoch or the timeline after it.
  const fundingAt: number[] = [];
  if (rng.chance(0.15)) {
    const from = SALES_EPOCH - 730 * DAY_MS;
    fundingAt.push(from + Math.floor(rng.next() * ((TIMELINE_END - from) / DAY_MS)) * DAY_MS);
  }
  const country = COUNTRIES[company.country]?.name ?? company.country;
  const description =
    `${company.name} is a ${company.industry.toLowerCase()} company headquartered in ${hq.name}, ${country}. ` +
    `Founded in ${yearFounded}, it serves clients with ${specialties.slice(0, 3).join(', ').toLowerCase()}.`;
  return {
    companyIndex: company.index,
    salesId: salesIdOf(company.index),
    website: `https://www.${company.unicodeDomain}`,
    description,
    type,
    yearFounded,
    hqCityIndex: CITIES.indexOf(hq),
    hqStreet: `${rng.int(1, 250)} ${rng.pick(STREETS)}`,
    specialties,
    followers,
    revenueUsdM,
    growthPercent,
    hiring,
    fundingAt,
    // [inf] a rank for large US companies only; ranks are drawn, not unique.
    ...(company.country === 'US' && company.headcount > 10_000 ? { fortuneRank: rng.int(1, 500) } : {}),
  };
}

function companyType(u: number, company: Company): string {
  if (company.industry === 'Higher Education') return u < 0.7 ? 'D' : u < 0.9 ? 'N' : 'P';
  if (company.name.includes(' & ')) return u < 0.7 ? 'S' : 'P';
  if (company.headcount > 5000) return u < 0.6 ? 'C' : 'P';
  if (company.headcount <= 10) return u < 0.2 ? 'O' : u < 0.25 ? 'E' : 'P';
  if (u < 0.08) return 'C';
  if (u < 0.1) return 'N';
  if (u < 0.11) return 'G';
  return 'P';
}

function pickDistinct<T>(rng: { int(a: number, b: number): number }, items: readonly T[], n: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n && pool.length > 0) out.push(...pool.splice(rng.int(0, pool.length - 1), 1));
  return out;
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

/** The tool's short display of a headcount: "120", "1K+", "100K+". [inf] from the "100K+" sample (§2.5). */
export function employeeDisplayCount(headcount: number): string {
  if (headcount < 1000) return String(headcount);
  const steps = [100_000, 10_000, 1000];
  for (const step of steps) if (headcount >= step) return `${Math.floor(headcount / step) * (step / 1000)}K+`;
  return String(headcount);
}
