/**
 * Does a record really match its search's filters? (decisions.md, "matching": the tool returns
 * leads with an old title or a company outside the headcount range.) Each filter is checked
 * against the facts read from the tool: OR within a filter's INCLUDED values, AND across filters,
 * an EXCLUDED value that fits is a miss (the protocol notes' semantics, §6). A filter the facts
 * cannot decide (viewer relations, lists, CRM, a city against a country-level location, a value
 * known only by an id this code has no table for) is left unjudged: it is not an issue. Keywords
 * are LinkedIn's full-text business and are never judged.
 */
import type { FilterValue, SearchFilter, SearchQuery } from '../salesnav/filters.ts';
import type { AccountFacts, CompanyFacts, LeadFacts, PositionFacts } from './facts.ts';
import { locationIn, REGION_NAMES } from './geography.ts';
import { foldTitle, inferFunctions, inferSeniority } from './infer-role.ts';
import {
  COMPANY_TYPE_LABELS,
  FUNCTION_LABELS,
  HEADCOUNT_BUCKETS,
  headcountBucket,
  RELATIONSHIP_DEGREES,
  SENIORITY_LABELS,
  YEARS_BUCKETS,
  yearsBucket,
} from './value-tables.ts';

export interface MatchResult {
  matches: boolean;
  /** One sentence per failed filter, e.g. `COMPANY_HEADCOUNT: 11-50 employees, not 201-500`. */
  issues: string[];
}

/** What one value says of the facts: fits, does not fit, or cannot be told. */
type Verdict = boolean | undefined;

interface Check {
  /** What the facts hold for this filter, as the issue shows it ("none" when empty). */
  actual: string | undefined;
  fits(value: FilterValue): Verdict;
}

/** `now` (epoch ms) dates the current positions for YEARS_OF_EXPERIENCE. */
export function matchLead(facts: LeadFacts, query: SearchQuery, now: number = Date.now()): MatchResult {
  return judge(query.filters, (filter) => leadCheck(facts, filter, now));
}

export function matchAccount(facts: AccountFacts, query: SearchQuery): MatchResult {
  return judge(query.filters, (filter) => companyCheck(facts.company, filter.type, 'account'));
}

/** A record read from a list or by id has no filters: it matches, with no issues. */
export const NO_FILTERS: MatchResult = { matches: true, issues: [] };

function judge(filters: SearchFilter[], checkFor: (filter: SearchFilter) => Check | undefined): MatchResult {
  const issues: string[] = [];
  for (const filter of filters) {
    const check = checkFor(filter);
    if (!check) continue;
    const issue = filter.rangeValue ? undefined : valuesIssue(filter, check);
    if (issue) issues.push(`${filter.type}: ${issue}`);
  }
  return { matches: issues.length === 0, issues };
}

function valuesIssue(filter: SearchFilter, check: Check): string | undefined {
  const values = filter.values ?? [];
  const included = values.filter((v) => v.selectionType === 'INCLUDED');
  const excluded = values.filter((v) => v.selectionType === 'EXCLUDED');
  const actual = check.actual ?? 'none';
  for (const value of excluded) {
    if (check.fits(value) === true) return `${actual} is excluded (${describe(filter.type, value)})`;
  }
  if (included.length === 0) return undefined;
  const verdicts = included.map((v) => check.fits(v));
  if (verdicts.includes(true) || verdicts.includes(undefined)) return undefined;
  return `${actual}, not ${included.map((v) => describe(filter.type, v)).join(' or ')}`;
}

function describe(type: string, value: FilterValue): string {
  const id = value.id ?? '';
  const label =
    (type === 'SENIORITY_LEVEL' && SENIORITY_LABELS[id]) ||
    (type === 'FUNCTION' && FUNCTION_LABELS[id]) ||
    (type === 'COMPANY_HEADCOUNT' && HEADCOUNT_BUCKETS[id]?.label) ||
    (type === 'COMPANY_TYPE' && COMPANY_TYPE_LABELS[id]) ||
    (type.startsWith('YEARS_') && YEARS_BUCKETS[id]?.label) ||
    (type === 'RELATIONSHIP' && RELATIONSHIP_DEGREES[id]?.label) ||
    value.text ||
    (type === 'REGION' && REGION_NAMES[id]) ||
    id;
  return label;
}

const folded = (text: string) => foldTitle(text).trim();
/** Whole-word containment, accents and case folded: "CTO" fits "CTO & Co-Founder". */
const containsPhrase = (haystack: string | undefined, phrase: string | undefined): Verdict =>
  haystack === undefined || phrase === undefined ? undefined : foldTitle(haystack).includes(foldTitle(phrase));
const sameName = (a: string | undefined, b: string | undefined): Verdict =>
  a === undefined || b === undefined ? undefined : folded(a) === folded(b);

/** `urn:li:organization:1441` or `1441` → `1441`. */
const orgId = (id: string | undefined) => id?.match(/(\d+)$/)?.[1];

function leadCheck(facts: LeadFacts, filter: SearchFilter, now: number): Check | undefined {
  const current = facts.current;
  switch (filter.type) {
    case 'CURRENT_TITLE':
    case 'TITLE':
      return { actual: current?.title, fits: (v) => containsPhrase(current?.title, v.text) };
    case 'PAST_TITLE':
      if (!facts.fullProfile) return undefined;
      return {
        actual: list(facts.past.map((p) => p.title)),
        fits: (v) => anyOf(facts.past, (p) => containsPhrase(p.title, v.text)),
      };
    case 'CURRENT_COMPANY':
      return { actual: current?.companyName, fits: (v) => positionAtCompany(current, v) };
    case 'PAST_COMPANY':
      if (!facts.fullProfile) return undefined;
      return {
        actual: list(facts.past.map((p) => p.companyName)),
        fits: (v) => anyOf(facts.past, (p) => positionAtCompany(p, v)),
      };
    case 'SENIORITY_LEVEL': {
      const inferred = inferSeniority(current?.title);
      if (inferred.length === 0) return undefined;
      return {
        actual: `${current?.title} (read as ${labels(inferred, SENIORITY_LABELS)})`,
        fits: (v) => inferred.includes(v.id ?? '') || undefinedUnless(v.id),
      };
    }
    case 'FUNCTION': {
      const inferred = inferFunctions(current?.title);
      if (inferred.length === 0) return undefined;
      return {
        actual: `${current?.title} (read as ${labels(inferred, FUNCTION_LABELS)})`,
        fits: (v) => inferred.includes(v.id ?? '') || undefinedUnless(v.id),
      };
    }
    case 'YEARS_IN_CURRENT_POSITION':
      return yearsCheck(current?.monthsInRole, 'in role');
    case 'YEARS_AT_CURRENT_COMPANY':
      return yearsCheck(current?.monthsAtCompany, 'at company');
    case 'YEARS_OF_EXPERIENCE':
      return facts.fullProfile ? yearsCheck(experienceMonths(facts, now), 'of experience') : undefined;
    case 'REGION':
      return { actual: facts.location, fits: (v) => placeFits(facts.location, v) };
    case 'FIRST_NAME':
      return { actual: facts.firstName, fits: (v) => sameName(facts.firstName, v.text ?? v.id) };
    case 'LAST_NAME':
      return { actual: facts.lastName, fits: (v) => sameName(facts.lastName, v.text ?? v.id) };
    case 'SCHOOL':
      if (!facts.fullProfile) return undefined;
      return {
        actual: list(facts.educations.map((e) => e.school)),
        fits: (v) => anyOf(facts.educations, (e) => containsPhrase(e.school, v.text)),
      };
    case 'RELATIONSHIP':
      if (facts.degree === undefined) return undefined;
      return {
        actual: `degree ${facts.degree}`,
        fits: (v) => RELATIONSHIP_DEGREES[v.id ?? '']?.degrees.includes(facts.degree as number),
      };
    case 'RECENTLY_CHANGED_JOBS': {
      // "Changed jobs in last 90 days" (§4.4): inferred from the months in the current role.
      const months = current?.monthsInRole;
      return months === undefined ? undefined : { actual: `${months} months in role`, fits: () => months <= 3 };
    }
    case 'INDUSTRY': {
      const company = facts.company?.industry;
      return {
        actual: company ?? facts.industry,
        fits: (v) => either(industryFits(company, v), industryFits(facts.industry, v)),
      };
    }
    case 'COMPANY_HEADCOUNT':
    case 'COMPANY_TYPE':
    case 'COMPANY_HEADQUARTERS':
      return facts.company ? companyCheck(facts.company, filter.type, 'lead') : undefined;
    default:
      return undefined;
  }
}

function companyCheck(company: CompanyFacts, type: string, of: 'lead' | 'account'): Check | undefined {
  switch (type) {
    case 'COMPANY_HEADCOUNT': {
      const bucket = headcountBucket(company.headcountRange, company.employeeCount);
      if (!bucket) return undefined;
      return {
        actual: company.headcountRange ?? `${company.employeeCount} employees`,
        fits: (v) => v.id === bucket || undefinedUnless(v.id),
      };
    }
    case 'COMPANY_TYPE':
      if (!company.type) return undefined;
      return { actual: company.type, fits: (v) => sameName(company.type, COMPANY_TYPE_LABELS[v.id ?? ''] ?? v.text) };
    case 'INDUSTRY':
      return { actual: company.industry, fits: (v) => industryFits(company.industry, v) };
    case 'REGION':
    case 'HEADQUARTERS_LOCATION':
    case 'COMPANY_HEADQUARTERS': {
      const where = headquartersText(company) ?? (of === 'account' ? company.location : undefined);
      return { actual: where, fits: (v) => placeFits(where, v) };
    }
    default:
      return undefined;
  }
}

function headquartersText(company: CompanyFacts): string | undefined {
  const hq = company.headquarters;
  if (!hq) return company.location;
  const parts = [hq.city, hq.area, hq.country].filter((p): p is string => Boolean(p));
  return parts.length > 0 ? parts.join(', ') : company.location;
}

function placeFits(location: string | undefined, value: FilterValue): Verdict {
  const name = value.text ?? REGION_NAMES[value.id ?? ''];
  return name === undefined ? undefined : locationIn(location, name);
}

/** Industry names (V2 codes have a hierarchy this code does not hold): equal names fit, others do not. */
function industryFits(industry: string | undefined, value: FilterValue): Verdict {
  if (value.text === undefined) return undefined;
  return sameName(industry, value.text);
}

function positionAtCompany(position: PositionFacts | undefined, value: FilterValue): Verdict {
  if (!position) return false;
  const id = orgId(value.id);
  if (id !== undefined && position.companyId !== undefined && id === position.companyId) return true;
  if (value.text !== undefined) return sameName(position.companyName, value.text);
  return undefined;
}

function yearsCheck(months: number | undefined, what: string): Check | undefined {
  if (months === undefined) return undefined;
  const bucket = yearsBucket(months);
  return {
    actual: `${Math.floor(months / 12)} years ${months % 12} months ${what}`,
    fits: (v) => v.id === bucket || undefinedUnless(v.id),
  };
}

/** Months since the earliest position began, up to the latest one's end (or now, if one is current). */
function experienceMonths(facts: LeadFacts, now: number): number | undefined {
  const positions = [facts.current, ...facts.otherCurrent, ...facts.past].filter((p): p is PositionFacts => !!p);
  const starts = positions.map((p) => monthIndex(p.startedOn)).filter((m): m is number => m !== undefined);
  if (starts.length === 0) return undefined;
  const today = new Date(now);
  const end = today.getUTCFullYear() * 12 + today.getUTCMonth();
  return Math.max(0, end - Math.min(...starts));
}

const monthIndex = (d: { year?: number; month?: number } | undefined) =>
  d?.year === undefined ? undefined : d.year * 12 + ((d.month ?? 1) - 1);

/** A value with no id cannot be judged by id: undefined instead of false. */
const undefinedUnless = (id: string | undefined): Verdict => (id === undefined ? undefined : false);

function anyOf<T>(items: T[], fits: (item: T) => Verdict): Verdict {
  const verdicts = items.map(fits);
  if (verdicts.includes(true)) return true;
  return verdicts.includes(undefined) ? undefined : false;
}

function either(a: Verdict, b: Verdict): Verdict {
  if (a === true || b === true) return true;
  return a === undefined && b === undefined ? undefined : false;
}

const list = (items: (string | undefined)[]) => items.filter(Boolean).join(', ') || undefined;
const labels = (ids: string[], table: Record<string, string>) => ids.map((id) => table[id] ?? id).join(' or ');
