/**
 * Legal forms that end company names, with the country domains they hint at. verification.md §6
 * "Company name → domain" step 1–2: cleanco's termdata (psolin/cleanco) by type and country, ISO 20275
 * ELF as the normative list; the TLD hints (GmbH→.de/.at/.ch, SAS/SARL→.fr, BV→.nl, AB→.se, Oy→.fi,
 * Ltd→.co.uk, Pty Ltd→.com.au, S.r.l./S.p.A.→.it, S.L.→.es, Sp. z o.o.→.pl) are from §6 as well;
 * the rest [inf]. Forms are written as the words left after lower-casing and dropping dots.
 */
export const LEGAL_FORMS: readonly (readonly [form: string, tlds: readonly string[]])[] = [
  ['inc', []],
  ['incorporated', []],
  ['corp', []],
  ['corporation', []],
  ['llc', []],
  ['lp', []],
  ['pllc', []],
  ['co', []],
  ['company', []],
  ['ltd', ['co.uk']],
  ['limited', ['co.uk']],
  ['plc', ['co.uk']],
  ['llp', ['co.uk']],
  ['dac', ['ie']],
  ['pty ltd', ['com.au']],
  ['pty', ['com.au']],
  ['pte ltd', ['com.sg']],
  ['pvt ltd', ['in', 'co.in']],
  ['private limited', ['in', 'co.in']],
  ['sdn bhd', ['com.my']],
  ['bhd', ['com.my']],
  ['gmbh & co kg', ['de']],
  ['gmbh & co', ['de']],
  ['gmbh', ['de', 'at', 'ch']],
  ['ag', ['de', 'ch', 'at']],
  ['kgaa', ['de']],
  ['kg', ['de', 'at']],
  ['ohg', ['de']],
  ['ug', ['de']],
  ['ev', ['de']],
  ['se', ['de', 'eu']],
  ['sas', ['fr']],
  ['sasu', ['fr']],
  ['sarl', ['fr']],
  ['eurl', ['fr']],
  ['sa', ['fr', 'es', 'ch', 'be']],
  ['bv', ['nl', 'be']],
  ['nv', ['nl', 'be']],
  ['ab', ['se']],
  ['oyj', ['fi']],
  ['oy', ['fi']],
  ['asa', ['no']],
  ['as', ['no', 'dk']],
  ['a/s', ['dk', 'no']],
  ['aps', ['dk']],
  ['srl', ['it', 'ro']],
  ['spa', ['it']],
  ['sl', ['es']],
  ['slu', ['es']],
  ['sp z oo', ['pl']],
  ['spzoo', ['pl']],
  ['sro', ['cz', 'sk']],
  ['kft', ['hu']],
  ['zrt', ['hu']],
  ['doo', ['hr', 'rs', 'si']],
  ['ltda', ['com.br', 'pt']],
  ['lda', ['pt']],
  ['kk', ['co.jp']],
  ['ou', ['ee']],
  ['uab', ['lt']],
  ['sia', ['lv']],
];

/** Country (ISO 3166-1 alpha-2) → its usual company domain suffix (co.uk rather than uk) [inf]. */
const COUNTRY_SUFFIX: Readonly<Record<string, string>> = {
  GB: 'co.uk',
  UK: 'co.uk',
  AU: 'com.au',
  NZ: 'co.nz',
  BR: 'com.br',
  IN: 'in',
  JP: 'co.jp',
  ZA: 'co.za',
  MX: 'com.mx',
  SG: 'com.sg',
  MY: 'com.my',
  US: 'com',
};

export function countryTld(country: string | null | undefined): string | null {
  if (!country || !/^[A-Za-z]{2}$/.test(country)) return null;
  const upper = country.toUpperCase();
  return COUNTRY_SUFFIX[upper] ?? upper.toLowerCase();
}

/** Words that are often, but not always, left out of a company's domain [inf]. */
export const GENERIC_WORDS: ReadonlySet<string> = new Set([
  'the',
  'group',
  'holding',
  'holdings',
  'international',
  'global',
  'worldwide',
  'gruppe',
  'groupe',
]);
