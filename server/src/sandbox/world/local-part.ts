import type { AddressPattern } from './types.ts';

/** Letters NFKD leaves alone (they are not letter + accent in Unicode). */
const NO_DECOMPOSITION: Readonly<Record<string, string>> = {
  ß: 'ss',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
  ð: 'd',
};

const GERMAN_UMLAUTS: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue' };

/**
 * A name as a mail administrator would type it into a local part: lower-case ASCII, accents dropped
 * (or German umlauts written out, as many German-speaking companies do), apostrophes, spaces and
 * dots removed (O'Brien -> obrien, van der Meer -> vandermeer), hyphens kept (smith-jones).
 */
export function nameToken(name: string, umlauts: 'strip' | 'expand'): string {
  let s = name.toLowerCase();
  if (umlauts === 'expand') s = s.replace(/[äöü]/g, (c) => GERMAN_UMLAUTS[c] ?? c);
  s = s.replace(/[ßøłđæœþð]/g, (c) => NO_DECOMPOSITION[c] ?? c);
  s = s.normalize('NFKD').replace(/\p{M}/gu, '');
  s = s.replace(/[^a-z0-9-]/g, '');
  return s.replace(/^-+|-+$/g, '').replace(/-{2,}/g, '-');
}

/** The local part a pattern gives for name tokens (already normalised by nameToken). */
export function localPartFor(pattern: AddressPattern, first: string, last: string): string {
  const f = first.charAt(0);
  const l = last.charAt(0);
  switch (pattern) {
    case 'first.last':
      return `${first}.${last}`;
    case 'flast':
      return `${f}${last}`;
    case 'first':
      return first;
    case 'firstlast':
      return `${first}${last}`;
    case 'f.last':
      return `${f}.${last}`;
    case 'firstl':
      return `${first}${l}`;
    case 'first_last':
      return `${first}_${last}`;
    case 'last.first':
      return `${last}.${first}`;
    case 'lastf':
      return `${last}${f}`;
    case 'last':
      return last;
  }
}

/**
 * How often each pattern is a company's main one; a prior from verification.md §6 (small companies
 * lean towards {first}, large ones towards first.last and flast: see companies.ts).
 */
export const PATTERN_WEIGHTS: readonly (readonly [AddressPattern, number])[] = [
  ['first.last', 35],
  ['flast', 18],
  ['first', 14],
  ['firstlast', 7],
  ['f.last', 6],
  ['firstl', 4],
  ['first_last', 3],
  ['last.first', 2],
  ['lastf', 2],
  ['last', 2],
];

/** The same local part is never given twice on a domain: later holders get 2, 3 … appended. */
export function uniqueLocalPart(wanted: string, taken: ReadonlySet<string>): string {
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n++) {
    const candidate = `${wanted}${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
