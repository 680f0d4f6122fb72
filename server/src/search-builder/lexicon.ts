/**
 * The search builder's vocabulary, read from the data files in ./data (each names its source):
 * industries (LinkedIn Industry Codes V2), geographies (REGION ids), seniorities, functions,
 * company types, profile languages, title abbreviations and industry words. Also the text helpers
 * every pass shares: folding (lower case, no accents, same length as the input) and the stem a
 * word is compared by (plural and singular alike).
 */
import geographies from './data/geographies.json' with { type: 'json' };
import industries from './data/industries.json' with { type: 'json' };
import industryAliases from './data/industry-aliases.json' with { type: 'json' };
import vocabulary from './data/vocabulary.json' with { type: 'json' };

export interface Value {
  id?: string;
  label: string;
}

export interface Geo {
  name: string;
  id: string | null;
  kind: string;
  label: string;
  aliases: string[];
}

/** Lower case without accents, one output character per input character (offsets stay valid). */
export function fold(text: string): string {
  let out = '';
  for (const ch of text) {
    const plain = ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    const one = plain.length === ch.length ? plain : ch.toLowerCase().length === ch.length ? ch.toLowerCase() : ch;
    out += one === '’' ? "'" : one;
  }
  return out;
}

/** The form a word is compared by: folded, singular ("companies" → "company", "ctos" → "cto"). */
export function stem(word: string): string {
  const w = fold(word);
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 3 && /(?:ches|shes|sses|xes)$/.test(w)) return w.slice(0, -2);
  if (w.length > 2 && w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}

/** A phrase as the stems of its words: hyphens and slashes split words, as in the text. */
export function phraseKey(phrase: string): string {
  return words(phrase)
    .map((w) => stem(w))
    .join(' ');
}

export function words(text: string): string[] {
  return fold(text)
    .replace(/[-–—/]/g, ' ')
    .split(/[^\p{L}\p{N}&+']+/u)
    .filter((w) => w !== '');
}

// ---------------------------------------------------------------------------------------------
// Industries

const INDUSTRY_BY_NAME = new Map<string, Value>();
for (const [id, name] of industries.entries as [string, string][]) INDUSTRY_BY_NAME.set(name, { id, label: name });

export function industryByName(name: string): Value {
  const value = INDUSTRY_BY_NAME.get(name);
  if (!value) throw new Error(`industry '${name}' is not in industries.json`);
  return value;
}

/** Phrase key → industries, for words that always name an industry (names and plain aliases). */
export const INDUSTRY_PLAIN = new Map<string, Value[]>();
/** Phrase key → industries, for words that name an industry only next to a company word. */
export const INDUSTRY_CONTEXTUAL = new Map<string, Value[]>();
/** Industry names that are also what people are called: "physicians in Miami" asks for a title. */
const PEOPLE_NAMED = new Set([
  'Physicians',
  'Dentists',
  'Chiropractors',
  'Optometrists',
  'Musicians',
  'Artists and Writers',
]);
for (const value of INDUSTRY_BY_NAME.values()) {
  // Full names are unambiguous, except the few that are also function names ("Accounting").
  if (!PEOPLE_NAMED.has(value.label)) INDUSTRY_PLAIN.set(phraseKey(value.label), [value]);
}
for (const [alias, names] of Object.entries(industryAliases.plain as Record<string, string[]>)) {
  INDUSTRY_PLAIN.set(phraseKey(alias), names.map(industryByName));
}
for (const [alias, names] of Object.entries(industryAliases.contextual as Record<string, string[]>)) {
  INDUSTRY_CONTEXTUAL.set(phraseKey(alias), names.map(industryByName));
  INDUSTRY_PLAIN.delete(phraseKey(alias));
}

// ---------------------------------------------------------------------------------------------
// Geographies

const GEO_SOURCE = geographies as unknown as {
  entries: { name: string; id: string | null; kind: string; label?: string; aliases: string[] }[];
  groups: { name: string; members: string[]; aliases: string[] }[];
};

export const GEOS: Geo[] = GEO_SOURCE.entries.map((e) => ({ ...e, label: e.label ?? e.name }));
const GEO_BY_NAME = new Map(GEOS.map((g) => [g.name, g]));

/** Phrase key → the places it names (a group such as "DACH" names several). */
export const GEO_PHRASES = new Map<string, Geo[]>();
for (const geo of GEOS) {
  for (const phrase of [geo.name, ...geo.aliases]) GEO_PHRASES.set(phraseKey(phrase), [geo]);
}
for (const group of GEO_SOURCE.groups) {
  const members = group.members.map((m) => {
    const geo = GEO_BY_NAME.get(m);
    if (!geo) throw new Error(`geography group ${group.name} names unknown ${m}`);
    return geo;
  });
  for (const phrase of [group.name, ...group.aliases]) GEO_PHRASES.set(phraseKey(phrase), members);
}
/** Place names that are also everyday words or pronouns: only capitalised in the text. */
export const CAPITALISED_GEOS = new Set([
  'us',
  'nice',
  'rio',
  'la',
  'sf',
  'georgia',
  'washington',
  'america',
  'lima',
  'reading',
  'bath',
  'split',
  'eu',
  'uk',
  'anz',
  'uki',
  'dc',
  'cork',
  'valencia',
  'santiago',
]);

// ---------------------------------------------------------------------------------------------
// Closed tables

interface Entry {
  id: string;
  label: string;
  phrases: string[];
}

export const SENIORITIES: Entry[] = vocabulary.seniorities.entries;
export const SENIORITY_GROUPS: { phrases: string[]; ids: string[] }[] = vocabulary.seniorities.groups.entries;
export const FUNCTIONS: Entry[] = vocabulary.functions.entries;
export const COMPANY_TYPES: Entry[] = vocabulary.companyTypes.entries;
export const LANGUAGES: [string, string][] = vocabulary.profileLanguages.entries as [string, string][];
export const TITLE_ABBREVIATIONS: Record<string, string> = vocabulary.titleAbbreviations.entries;

export const seniority = (id: string): Value => {
  const e = SENIORITIES.find((s) => s.id === id);
  if (!e) throw new Error(`seniority ${id}`);
  return { id: e.id, label: e.label };
};

const index = (entries: Entry[]): Map<string, Value> => {
  const map = new Map<string, Value>();
  for (const e of entries) for (const p of [e.label, ...e.phrases]) map.set(phraseKey(p), { id: e.id, label: e.label });
  return map;
};
export const SENIORITY_PHRASES = index(SENIORITIES);
export const FUNCTION_PHRASES = index(FUNCTIONS);
export const COMPANY_TYPE_PHRASES = index(COMPANY_TYPES);
export const SENIORITY_GROUP_PHRASES = new Map<string, Value[]>();
for (const g of SENIORITY_GROUPS)
  for (const p of g.phrases) SENIORITY_GROUP_PHRASES.set(phraseKey(p), g.ids.map(seniority));

export const LANGUAGE_BY_NAME = new Map<string, Value>(
  LANGUAGES.map(([id, name]) => [fold(name), { id, label: name }] as const),
);
LANGUAGE_BY_NAME.set('indonesian', { id: 'in', label: 'Bahasa Indonesia' });
LANGUAGE_BY_NAME.set('mandarin', { id: 'zh', label: 'Chinese' });

/** Closed tables with their ids, for range-like filters (labels as the account UI writes them). */
export const HEADCOUNT = [
  { id: 'B', label: '1-10', min: 1, max: 10 },
  { id: 'C', label: '11-50', min: 11, max: 50 },
  { id: 'D', label: '51-200', min: 51, max: 200 },
  { id: 'E', label: '201-500', min: 201, max: 500 },
  { id: 'F', label: '501-1,000', min: 501, max: 1000 },
  { id: 'G', label: '1,001-5,000', min: 1001, max: 5000 },
  { id: 'H', label: '5,001-10,000', min: 5001, max: 10000 },
  { id: 'I', label: '10,001+', min: 10001, max: Number.POSITIVE_INFINITY },
] as const;
export const YEARS = [
  { id: '1', label: 'Less than 1 year', min: 0, max: 0 },
  { id: '2', label: '1 to 2 years', min: 1, max: 2 },
  { id: '3', label: '3 to 5 years', min: 3, max: 5 },
  { id: '4', label: '6 to 10 years', min: 6, max: 10 },
  { id: '5', label: 'More than 10 years', min: 11, max: Number.POSITIVE_INFINITY },
] as const;
export const FOLLOWERS = [
  { id: 'NFR1', label: '1-50', min: 1, max: 50 },
  { id: 'NFR2', label: '51-100', min: 51, max: 100 },
  { id: 'NFR3', label: '101-1000', min: 101, max: 1000 },
  { id: 'NFR4', label: '1001-5000', min: 1001, max: 5000 },
  { id: 'NFR5', label: '5001+', min: 5001, max: Number.POSITIVE_INFINITY },
] as const;
export const FORTUNE = [
  { id: '1', label: 'Fortune 50', max: 50 },
  { id: '2', label: 'Fortune 51-100', max: 100 },
  { id: '3', label: 'Fortune 101-250', max: 250 },
  { id: '4', label: 'Fortune 251-500', max: 500 },
] as const;
/** ANNUAL_REVENUE boundaries the tool accepts, in millions (§4.4); 1001 is "1000+". */
export const REVENUE_MINS = [0, 0.5, 1, 2.5, 5, 10, 20, 50, 100, 500, 1000];
export const REVENUE_MAXES = [2.5, 5, 10, 20, 50, 100, 500, 1000, 1001];
