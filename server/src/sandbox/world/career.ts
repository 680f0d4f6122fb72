/**
 * A person's sales-tool profile: seniority, function and title, a career of positions with dates,
 * where they live, education, skills and ids. Each part has its own stream
 * ('person', company, n, 'career' | 'history' | 'geo' | 'education' | 'skills' | 'timeline' | 'ids'),
 * none of which the mail world draws from, so no name, address or mailbox moved when careers came.
 */
import {
  COUNTRY_LANGUAGE,
  DEGREES,
  EXPERIENCE_YEARS,
  FUNCTION_WEIGHTS,
  type FunctionSpec,
  INDUSTRY_FUNCTION_BOOSTS,
  SCHOOLS,
  SENIORITY_WEIGHTS,
} from './career-data.ts';
import { CITIES, CITIES_BY_COUNTRY, type City } from './geo-data.ts';
import { type Rng, rngFor } from './prng.ts';
import { DAY_MS, monthsBefore, SALES_EPOCH, TIMELINE_YEARS } from './timeline.ts';
import { previousSeniority, specFor, titleId, titleOptions } from './titles.ts';
import type { Account, Company, Education, Lead, Person, Position } from './types.ts';

/** Share of people the tool lists only from a date after the epoch (new profiles). */
export const NEW_PROFILE_SHARE = 0.08;
/** Share of people whose job change (to the company their mailbox is at) happens after the epoch. */
export const JOB_CHANGE_SHARE = 0.1;
const TIMELINE_DAYS = Math.round((TIMELINE_YEARS * 365.25 * DAY_MS) / DAY_MS);

export interface CareerContext {
  readonly seed: string;
  readonly companies: readonly Company[];
  readonly accounts: readonly Account[];
  /** Company indexes by country: where previous employers are drawn from. */
  readonly companiesByCountry: ReadonlyMap<string, readonly number[]>;
}

/** The member id of person n of a company: a bijection on 30 bits, so ids are distinct. */
export function memberIdOf(companyIndex: number, n: number): number {
  if (n >= 4096) throw new Error('at most 4096 people per company get member ids');
  return 100_000_000 + (Math.imul(companyIndex * 4096 + n + 1, 0x9e3779b1) >>> 2);
}

/** `ACwAA…`: base64url(00 2C 00 00 ‖ member id, 4 bytes big-endian ‖ 21 bytes), 39 characters (§1.7). */
export function profileIdOf(memberId: number, rest: Uint8Array): string {
  const bytes = new Uint8Array(29);
  bytes.set([0x00, 0x2c, 0x00, 0x00]);
  new DataView(bytes.buffer).setUint32(4, memberId);
  bytes.set(rest.subarray(0, 21), 8);
  return base64url(bytes);
}

/** The member id inside an `ACw…` profile id, or undefined when it is not one. */
export function memberIdOfProfileId(profileId: string): number | undefined {
  const bytes = fromBase64url(profileId);
  if (bytes?.length !== 29 || bytes[0] !== 0 || bytes[1] !== 0x2c || bytes[2] !== 0 || bytes[3] !== 0) return undefined;
  return new DataView(bytes.buffer, bytes.byteOffset).getUint32(4);
}

export function generateLead(ctx: CareerContext, person: Person, personIndex: number, company: Company): Lead {
  const n = Number(person.id.slice(-3));
  const path = ['person', company.index, n] as const;
  const career = rngFor(ctx.seed, ...path, 'career');
  const seniority = career.weighted(seniorityWeights(company.headcount));
  const drawnFunction = career.weighted(functionWeights(company.industry));
  const spec = specFor(seniority, drawnFunction);
  const title = career.pick(titleOptions(seniority, spec));
  const [minYears, maxYears] = EXPERIENCE_YEARS[seniority as keyof typeof EXPERIENCE_YEARS] ?? [2, 10];
  const experienceMonths = Math.max(2, Math.round((minYears + career.next() * (maxYears - minYears)) * 12));

  // When the current role began, and whether the tool learns of it after the epoch.
  const timeline = career;
  const u = timeline.next();
  const afterEpoch = SALES_EPOCH + Math.floor(timeline.next() * TIMELINE_DAYS) * DAY_MS;
  const kind =
    u < NEW_PROFILE_SHARE ? 'new_profile' : u < NEW_PROFILE_SHARE + JOB_CHANGE_SHARE ? 'job_change' : 'settled';

  const history = career;
  const roleMonths = Math.min(experienceMonths, 1 + Math.floor(-Math.log(1 - history.next()) * 30));
  let roleStart: number;
  let listedAt: number | undefined;
  if (kind === 'settled') roleStart = monthsBefore(SALES_EPOCH, roleMonths);
  else if (kind === 'job_change') roleStart = afterEpoch;
  else {
    listedAt = afterEpoch;
    roleStart = afterEpoch - history.int(0, 45) * DAY_MS;
  }

  const positions: Position[] = [position(company, title, seniority, spec, roleStart, undefined, history)];
  let cursor = roleStart;
  let remaining = experienceMonths - (kind === 'settled' ? roleMonths : 0);
  // A promotion inside the company: an earlier, more junior role there.
  if (kind === 'settled' && remaining > 12 && history.chance(0.3)) {
    const months = history.int(6, Math.min(48, remaining - 1));
    const before = previousSeniority(seniority);
    const earlierSpec = specFor(before, spec.name);
    const start = monthsBefore(cursor, months);
    positions.push(
      position(company, history.pick(titleOptions(before, earlierSpec)), before, earlierSpec, start, cursor, history),
    );
    cursor = start;
    remaining -= months;
  }
  // Earlier employers; someone who changes jobs after the epoch always has the one they leave.
  let level = seniority;
  for (let k = 0; k < 3 && (remaining > 6 || (k === 0 && kind === 'job_change')); k++) {
    const leaving = kind === 'job_change' && k === 0;
    const months = history.int(12, Math.max(12, Math.min(72, remaining)));
    const employer = previousEmployer(ctx, company, history);
    level = leaving ? level : previousSeniority(level);
    const earlierSpec = specFor(
      level,
      history.chance(0.8) ? spec.name : history.weighted(functionWeights(employer.industry)),
    );
    // The job someone leaves after the epoch was already theirs at the epoch.
    const start = leaving ? monthsBefore(SALES_EPOCH, Math.min(months, 60)) : monthsBefore(cursor, months);
    positions.push(
      position(employer, history.pick(titleOptions(level, earlierSpec)), level, earlierSpec, start, cursor, history),
    );
    cursor = start;
    remaining -= months;
  }

  const geo = rngFor(ctx.seed, ...path, 'profile');
  const account = ctx.accounts[company.index];
  const city = pickCity(geo, company, person, account);
  const languageCountry = city.country;
  const native = COUNTRY_LANGUAGE[languageCountry] ?? 'en';
  const language = native !== 'en' && geo.chance(0.3) ? 'en' : native;

  const educations = educationOf(geo, person, company, spec, cursor);
  const skillRng = geo;
  const skills = distinct(skillRng, spec.skills, skillRng.int(3, Math.min(8, spec.skills.length)));
  if (skillRng.chance(0.4)) skills.push(skillRng.pick(['Leadership', 'Communication', 'Teamwork', 'Public Speaking']));

  const ids = rngFor(ctx.seed, ...path, 'ids');
  const memberId = memberIdOf(company.index, n);
  const tail = new Uint8Array(21).map(() => ids.int(0, 255));
  const authToken = base64url(new Uint8Array(3).map(() => ids.int(0, 255)));
  const connections = Math.min(30_000, Math.round(20 + -Math.log(1 - ids.next()) * 400));

  return {
    personId: person.id,
    personIndex,
    memberId,
    profileId: profileIdOf(memberId, tail),
    authToken,
    cityIndex: CITY_INDEX.get(city) ?? 0,
    positions,
    ...(listedAt !== undefined ? { listedAt } : {}),
    educations,
    skills,
    language,
    connections,
    premium: ids.chance(0.2),
    openLink: ids.chance(0.1),
    summary: `${title} at ${company.name}. ${skills.slice(0, 3).join(', ')}.`,
  };
}

function position(
  company: Company,
  title: string,
  seniority: number,
  spec: FunctionSpec,
  startedAt: number,
  endedAt: number | undefined,
  rng: Rng,
): Position {
  const focus = rng.pick(spec.skills);
  return {
    companyIndex: company.index,
    title,
    titleId: titleId(title),
    seniority,
    functionName: spec.name,
    startedAt,
    ...(endedAt !== undefined ? { endedAt } : {}),
    description: `${spec.area} at ${company.name}, with a focus on ${focus}.`,
  };
}

const seniorityFor = (factors: Readonly<Record<number, number>>): (readonly [number, number])[] =>
  SENIORITY_WEIGHTS.map(([id, w]) => [id, w * (factors[id] ?? 1)] as const);
/** Small companies have more owners and chiefs, large ones fewer. */
const SENIORITY_BY_SIZE = {
  tiny: seniorityFor({ 320: 5, 310: 3, 300: 0.4, 220: 0.4 }),
  small: seniorityFor({ 320: 2, 310: 1.8 }),
  mid: seniorityFor({}),
  large: seniorityFor({ 320: 0.1, 310: 0.3 }),
};
function seniorityWeights(headcount: number): (readonly [number, number])[] {
  if (headcount <= 10) return SENIORITY_BY_SIZE.tiny;
  if (headcount <= 50) return SENIORITY_BY_SIZE.small;
  return headcount > 1000 ? SENIORITY_BY_SIZE.large : SENIORITY_BY_SIZE.mid;
}

const functionWeightCache = new Map<string, (readonly [string, number])[]>();
export function functionWeights(industry: string): (readonly [string, number])[] {
  let weights = functionWeightCache.get(industry);
  if (!weights) {
    const boosts = INDUSTRY_FUNCTION_BOOSTS[industry] ?? {};
    weights = Object.entries(FUNCTION_WEIGHTS).map(([name, w]) => [name, w * (boosts[name] ?? 1)] as const);
    functionWeightCache.set(industry, weights);
  }
  return weights;
}

function previousEmployer(ctx: CareerContext, company: Company, rng: Rng): Company {
  const local = ctx.companiesByCountry.get(company.country) ?? [];
  for (let attempt = 0; attempt < 4; attempt++) {
    const index = local.length > 1 && rng.chance(0.7) ? rng.pick(local) : rng.int(0, ctx.companies.length - 1);
    const employer = ctx.companies[index];
    if (employer && employer.index !== company.index) return employer;
  }
  // A world of one company: a previous role there.
  return company;
}

function pickCity(rng: Rng, company: Company, person: Person, account: Account | undefined): City {
  const hq = account ? CITIES[account.hqCityIndex] : undefined;
  if (rng.chance(0.9)) {
    if (hq && rng.chance(0.6)) return hq;
    return weightedCity(rng, company.country) ?? (hq as City);
  }
  const elsewhere = person.nameOrigin !== company.country && rng.chance(0.5) ? person.nameOrigin : company.country;
  return weightedCity(rng, elsewhere) ?? weightedCity(rng, company.country) ?? (hq as City);
}

const CITY_INDEX = new Map(CITIES.map((c, i) => [c, i]));
const CITY_WEIGHTS = new Map(
  [...CITIES_BY_COUNTRY].map(([country, cities]) => [country, cities.map((c) => [c, c.weight] as const)]),
);
function weightedCity(rng: Rng, country: string): City | undefined {
  const cities = CITY_WEIGHTS.get(country);
  return cities && cities.length > 0 ? rng.weighted(cities) : undefined;
}

function educationOf(rng: Rng, person: Person, company: Company, spec: FunctionSpec, careerStart: number): Education[] {
  const country = rng.chance(0.7) ? person.nameOrigin : company.country;
  const schools = SCHOOLS[country] ?? SCHOOLS.US ?? [];
  const endYear = new Date(careerStart).getUTCFullYear();
  const [schoolId, schoolName] = rng.pick(schools);
  const first: Education = {
    schoolId,
    schoolName,
    degree: rng.pick(DEGREES.slice(0, 3)),
    fieldOfStudy: rng.pick(spec.studies),
    startYear: endYear - rng.int(3, 4),
    endYear,
  };
  if (!rng.chance(0.25)) return [first];
  const [otherId, otherName] = rng.pick(schools);
  // A master's after some years of work, newest first as profiles list them.
  const masterEnd = Math.min(endYear + rng.int(2, 8), new Date(SALES_EPOCH).getUTCFullYear() - 1);
  return [
    {
      schoolId: otherId,
      schoolName: otherName,
      degree: rng.pick(DEGREES.slice(3)),
      fieldOfStudy: rng.pick(spec.studies),
      startYear: masterEnd - rng.int(1, 2),
      endYear: masterEnd,
    },
    first,
  ];
}

function distinct<T>(rng: Rng, items: readonly T[], n: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n && pool.length > 0) out.push(...pool.splice(rng.int(0, pool.length - 1), 1));
  return out;
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  } catch {
    return undefined;
  }
}
