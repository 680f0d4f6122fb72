/**
 * The search builder as the extension uses it: the `/v1/search-builder/` call the background makes
 * (the popup never calls /v1 itself), the message the popup sends for it, and the chips the popup
 * shows from `filters_used` (excluded values marked).
 */
import { z } from 'zod';
import type { Call } from '../api/client.ts';
import { type SearchBuilderIn, SearchBuilderOutSchema } from '../contract/search-builder.ts';

/** `POST /v1/search-builder/` on the client's request function (background only). */
export function searchBuilderCalls(call: Call) {
  return {
    buildSearch: (body: SearchBuilderIn) => call('POST', '/v1/search-builder/', SearchBuilderOutSchema, body),
  };
}

/** The popup's request to the background: a description and the kind of search. */
export const BuildSearchMessage = z
  .object({
    type: z.literal('build-search'),
    description: z.string().trim().min(10).max(2000),
    searchType: z.enum(['LEAD', 'ACCOUNT']),
  })
  .strict();
export type BuildSearchMessage = z.infer<typeof BuildSearchMessage>;

/** The background's answer: the URL and the filters as the service understood them. */
export const BuildSearchReply = z.object({
  ok: z.literal(true),
  url: z.string(),
  filtersUsed: z.record(z.string(), z.array(z.string())),
});
export type BuildSearchReply = z.infer<typeof BuildSearchReply>;

export interface Chip {
  /** The filter type as the tool names it, or "keywords". */
  type: string;
  label: string;
  excluded: boolean;
}

const TYPE_NAMES: Record<string, string> = {
  CURRENT_TITLE: 'Title',
  SENIORITY_LEVEL: 'Seniority',
  FUNCTION: 'Function',
  COMPANY_HEADCOUNT: 'Headcount',
  INDUSTRY: 'Industry',
  REGION: 'Location',
  COMPANY_HEADQUARTERS: 'HQ',
  COMPANY_TYPE: 'Company type',
  YEARS_OF_EXPERIENCE: 'Experience',
  YEARS_IN_CURRENT_POSITION: 'In role',
  YEARS_AT_CURRENT_COMPANY: 'At company',
  PROFILE_LANGUAGE: 'Language',
  RECENTLY_CHANGED_JOBS: 'Changed jobs',
  POSTED_ON_LINKEDIN: 'Posted',
  CURRENT_COMPANY: 'Company',
  PAST_COMPANY: 'Past company',
  ANNUAL_REVENUE: 'Revenue',
  COMPANY_HEADCOUNT_GROWTH: 'Growth',
  keywords: 'Keywords',
};

/** A readable name for a filter type ("CURRENT_TITLE" → "Title"). */
export const filterTypeName = (type: string): string =>
  TYPE_NAMES[type] ?? type.charAt(0) + type.slice(1).toLowerCase().replaceAll('_', ' ');

/** `filters_used` as chips, in the service's order; a `NOT ` label is an excluded chip. */
export function chipsOf(filtersUsed: Record<string, string[]>): Chip[] {
  return Object.entries(filtersUsed).flatMap(([type, labels]) =>
    labels.map((label) =>
      label.startsWith('NOT ') ? { type, label: label.slice(4), excluded: true } : { type, label, excluded: false },
    ),
  );
}
