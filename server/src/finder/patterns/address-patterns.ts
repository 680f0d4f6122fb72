/**
 * Address patterns in Hunter's placeholder terms ({first} {last} {f} {l} {m}) and how common each is.
 * Priors are verification.md §6 "Prior to start with" [inf]: first.last .35, flast .18, first .14,
 * firstlast .07, f.last .06, firstl .04, first_last .03, last.first .02, lastf .02, last .02; "others
 * share the rest" (.07), split here over the other patterns §6 lists [inf: no public data].
 */
export type AddressPattern =
  | 'first.last'
  | 'flast'
  | 'first'
  | 'firstlast'
  | 'f.last'
  | 'firstl'
  | 'first_last'
  | 'last.first'
  | 'lastf'
  | 'last'
  | 'first.l'
  | 'first-last'
  | 'lastfirst'
  | 'fl'
  | 'lfirst'
  | 'fmlast'
  | 'first.m.last';

export interface NameTokens {
  first: string;
  last: string;
  middleInitial: string | null;
}

interface PatternSpec {
  readonly prior: number;
  /** The local part, or null when the name lacks a part the pattern needs. */
  readonly render: (t: NameTokens) => string | null;
}

const f = (t: NameTokens) => t.first.charAt(0);
const l = (t: NameTokens) => t.last.charAt(0);
const needsBoth = (t: NameTokens, s: string): string | null => (t.first && t.last ? s : null);

export const PATTERNS: Readonly<Record<AddressPattern, PatternSpec>> = {
  'first.last': { prior: 0.35, render: (t) => needsBoth(t, `${t.first}.${t.last}`) },
  flast: { prior: 0.18, render: (t) => needsBoth(t, `${f(t)}${t.last}`) },
  first: { prior: 0.14, render: (t) => t.first || null },
  firstlast: { prior: 0.07, render: (t) => needsBoth(t, `${t.first}${t.last}`) },
  'f.last': { prior: 0.06, render: (t) => needsBoth(t, `${f(t)}.${t.last}`) },
  firstl: { prior: 0.04, render: (t) => needsBoth(t, `${t.first}${l(t)}`) },
  first_last: { prior: 0.03, render: (t) => needsBoth(t, `${t.first}_${t.last}`) },
  'last.first': { prior: 0.02, render: (t) => needsBoth(t, `${t.last}.${t.first}`) },
  lastf: { prior: 0.02, render: (t) => needsBoth(t, `${t.last}${f(t)}`) },
  last: { prior: 0.02, render: (t) => t.last || null },
  'first.l': { prior: 0.015, render: (t) => needsBoth(t, `${t.first}.${l(t)}`) },
  'first-last': { prior: 0.015, render: (t) => needsBoth(t, `${t.first}-${t.last}`) },
  lastfirst: { prior: 0.01, render: (t) => needsBoth(t, `${t.last}${t.first}`) },
  fl: { prior: 0.01, render: (t) => needsBoth(t, `${f(t)}${l(t)}`) },
  lfirst: { prior: 0.005, render: (t) => needsBoth(t, `${l(t)}${t.first}`) },
  fmlast: {
    prior: 0.0075,
    render: (t) => (t.middleInitial ? needsBoth(t, `${f(t)}${t.middleInitial}${t.last}`) : null),
  },
  'first.m.last': {
    prior: 0.0075,
    render: (t) => (t.middleInitial ? needsBoth(t, `${t.first}.${t.middleInitial}.${t.last}`) : null),
  },
};

export const PATTERN_NAMES = Object.keys(PATTERNS) as readonly AddressPattern[];

export const isAddressPattern = (value: string): value is AddressPattern => Object.hasOwn(PATTERNS, value);

/** RFC 5321 dot-atom, lower-case ASCII, 2–64 characters: what the finder is willing to ask about. */
export const isUsableLocalPart = (local: string): boolean =>
  local.length >= 2 && local.length <= 64 && /^[a-z0-9]([a-z0-9._-]*[a-z0-9])?$/.test(local) && !local.includes('..');
