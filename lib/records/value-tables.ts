/**
 * The sales tool's closed value tables (salestool-protocol.md §4.4), for reading filter ids back
 * into what a record holds. Ids are what the URL carries; labels are the English UI's.
 */

export const SENIORITY_LABELS: Record<string, string> = {
  '100': 'In Training',
  '110': 'Entry Level',
  '120': 'Senior',
  '130': 'Strategic',
  '200': 'Entry Level Manager',
  '210': 'Experienced Manager',
  '220': 'Director',
  '300': 'Vice President',
  '310': 'CXO',
  '320': 'Owner / Partner',
};

export const FUNCTION_LABELS: Record<string, string> = {
  '1': 'Accounting',
  '2': 'Administrative',
  '3': 'Arts and Design',
  '4': 'Business Development',
  '5': 'Community and Social Services',
  '6': 'Consulting',
  '7': 'Education',
  '8': 'Engineering',
  '9': 'Entrepreneurship',
  '10': 'Finance',
  '11': 'Healthcare Services',
  '12': 'Human Resources',
  '13': 'Information Technology',
  '14': 'Legal',
  '15': 'Marketing',
  '16': 'Media and Communication',
  '17': 'Military and Protective Services',
  '18': 'Operations',
  '19': 'Product Management',
  '20': 'Program and Project Management',
  '21': 'Purchasing',
  '22': 'Quality Assurance',
  '23': 'Real Estate',
  '24': 'Research',
  '25': 'Sales',
  '26': 'Customer Success and Support',
};

/** COMPANY_HEADCOUNT buckets with their bounds (employees, inclusive). */
export const HEADCOUNT_BUCKETS: Record<string, { label: string; min: number; max: number }> = {
  A: { label: 'Self-employed', min: 0, max: 1 },
  B: { label: '1-10', min: 1, max: 10 },
  C: { label: '11-50', min: 11, max: 50 },
  D: { label: '51-200', min: 51, max: 200 },
  E: { label: '201-500', min: 201, max: 500 },
  F: { label: '501-1,000', min: 501, max: 1_000 },
  G: { label: '1,001-5,000', min: 1_001, max: 5_000 },
  H: { label: '5,001-10,000', min: 5_001, max: 10_000 },
  I: { label: '10,001+', min: 10_001, max: Number.POSITIVE_INFINITY },
};

export const COMPANY_TYPE_LABELS: Record<string, string> = {
  C: 'Public Company',
  P: 'Privately Held',
  D: 'Educational Institution',
  N: 'Non Profit',
  S: 'Partnership',
  E: 'Self Employed',
  O: 'Self Owned',
  G: 'Government Agency',
};

/** YEARS_* buckets: whole years of tenure or experience, inclusive bounds. */
export const YEARS_BUCKETS: Record<string, { label: string; min: number; max: number }> = {
  '1': { label: 'Less than 1 year', min: 0, max: 0 },
  '2': { label: '1 to 2 years', min: 1, max: 2 },
  '3': { label: '3 to 5 years', min: 3, max: 5 },
  '4': { label: '6 to 10 years', min: 6, max: 10 },
  '5': { label: 'More than 10 years', min: 11, max: Number.POSITIVE_INFINITY },
};

/** RELATIONSHIP codes and the degrees they stand for (F and S are confirmed, O is inferred, §4.4). */
export const RELATIONSHIP_DEGREES: Record<string, { label: string; degrees: number[] }> = {
  F: { label: '1st degree', degrees: [1] },
  S: { label: '2nd degree', degrees: [2] },
  O: { label: '3rd+ degree', degrees: [3, 4] },
};

/** The headcount bucket of a display range ("51-200 employees", "10,001+ employees") or a count. */
export function headcountBucket(range: string | undefined, count?: number): string | undefined {
  if (count !== undefined && Number.isFinite(count)) {
    for (const [id, b] of Object.entries(HEADCOUNT_BUCKETS))
      if (id !== 'A' && count >= b.min && count <= b.max) return id;
  }
  if (!range) return undefined;
  if (/self[- ]?employed/i.test(range)) return 'A';
  const numbers = [...range.replaceAll(',', '').matchAll(/\d+/g)].map((m) => Number(m[0]));
  const low = numbers[0];
  if (low === undefined) return undefined;
  for (const [id, b] of Object.entries(HEADCOUNT_BUCKETS)) if (id !== 'A' && low === b.min) return id;
  // A range not on the bucket edges: the bucket its lower bound falls in.
  for (const [id, b] of Object.entries(HEADCOUNT_BUCKETS)) if (id !== 'A' && low >= b.min && low <= b.max) return id;
  return undefined;
}

/** The YEARS_* bucket of a tenure in months. */
export function yearsBucket(months: number): string {
  const years = Math.floor(months / 12);
  for (const [id, b] of Object.entries(YEARS_BUCKETS)) if (years >= b.min && years <= b.max) return id;
  return '5';
}
