/**
 * The sales tool's closed value tables (salestool-protocol.md §4.4): the ids a search URL carries
 * and the labels the tool shows. The simulator filters on these ids, and the world draws from them,
 * so a lead's seniority or a company's headcount bucket is always one the real tool could show.
 */

/** SENIORITY_LEVEL ids (§4.4; HARV, ENUMS, PERSONA, QUESTOR). */
export const SENIORITIES = [
  { id: 100, label: 'In Training' },
  { id: 110, label: 'Entry Level' },
  { id: 120, label: 'Senior' },
  { id: 130, label: 'Strategic' },
  { id: 200, label: 'Entry Level Manager' },
  { id: 210, label: 'Experienced Manager' },
  { id: 220, label: 'Director' },
  { id: 300, label: 'Vice President' },
  { id: 310, label: 'CXO' },
  { id: 320, label: 'Owner / Partner' },
] as const;
export type SeniorityId = (typeof SENIORITIES)[number]['id'];

/** FUNCTION ids 1..26 (§4.4; the same ids name departments in DEPARTMENT_HEADCOUNT). */
export const FUNCTIONS: readonly string[] = [
  'Accounting',
  'Administrative',
  'Arts and Design',
  'Business Development',
  'Community and Social Services',
  'Consulting',
  'Education',
  'Engineering',
  'Entrepreneurship',
  'Finance',
  'Healthcare Services',
  'Human Resources',
  'Information Technology',
  'Legal',
  'Marketing',
  'Media and Communication',
  'Military and Protective Services',
  'Operations',
  'Product Management',
  'Program and Project Management',
  'Purchasing',
  'Quality Assurance',
  'Real Estate',
  'Research',
  'Sales',
  'Customer Success and Support',
];
/** The function id of a function name (1-based, as the tool numbers them). */
export const functionId = (name: string): number => FUNCTIONS.indexOf(name) + 1;

/** COMPANY_HEADCOUNT letters (§4.4) with their ranges and the tool's display labels. */
export const HEADCOUNT_RANGES = [
  { id: 'A', min: 1, max: 1, label: 'Self-employed' },
  { id: 'B', min: 1, max: 10, label: '1-10' },
  { id: 'C', min: 11, max: 50, label: '11-50' },
  { id: 'D', min: 51, max: 200, label: '51-200' },
  { id: 'E', min: 201, max: 500, label: '201-500' },
  { id: 'F', min: 501, max: 1000, label: '501-1,000' },
  { id: 'G', min: 1001, max: 5000, label: '1,001-5,000' },
  { id: 'H', min: 5001, max: 10000, label: '5,001-10,000' },
  { id: 'I', min: 10001, max: Number.POSITIVE_INFINITY, label: '10,001+' },
] as const;

/** The headcount letter of a company size; the world has no one-person companies, so never A. */
export function headcountRange(headcount: number): (typeof HEADCOUNT_RANGES)[number] {
  for (const range of HEADCOUNT_RANGES.slice(1)) if (headcount <= range.max) return range;
  return HEADCOUNT_RANGES[HEADCOUNT_RANGES.length - 1] as (typeof HEADCOUNT_RANGES)[number];
}

/** COMPANY_TYPE letters (§4.4; ENUMS, PERSONA). */
export const COMPANY_TYPES = {
  C: 'Public Company',
  P: 'Privately Held',
  D: 'Educational Institution',
  N: 'Non Profit',
  S: 'Partnership',
  E: 'Self Employed',
  O: 'Self Owned',
  G: 'Government Agency',
} as const;
export type CompanyTypeId = keyof typeof COMPANY_TYPES;

/** YEARS_* buckets (§4.4): 1 <1 year, 2 1-2, 3 3-5, 4 6-10, 5 >10. */
export const YEARS_BUCKETS = [
  { id: 1, label: 'Less than 1 year' },
  { id: 2, label: '1 to 2 years' },
  { id: 3, label: '3 to 5 years' },
  { id: 4, label: '6 to 10 years' },
  { id: 5, label: 'More than 10 years' },
] as const;

/** The YEARS_* bucket of a duration in whole months. [inf] whole years, floored, as the UI shows them. */
export function yearsBucket(months: number): number {
  const years = Math.floor(months / 12);
  if (years < 1) return 1;
  if (years <= 2) return 2;
  if (years <= 5) return 3;
  if (years <= 10) return 4;
  return 5;
}

/** PROFILE_LANGUAGE codes (§4.4) the world's people write their profiles in. */
export const PROFILE_LANGUAGES: Readonly<Record<string, string>> = {
  en: 'English',
  de: 'German',
  fr: 'French',
  nl: 'Dutch',
  es: 'Spanish',
  it: 'Italian',
  sv: 'Swedish',
  pl: 'Polish',
  pt: 'Portuguese',
};

/**
 * INDUSTRY ids of the world's 26 industries: LinkedIn Industry Codes V2, as bundled by a public
 * Sales Navigator URL builder (§4.4, idx:58526294836).
 */
export const INDUSTRY_IDS: Readonly<Record<string, number>> = {
  'Software Development': 4,
  'IT Services and IT Consulting': 96,
  'Financial Services': 43,
  Banking: 41,
  Insurance: 42,
  'Hospitals and Health Care': 14,
  'Pharmaceutical Manufacturing': 15,
  'Biotechnology Research': 12,
  'Industrial Machinery Manufacturing': 135,
  'Motor Vehicle Manufacturing': 53,
  'Truck Transportation': 92,
  Retail: 27,
  'Food and Beverage Services': 34,
  Construction: 48,
  'Real Estate': 44,
  'Advertising Services': 80,
  'Marketing Services': 1862,
  'Business Consulting and Services': 11,
  'Legal Services': 10,
  Accounting: 47,
  'Higher Education': 68,
  'Renewable Energy Semiconductor Manufacturing': 144,
  Telecommunications: 8,
  'Computer and Network Security': 118,
  'Staffing and Recruiting': 104,
  Hospitality: 31,
};

/** NUM_OF_FOLLOWERS buckets (§4.4, the five-bucket reading; ACCTDOC's six is the conflict noted in §7). */
export const FOLLOWER_BUCKETS = [
  { id: 'NFR1', min: 1, max: 50, label: '1-50' },
  { id: 'NFR2', min: 51, max: 100, label: '51-100' },
  { id: 'NFR3', min: 101, max: 1000, label: '101-1000' },
  { id: 'NFR4', min: 1001, max: 5000, label: '1001-5000' },
  { id: 'NFR5', min: 5001, max: Number.POSITIVE_INFINITY, label: '5001+' },
] as const;

/** FORTUNE ids (§4.4). */
export const FORTUNE_BUCKETS = [
  { id: 1, min: 1, max: 50, label: 'Fortune 50' },
  { id: 2, min: 51, max: 100, label: 'Fortune 51-100' },
  { id: 3, min: 101, max: 250, label: 'Fortune 101-250' },
  { id: 4, min: 251, max: 500, label: 'Fortune 251-500' },
] as const;

/**
 * ANNUAL_REVENUE currencies (§4.4) to US dollars. [inf] fixed rates: the notes say the range is in
 * millions of `selectedSubFilter`, not how the tool converts; a simulator needs only a stable one.
 */
export const USD_PER_UNIT: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 1.08,
  GBP: 1.27,
  CAD: 0.73,
  AUD: 0.66,
  INR: 0.012,
  BRL: 0.2,
  SEK: 0.095,
  NOK: 0.093,
  DKK: 0.145,
  JPY: 0.0067,
  CNY: 0.14,
  CHF: 1.12,
  PLN: 0.25,
};

/** RELATIONSHIP ids (§4.4): F 1st, S 2nd, O 3rd+ degree. */
export const RELATIONSHIPS = { F: 1, S: 2, O: 3 } as const;
