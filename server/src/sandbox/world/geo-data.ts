/**
 * Places of the world, with the sales tool's geo ids (REGION, COMPANY_HEADQUARTERS and
 * HEADQUARTERS_LOCATION values, §4.4). A place matches every id on its path: its city (or metro),
 * its US state, its country, its continent and the EMEA/APAC aggregates.
 *
 * Country, continent, aggregate and US state ids are the ones public URL builders use (§4.4,
 * idx:58526294836). [inf] ids of cities other than the two metros the notes name, of countries the
 * notes do not list (IE, NL, ES, IT, SE, PL, BR: the ids LinkedIn's public geo URNs carry) and of
 * South America are not confirmed by the notes; the simulator's typeahead (salesApiFacetTypeahead,
 * type BING_GEO) lists them all, as the real one would.
 */

export interface Country {
  readonly code: string;
  readonly name: string;
  readonly geoId: number;
  readonly continent: 'NA' | 'EU' | 'AS' | 'SA';
}

export interface City {
  readonly name: string;
  readonly country: string;
  /** The state, province or region as the location string shows it. */
  readonly region: string;
  readonly geoId: number;
  /** A US state's geo id, when the city is in the United States. */
  readonly stateGeoId?: number;
  /** One postal code per city: what POSTAL_CODE filters match. [inf] the radius is not modelled. */
  readonly postalCode: string;
  /** How much of the country's workforce lives there. */
  readonly weight: number;
}

export const CONTINENTS = {
  NA: { name: 'North America', geoId: 102221843 },
  EU: { name: 'Europe', geoId: 100506914 },
  AS: { name: 'Asia', geoId: 102393603 },
  SA: { name: 'South America', geoId: 104514572 }, // [inf]
} as const;

/** EMEA and APAC, the aggregates the region typeahead offers (§4.4). */
export const AGGREGATES = { EMEA: 91000007, APAC: 91000003 } as const;

export const COUNTRIES: Readonly<Record<string, Country>> = {
  US: { code: 'US', name: 'United States', geoId: 103644278, continent: 'NA' },
  CA: { code: 'CA', name: 'Canada', geoId: 101174742, continent: 'NA' },
  GB: { code: 'GB', name: 'United Kingdom', geoId: 101165590, continent: 'EU' },
  IE: { code: 'IE', name: 'Ireland', geoId: 104738515, continent: 'EU' },
  DE: { code: 'DE', name: 'Germany', geoId: 101282230, continent: 'EU' },
  FR: { code: 'FR', name: 'France', geoId: 105015875, continent: 'EU' },
  NL: { code: 'NL', name: 'Netherlands', geoId: 102890719, continent: 'EU' },
  ES: { code: 'ES', name: 'Spain', geoId: 105646813, continent: 'EU' },
  IT: { code: 'IT', name: 'Italy', geoId: 103350119, continent: 'EU' },
  SE: { code: 'SE', name: 'Sweden', geoId: 105117694, continent: 'EU' },
  PL: { code: 'PL', name: 'Poland', geoId: 105072130, continent: 'EU' },
  IN: { code: 'IN', name: 'India', geoId: 102713980, continent: 'AS' },
  BR: { code: 'BR', name: 'Brazil', geoId: 106057199, continent: 'SA' },
};

// [inf] city ids from 90100001 up are the simulator's own, except the two metros the notes name.
const c = (
  name: string,
  country: string,
  region: string,
  geoId: number,
  postalCode: string,
  weight: number,
  stateGeoId?: number,
): City => ({ name, country, region, geoId, postalCode, weight, ...(stateGeoId ? { stateGeoId } : {}) });

export const CITIES: readonly City[] = [
  c('New York', 'US', 'New York', 90100001, '10001', 24, 105080838),
  c('San Francisco', 'US', 'California', 90000084, '94105', 18, 102095887),
  c('Austin', 'US', 'Texas', 90100003, '78701', 10, 102748797),
  c('Chicago', 'US', 'Illinois', 90100004, '60601', 12, 101949407),
  c('Boston', 'US', 'Massachusetts', 90100005, '02108', 10, 101098412),
  c('Seattle', 'US', 'Washington', 90100006, '98101', 9, 103977389),
  c('Denver', 'US', 'Colorado', 90100007, '80202', 6, 105763813),
  c('Atlanta', 'US', 'Georgia', 90100008, '30303', 6, 103950076),
  c('Miami', 'US', 'Florida', 90100009, '33131', 5, 101318387),
  c('Toronto', 'CA', 'Ontario', 90100020, 'M5H', 50),
  c('Montreal', 'CA', 'Quebec', 90100021, 'H2Y', 30),
  c('Vancouver', 'CA', 'British Columbia', 90100022, 'V6B', 20),
  c('London', 'GB', 'England', 90009496, 'EC1A', 55),
  c('Manchester', 'GB', 'England', 90100031, 'M1', 20),
  c('Edinburgh', 'GB', 'Scotland', 90100032, 'EH1', 13),
  c('Bristol', 'GB', 'England', 90100033, 'BS1', 12),
  c('Dublin', 'IE', 'County Dublin', 90100040, 'D02', 75),
  c('Cork', 'IE', 'County Cork', 90100041, 'T12', 25),
  c('Berlin', 'DE', 'Berlin', 90100050, '10115', 30),
  c('München', 'DE', 'Bayern', 90100051, '80331', 25),
  c('Hamburg', 'DE', 'Hamburg', 90100052, '20095', 20),
  c('Frankfurt am Main', 'DE', 'Hessen', 90100053, '60311', 15),
  c('Stuttgart', 'DE', 'Baden-Württemberg', 90100054, '70173', 10),
  c('Paris', 'FR', 'Île-de-France', 90100060, '75001', 60),
  c('Lyon', 'FR', 'Auvergne-Rhône-Alpes', 90100061, '69001', 25),
  c('Marseille', 'FR', "Provence-Alpes-Côte d'Azur", 90100062, '13001', 15),
  c('Amsterdam', 'NL', 'North Holland', 90100070, '1012', 50),
  c('Rotterdam', 'NL', 'South Holland', 90100071, '3011', 30),
  c('Utrecht', 'NL', 'Utrecht', 90100072, '3511', 20),
  c('Madrid', 'ES', 'Comunidad de Madrid', 90100080, '28001', 50),
  c('Barcelona', 'ES', 'Cataluña', 90100081, '08001', 35),
  c('Valencia', 'ES', 'Comunidad Valenciana', 90100082, '46001', 15),
  c('Milano', 'IT', 'Lombardia', 90100090, '20121', 50),
  c('Roma', 'IT', 'Lazio', 90100091, '00118', 30),
  c('Torino', 'IT', 'Piemonte', 90100092, '10121', 20),
  c('Stockholm', 'SE', 'Stockholm County', 90100100, '111 20', 60),
  c('Göteborg', 'SE', 'Västra Götaland County', 90100101, '411 03', 25),
  c('Malmö', 'SE', 'Skåne County', 90100102, '211 20', 15),
  c('Warszawa', 'PL', 'Mazowieckie', 90100110, '00-001', 50),
  c('Kraków', 'PL', 'Małopolskie', 90100111, '30-001', 30),
  c('Wrocław', 'PL', 'Dolnośląskie', 90100112, '50-001', 20),
  c('Bengaluru', 'IN', 'Karnataka', 90100120, '560001', 40),
  c('Mumbai', 'IN', 'Maharashtra', 90100121, '400001', 25),
  c('Hyderabad', 'IN', 'Telangana', 90100122, '500001', 20),
  c('Pune', 'IN', 'Maharashtra', 90100123, '411001', 15),
  c('São Paulo', 'BR', 'São Paulo', 90100130, '01000-000', 60),
  c('Rio de Janeiro', 'BR', 'Rio de Janeiro', 90100131, '20000-000', 25),
  c('Belo Horizonte', 'BR', 'Minas Gerais', 90100132, '30100-000', 15),
];

export const CITIES_BY_COUNTRY: ReadonlyMap<string, readonly City[]> = (() => {
  const map = new Map<string, City[]>();
  for (const city of CITIES) map.set(city.country, [...(map.get(city.country) ?? []), city]);
  return map;
})();

/** The location string the tool shows: "Austin, Texas, United States". */
export function locationText(city: City): string {
  const country = COUNTRIES[city.country]?.name ?? city.country;
  return city.region === city.name ? `${city.name}, ${country}` : `${city.name}, ${city.region}, ${country}`;
}

/** Every geo id a place in this city matches, most specific first. */
export function geoIdsOf(city: City): number[] {
  const country = COUNTRIES[city.country];
  const ids = [city.geoId];
  if (city.stateGeoId) ids.push(city.stateGeoId);
  if (country) {
    ids.push(country.geoId, CONTINENTS[country.continent].geoId);
    if (country.continent === 'EU') ids.push(AGGREGATES.EMEA);
    if (country.continent === 'AS') ids.push(AGGREGATES.APAC);
  }
  return ids;
}

/** Every named geo the typeahead can offer: id and display text. */
export function allGeos(): { id: number; text: string }[] {
  const out = new Map<number, string>();
  for (const [, v] of Object.entries(CONTINENTS)) out.set(v.geoId, v.name);
  out.set(AGGREGATES.EMEA, 'EMEA');
  out.set(AGGREGATES.APAC, 'APAC');
  for (const country of Object.values(COUNTRIES)) out.set(country.geoId, country.name);
  for (const city of CITIES) {
    out.set(city.geoId, locationText(city));
    if (city.stateGeoId) out.set(city.stateGeoId, `${city.region}, United States`);
  }
  return [...out].map(([id, text]) => ({ id, text }));
}
