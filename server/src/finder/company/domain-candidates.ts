/**
 * Domains a company may use, most likely first. verification.md §6 step 2: joined words, hyphenated,
 * first word, acronym; `.com` first, then the country domain implied by the legal form or the country
 * given, then `.io .co .ai .net`. Weights (slug × TLD) are [inf] judgement, not measured.
 */
import { domainToASCII } from 'node:url';
import { hasUmlaut, type UmlautStyle } from '../names/ascii-fold.ts';
import { cleanCompanyName, foldedWords, isGenericWord } from './company-name.ts';
import { countryTld } from './legal-forms.ts';

export interface DomainCandidateOptions {
  /** ISO 3166-1 alpha-2 of the company's country, when known. */
  readonly country?: string | null;
  /** Suffixes to try before all others (a deployment's own, e.g. a test world's reserved TLD). */
  readonly extraTlds?: readonly string[];
  /** At most this many domains (default 12). */
  readonly max?: number;
}

const GENERIC_TLDS: readonly (readonly [string, number])[] = [
  ['io', 0.4],
  ['co', 0.35],
  ['ai', 0.3],
  ['net', 0.3],
];

/** A name written as a domain ("Booking.com") is its own first candidate. */
const DOMAIN_LIKE = /^[a-z0-9][a-z0-9-]*(\.[a-z0-9-]+)*\.[a-z]{2,}$/i;

function slugs(words: readonly string[], style: UmlautStyle): [string, number][] {
  const folded = foldedWords(words, style);
  if (folded.length === 0) return [];
  const out: [string, number][] = [
    [folded.join(''), 1],
    [folded.join('-'), 0.5],
  ];
  const core = folded.filter((w) => !isGenericWord(w));
  if (core.length > 0 && core.length < folded.length) {
    out.push([core.join(''), 0.5], [core.join('-'), 0.2]);
  }
  if (folded.length > 1) out.push([folded[0] ?? '', 0.3]);
  if (words.includes('&'))
    out.push([
      foldedWords(
        words.map((w) => (w === '&' ? 'and' : w)),
        style,
      ).join(''),
      0.2,
    ]);
  if (core.length >= 3) out.push([core.map((w) => w.charAt(0)).join(''), 0.2]);
  return out;
}

/** Internationalised forms (müller-maschinenbau) as A-labels, for names with letters beyond ASCII. */
function idnSlugs(words: readonly string[]): [string, number][] {
  const unicode = words.filter((w) => w !== '&').map((w) => w.toLowerCase().replace(/[^\p{L}\p{N}-]/gu, ''));
  if (!unicode.some((w) => /[^\x00-\x7f]/.test(w))) return [];
  return [
    [unicode.join(''), 0.3],
    [unicode.join('-'), 0.2],
  ];
}

export function domainCandidates(companyName: string, options: DomainCandidateOptions = {}): string[] {
  const trimmed = companyName.trim().toLowerCase();
  const { words, legalTlds } = cleanCompanyName(companyName);
  const styles: UmlautStyle[] = hasUmlaut(companyName) ? ['expand', 'strip'] : ['strip'];
  const slugWeights = new Map<string, number>();
  const country = options.country && /^[a-z]{2}$/i.test(options.country) ? options.country.toLowerCase() : null;
  // A company whose name was taken in its market's .com sometimes adds the country: acme-de.com [inf].
  const countrySlugs: [string, number][] = country
    ? styles.map((s) => [`${foldedWords(words, s).join('')}-${country}`, 0.15])
    : [];
  for (const [slug, weight] of [...styles.flatMap((s) => slugs(words, s)), ...idnSlugs(words), ...countrySlugs]) {
    if (slug.length >= 2 && slug.length <= 63) slugWeights.set(slug, Math.max(slugWeights.get(slug) ?? 0, weight));
  }
  const tldWeights = new Map<string, number>();
  const addTld = (tld: string | null, weight: number) => {
    if (tld && !tldWeights.has(tld)) tldWeights.set(tld, weight);
  };
  for (const tld of options.extraTlds ?? []) addTld(tld.replace(/^\./, '').toLowerCase(), 1.2);
  addTld('com', 1);
  addTld(countryTld(options.country), 0.9);
  for (const [i, tld] of legalTlds.entries()) addTld(tld, 0.8 - 0.05 * i); // GmbH: .de before .at before .ch
  for (const [tld, weight] of GENERIC_TLDS) addTld(tld, weight);

  const scored: [string, number][] = [];
  if (DOMAIN_LIKE.test(trimmed)) scored.push([trimmed, 10]);
  for (const [slug, sw] of slugWeights) {
    for (const [tld, tw] of tldWeights) scored.push([`${slug}.${tld}`, sw * tw]);
  }
  const seen = new Set<string>();
  const out: string[] = [];
  for (const [domain] of scored.sort((a, b) => b[1] - a[1])) {
    const ascii = domainToASCII(domain);
    if (!ascii || seen.has(ascii)) continue;
    seen.add(ascii);
    out.push(ascii);
  }
  return out.slice(0, options.max ?? 12);
}
