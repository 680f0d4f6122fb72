/**
 * The search builder as the extension uses it: the `/v1/search-builder/` call the background makes
 * (the popup never calls /v1 itself), the message the popup sends for it, its failures in plain
 * words, and the chips the popup shows from `filters_used` (excluded values marked).
 */
import { z } from 'zod';
import type { Call } from '../api/client.ts';
import { describeFailure } from '../api/describe-failure.ts';
import type { ApiFailure } from '../api/failure.ts';
import { type SearchBuilderIn, SearchBuilderOutSchema } from '../contract/search-builder.ts';
import { type Problem, problem } from '../problem.ts';

/** `POST /v1/search-builder/` on the client's request function (background only). */
export function searchBuilderCalls(call: Call) {
  return {
    buildSearch: (body: SearchBuilderIn) => call('POST', '/v1/search-builder/', SearchBuilderOutSchema, body),
  };
}

/** The service's bounds on a description (lib/contract/search-builder.ts); the popup says them before sending. */
export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 2000;

/**
 * The popup's request to the background: a description and the kind of search. The length rule is
 * the service's: a description it refuses comes back as its 422, put into words below, rather than
 * as a malformed message that would tell the user nothing.
 */
export const BuildSearchMessage = z
  .object({
    type: z.literal('build-search'),
    description: z.string().max(DESCRIPTION_MAX),
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

/**
 * A failed `/v1/search-builder/` call in words. The 422 is about the description (too short, too
 * long), not an outdated extension; a 404 is a service from before the search builder.
 */
export function describeBuildFailure(failure: ApiFailure, service: string): Problem {
  if (failure.kind === 'http' && failure.error?.type === 'ValidationError') {
    const issue = failure.error.details?.find((d) => d.field === 'body.description');
    if (issue?.rule === 'too_big') {
      return problem(
        'ValidationError',
        `The description is too long: the search builder reads at most ${DESCRIPTION_MAX.toLocaleString('en-US')} characters.`,
        'Shorten it to the people or companies you want, then press Build search again.',
      );
    }
    if (issue) {
      return problem(
        'ValidationError',
        `The description is too short: the search builder needs at least ${DESCRIPTION_MIN} characters.`,
        'Describe who you are looking for in a few words, e.g. “CTOs at fintech startups in France”, then press Build search again.',
      );
    }
  }
  if (failure.kind === 'http' && failure.status === 404 && failure.error?.type === 'NotFound') {
    return problem(
      'NotFound',
      `The service at ${service} has no search builder: it is older than this extension.`,
      'Update the service to the version of the extension (npm start runs the current one), then try again.',
    );
  }
  return describeFailure(failure, service);
}

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
