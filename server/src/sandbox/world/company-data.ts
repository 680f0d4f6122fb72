import type { MailBehaviour } from './types.ts';

/** Industries as the sales tool names them, each with words that fit in a company name. */
export const INDUSTRIES: readonly (readonly [string, readonly string[]])[] = [
  ['Software Development', ['Software', 'Systems', 'Labs', 'Cloud', 'Digital']],
  ['IT Services and IT Consulting', ['IT Services', 'Consulting', 'Technologies', 'Solutions']],
  ['Financial Services', ['Capital', 'Finance', 'Partners', 'Advisors']],
  ['Banking', ['Bank', 'Bancorp', 'Savings']],
  ['Insurance', ['Insurance', 'Assurance', 'Mutual']],
  ['Hospitals and Health Care', ['Health', 'Care', 'Medical', 'Clinics']],
  ['Pharmaceutical Manufacturing', ['Pharma', 'Therapeutics', 'Biosciences']],
  ['Biotechnology Research', ['Bio', 'Genomics', 'Life Sciences']],
  ['Industrial Machinery Manufacturing', ['Machinery', 'Engineering', 'Industries', 'Maschinenbau']],
  ['Motor Vehicle Manufacturing', ['Motors', 'Automotive', 'Mobility']],
  ['Truck Transportation', ['Logistics', 'Freight', 'Transport']],
  ['Retail', ['Retail', 'Stores', 'Market', 'Goods']],
  ['Food and Beverage Services', ['Foods', 'Kitchen', 'Beverages', 'Brewing']],
  ['Construction', ['Construction', 'Builders', 'Bau']],
  ['Real Estate', ['Properties', 'Realty', 'Estates']],
  ['Advertising Services', ['Media', 'Creative', 'Agency']],
  ['Marketing Services', ['Marketing', 'Growth', 'Brands']],
  ['Business Consulting and Services', ['Consulting', 'Advisory', 'Group']],
  ['Legal Services', ['Legal', 'Law', 'Counsel']],
  ['Accounting', ['Accounting', 'Audit', 'Tax']],
  ['Higher Education', ['Academy', 'Institute', 'Learning']],
  ['Renewable Energy Semiconductor Manufacturing', ['Energy', 'Solar', 'Power']],
  ['Telecommunications', ['Telecom', 'Networks', 'Connect']],
  ['Computer and Network Security', ['Security', 'Cyber', 'Defense']],
  ['Staffing and Recruiting', ['Talent', 'Staffing', 'Recruiting']],
  ['Hospitality', ['Hotels', 'Hospitality', 'Resorts']],
];

/** Invented brand names are a prefix and a suffix: "North" + "wind" = Northwind. */
export const BRAND_PREFIXES: readonly string[] =
  'North|Blue|Silver|Red|Bright|Iron|Oak|Summit|River|Stone|Clear|Swift|True|Green|Pacific|Atlas|Nova|Apex|Vertex|Beacon|Cedar|Falcon|Granite|Harbor|Lumen|Maple|Orbit|Pioneer|Quantum|Sterling|Terra|Aurora|Crest|Delta|Evergreen|Fjord|Golden|Horizon|Indigo|Juniper|Kestrel|Lake|Meridian|Nimbus|Polar|Quill|Sol'.split(
    '|',
  );
export const BRAND_SUFFIXES: readonly string[] =
  'wind|peak|field|point|bridge|stone|works|gate|line|path|ridge|wave|light|forge|craft|side|view|mark|port|vale|wood|star|loop|stack|hub|leaf'.split(
    '|',
  );

/** Legal forms by country, and the connector a family-name company uses ("Müller & Söhne"). */
export const LEGAL_FORMS: Readonly<Record<string, readonly string[]>> = {
  US: ['Inc.', 'LLC', 'Corp.'],
  GB: ['Ltd', 'PLC', 'LLP'],
  IE: ['Ltd', 'DAC'],
  CA: ['Inc.', 'Ltd'],
  DE: ['GmbH', 'AG', 'GmbH & Co. KG'],
  FR: ['SAS', 'SA', 'SARL'],
  NL: ['B.V.', 'N.V.'],
  ES: ['S.L.', 'S.A.'],
  IT: ['S.r.l.', 'S.p.A.'],
  SE: ['AB'],
  PL: ['sp. z o.o.', 'S.A.'],
  IN: ['Pvt Ltd', 'Ltd'],
  BR: ['Ltda', 'S.A.'],
};

/** Headcount ranges as the sales tool buckets them, with how common each is among companies. */
export const HEADCOUNT_BUCKETS: readonly (readonly [readonly [number, number], number])[] = [
  [[2, 10], 22],
  [[11, 50], 27],
  [[51, 200], 22],
  [[201, 500], 11],
  [[501, 1000], 7],
  [[1001, 5000], 6],
  [[5001, 10000], 3],
  [[10001, 120000], 2],
];

/** Role mailboxes a company may have; every one is on the common role-account lists. */
export const ROLE_LOCAL_PARTS: readonly string[] =
  'info|sales|contact|support|hello|office|admin|hr|jobs|marketing|billing|careers|press'.split('|');

/**
 * How often each behaviour is a generated company's. The ones that only cost a verifier time
 * (silent, greylist_forever) or are not companies at all (nxdomain, disposable, outlook.com-like
 * consumer mail) appear only among the fixed domains of fixed-cases.ts.
 */
export const BEHAVIOUR_WEIGHTS: readonly (readonly [MailBehaviour, number])[] = [
  ['normal', 33],
  ['self_hosted', 14],
  ['microsoft', 16],
  ['catch_all', 9],
  ['microsoft_open', 3],
  ['greylist', 4],
  ['recipient_limit', 3],
  ['slow_greeting', 3],
  ['tls_required', 3],
  ['implicit_mx', 2],
  ['dead_primary_mx', 3],
  ['blocks_us', 2],
  ['blocks_at_connect', 1],
  ['null_mx', 1],
  ['all_mx_dead', 1],
  ['drops', 1],
  ['busy', 1],
];
