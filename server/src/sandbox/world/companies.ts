import { domainToASCII } from 'node:url';
import {
  BEHAVIOUR_WEIGHTS,
  BRAND_PREFIXES,
  BRAND_SUFFIXES,
  HEADCOUNT_BUCKETS,
  INDUSTRIES,
  LEGAL_FORMS,
  ROLE_LOCAL_PARTS,
} from './company-data.ts';
import { nameToken, PATTERN_WEIGHTS } from './local-part.ts';
import { COUNTRY_WEIGHTS, NAME_POOLS } from './name-data.ts';
import { type Rng, rngFor } from './prng.ts';
import type { AddressPattern, Company } from './types.ts';

/** The suffix of every generated company domain: a reserved TLD (RFC 6761), never on the internet. */
export const COMPANY_TLD = 'test';

/**
 * Company number `index` of the world. It depends only on the seed, the index and the domains taken
 * by companies before it, so a bigger world starts with exactly the companies of a smaller one.
 * Draws come from two streams: 'identity' (what the sales tool shows) and 'mail' (how it gets mail).
 */
export function generateCompany(seed: string, index: number, takenDomains: Set<string>): Company {
  const who = rngFor(seed, 'company', index, 'identity');
  const country = who.weighted(COUNTRY_WEIGHTS);
  const [industry, industryWords] = who.pick(INDUSTRIES);
  const name = companyName(who, country, industryWords);
  const legalName = `${name} ${who.pick(LEGAL_FORMS[country] ?? ['Inc.'])}`;
  const [low, high] = who.weighted(HEADCOUNT_BUCKETS);
  const headcount = Math.round(low * (high / low) ** who.next());
  const slugStyle = who.weighted([
    ['joined', 45],
    ['hyphen', 25],
    ['first', 30],
  ] as const);

  const mail = rngFor(seed, 'company', index, 'mail');
  const behaviour = mail.weighted(BEHAVIOUR_WEIGHTS);
  const pattern = mail.weighted(patternWeights(headcount));
  const umlauts = country === 'DE' && mail.chance(0.7) ? 'expand' : 'strip';
  const wantsIdn = mail.chance(0.35);
  const roleAddresses = ROLE_LOCAL_PARTS.filter((r) => (r === 'info' ? mail.chance(0.8) : mail.chance(0.2)));

  const { domain, unicodeDomain } = pickDomain(name, umlauts, slugStyle, wantsIdn, country, takenDomains);
  return {
    id: `co_${String(index).padStart(6, '0')}`,
    index,
    name,
    legalName,
    domain,
    unicodeDomain,
    country,
    industry,
    headcount,
    pattern,
    umlauts,
    mail: behaviour,
    roleAddresses,
  };
}

function companyName(rng: Rng, country: string, industryWords: readonly string[]): string {
  const family = NAME_POOLS[country]?.family ?? [];
  const word = rng.pick(industryWords);
  const style = rng.weighted([
    ['family', 25],
    ['partners', 10],
    ['brand', 45],
    ['brand_word', 20],
  ] as const);
  if (style === 'family') return `${rng.pick(family)} ${word}`;
  if (style === 'partners') return `${rng.pick(family)} & ${rng.pick(family)}`;
  const brand = `${rng.pick(BRAND_PREFIXES)}${rng.pick(BRAND_SUFFIXES)}`;
  return style === 'brand' ? brand : `${brand} ${word}`;
}

/** Small companies lean towards {first}@, large ones towards first.last@ and flast@. */
function patternWeights(headcount: number): (readonly [AddressPattern, number])[] {
  return PATTERN_WEIGHTS.map(([p, w]) => {
    if (p === 'first') return [p, headcount <= 50 ? w * 2.5 : headcount > 1000 ? w * 0.2 : w];
    if ((p === 'first.last' || p === 'flast') && headcount > 1000) return [p, w * 1.3];
    return [p, w];
  });
}

function pickDomain(
  name: string,
  umlauts: 'strip' | 'expand',
  style: 'joined' | 'hyphen' | 'first',
  wantsIdn: boolean,
  country: string,
  taken: Set<string>,
): { domain: string; unicodeDomain: string } {
  const words = name
    .split(/[\s&]+/)
    .map((w) => nameToken(w, umlauts))
    .filter(Boolean);
  // A name with letters beyond ASCII sometimes keeps them: an internationalised domain name.
  const unicodeWords = name
    .toLowerCase()
    .split(/[\s&]+/)
    .map((w) => w.replace(/[^\p{L}\p{N}-]/gu, ''))
    .filter(Boolean);
  const idn = wantsIdn && /[^\x00-\x7f]/.test(name) ? [unicodeWords.join('-'), unicodeWords.join('')] : [];
  const first = words[0] ?? 'company';
  const byStyle = { joined: words.join(''), hyphen: words.join('-'), first };
  const slugs = [...idn, byStyle[style], byStyle.joined, byStyle.hyphen, `${byStyle.joined}-${country.toLowerCase()}`];
  for (const slug of slugs) {
    const claimed = claim(slug, taken);
    if (claimed) return claimed;
  }
  for (let n = 2; ; n++) {
    const claimed = claim(`${byStyle.joined}${n}`, taken);
    if (claimed) return claimed;
  }
}

function claim(slug: string, taken: Set<string>): { domain: string; unicodeDomain: string } | undefined {
  if (slug.length < 2 || slug.length > 63) return undefined;
  const unicodeDomain = `${slug}.${COMPANY_TLD}`;
  const domain = domainToASCII(unicodeDomain);
  if (!domain || taken.has(domain)) return undefined;
  taken.add(domain);
  return { domain, unicodeDomain };
}
