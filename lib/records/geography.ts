/**
 * Enough geography to tell whether a location string ("Munich, Bavaria, Germany") lies in a REGION
 * filter value. The tool's geo ids come from its typeahead (§4.4 lists the few known ones); only
 * countries and the large regions are judged here, anything finer is left unjudged rather than
 * guessed (a city filter against "Germany" cannot be decided from the string).
 */
import { foldTitle } from './infer-role.ts';

/** REGION ids seen in real URLs (§4.4), for values that carry an id without a text. */
export const REGION_NAMES: Record<string, string> = {
  '103644278': 'United States',
  '101165590': 'United Kingdom',
  '101174742': 'Canada',
  '102713980': 'India',
  '105015875': 'France',
  '101282230': 'Germany',
  '100565514': 'Belgium',
  '102221843': 'North America',
  '100506914': 'Europe',
  '102393603': 'Asia',
  '91000007': 'EMEA',
  '91000003': 'APAC',
  '90000084': 'San Francisco Bay Area',
  '90009496': 'London Area, United Kingdom',
};

const EUROPE = [
  'Austria',
  'Belgium',
  'Bulgaria',
  'Croatia',
  'Cyprus',
  'Czechia',
  'Czech Republic',
  'Denmark',
  'Estonia',
  'Finland',
  'France',
  'Germany',
  'Greece',
  'Hungary',
  'Iceland',
  'Ireland',
  'Italy',
  'Latvia',
  'Lithuania',
  'Luxembourg',
  'Malta',
  'Netherlands',
  'Norway',
  'Poland',
  'Portugal',
  'Romania',
  'Serbia',
  'Slovakia',
  'Slovenia',
  'Spain',
  'Sweden',
  'Switzerland',
  'Ukraine',
  'United Kingdom',
];
const NORTH_AMERICA = ['United States', 'Canada', 'Mexico'];
const ASIA = [
  'China',
  'Hong Kong',
  'India',
  'Indonesia',
  'Japan',
  'Malaysia',
  'Pakistan',
  'Philippines',
  'Singapore',
  'South Korea',
  'Taiwan',
  'Thailand',
  'Vietnam',
  'Bangladesh',
  'Sri Lanka',
];
const MIDDLE_EAST_AFRICA = [
  'United Arab Emirates',
  'Saudi Arabia',
  'Israel',
  'Turkey',
  'Qatar',
  'Egypt',
  'South Africa',
  'Nigeria',
  'Kenya',
  'Morocco',
];
const OCEANIA = ['Australia', 'New Zealand'];
const SOUTH_AMERICA = ['Brazil', 'Argentina', 'Chile', 'Colombia', 'Peru'];

/** Large regions by the countries in them. */
const REGIONS: Record<string, string[]> = {
  europe: EUROPE,
  'european union': EUROPE.filter(
    (c) => !['Iceland', 'Norway', 'Serbia', 'Switzerland', 'Ukraine', 'United Kingdom'].includes(c),
  ),
  'north america': NORTH_AMERICA,
  asia: ASIA,
  'asia pacific': [...ASIA, ...OCEANIA],
  apac: [...ASIA, ...OCEANIA],
  emea: [...EUROPE, ...MIDDLE_EAST_AFRICA],
  oceania: OCEANIA,
  'south america': SOUTH_AMERICA,
  'latin america': [...SOUTH_AMERICA, 'Mexico'],
  dach: ['Germany', 'Austria', 'Switzerland'],
  benelux: ['Belgium', 'Netherlands', 'Luxembourg'],
  nordics: ['Denmark', 'Finland', 'Iceland', 'Norway', 'Sweden'],
};

/** Other ways a country is written in location strings. */
const COUNTRY_ALIASES: Record<string, string> = {
  usa: 'United States',
  us: 'United States',
  'united states of america': 'United States',
  uk: 'United Kingdom',
  england: 'United Kingdom',
  scotland: 'United Kingdom',
  wales: 'United Kingdom',
  deutschland: 'Germany',
  'the netherlands': 'Netherlands',
  holland: 'Netherlands',
};

const fold = (text: string) => foldTitle(text).trim();
const COUNTRIES = new Map<string, string>(
  [...new Set(Object.values(REGIONS).flat())].map((country) => [fold(country), country]),
);
for (const [alias, country] of Object.entries(COUNTRY_ALIASES)) COUNTRIES.set(alias, country);

export function countryOf(name: string | undefined): string | undefined {
  return name === undefined ? undefined : COUNTRIES.get(fold(name));
}

/** The country a location string ends with ("City, Region, Country"), when it is one this module knows. */
export function locationCountry(location: string | undefined): string | undefined {
  const last = location?.split(',').at(-1);
  return countryOf(last);
}

/**
 * Whether `location` lies in the place named `place`: true, false, or undefined when it cannot be
 * told (a city or state the location string does not spell out, an unknown place).
 */
export function locationIn(location: string | undefined, place: string): boolean | undefined {
  if (!location) return undefined;
  const parts = location.split(',').map(fold);
  const wanted = fold(place.split(',')[0] ?? place);
  if (parts.includes(wanted) || ` ${fold(location)} `.includes(` ${wanted} `)) return true;
  const country = locationCountry(location);
  if (!country) return undefined;
  const region = REGIONS[wanted];
  if (region) return region.includes(country);
  const wantedCountry = countryOf(place);
  if (wantedCountry) return wantedCountry === country;
  return undefined;
}
