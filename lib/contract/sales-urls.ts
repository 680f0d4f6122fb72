import { z } from 'zod';
import type { PageKind } from '../salesnav/page-kind.ts';
import { parseSalesNavUrl } from '../salesnav/parse-url.ts';
import { MAX_SALES_URL_LENGTH } from '../salesnav/sales-path.ts';
import { type SalesNavUrlRule, targetPageKind } from '../salesnav/target.ts';

/*
 * The Sales Navigator addresses the /v1 bodies take. lib/salesnav/parse-url.ts reads them (https
 * only; www., bare and country linkedin.com hosts; the paths and query forms of
 * salestool-protocol.md §1; the Rest.li query and its filter types), so the extension and the
 * service accept and refuse the same URLs, for the same reasons.
 */

/** Longest URL taken: search URLs carry their filters in the query string, so they can be long. */
export { MAX_SALES_URL_LENGTH };

/** What POST /v1/extractions/url/ extracts. */
export const EXTRACTABLE_PAGE_KINDS = ['people-search', 'company-search', 'lead-list', 'account-list'] as const;
/** What a recurring export schedules. */
export const SCHEDULABLE_PAGE_KINDS = ['people-search', 'company-search'] as const;

/**
 * Refusals about what is inside a URL of the right page (its query, ids, parameters): the parser's
 * own reason says more than "must be a search URL" would. Refusals about host, scheme and path get
 * the field's general message.
 */
const SPECIFIC_RULES: ReadonlySet<SalesNavUrlRule> = new Set([
  'too-long',
  'public-profile',
  'sign-in-page',
  'bad-id',
  'bad-parameter',
  'legacy-search',
  'malformed-query',
  'unknown-filter-type',
]);

const pageUrl = (allowed: readonly PageKind[], messages: { wrongKind: string; unknown: string }) =>
  z
    .url({ error: 'must be a URL', abort: true })
    .max(MAX_SALES_URL_LENGTH)
    .superRefine((value, ctx) => {
      const parsed = parseSalesNavUrl(value);
      if (parsed.ok && allowed.includes(targetPageKind(parsed.value))) return;
      const message = parsed.ok
        ? messages.wrongKind
        : SPECIFIC_RULES.has(parsed.rule)
          ? parsed.reason
          : messages.unknown;
      ctx.addIssue({ code: 'custom', message });
    });

/** A people or company search URL, saved search URL, or lead or account list URL. */
export const ExtractableUrlSchema = pageUrl(EXTRACTABLE_PAGE_KINDS, {
  unknown:
    'must be a Sales Navigator people or company search, saved search, or lead or account list URL (https://www.linkedin.com/sales/…)',
  wrongKind:
    'is a single lead or account page: extract it with POST /v1/extractions/single/ or /v1/extractions/profiles/',
});

/** A people or company search URL (saved searches included): what a recurring export takes. */
export const SchedulableUrlSchema = pageUrl(SCHEDULABLE_PAGE_KINDS, {
  unknown:
    'must be a Sales Navigator people or company search URL (https://www.linkedin.com/sales/search/people or /company)',
  wrongKind: 'lists and single profiles cannot be scheduled: give a people or company search URL',
});

/* ------------------------------------------------------------------------------------------------
 * Profile references (profile_id, profile_ids)
 * ---------------------------------------------------------------------------------------------- */

export type ProfileKind = 'lead' | 'account';

const PROFILE_REF_MESSAGE =
  'must be a Sales Navigator lead or account URL (https://www.linkedin.com/sales/lead/<id>, …/sales/company/<id>) or a bare sales-tool id';

/**
 * Whether a profile reference names a lead or an account, or why it names neither. A reference is
 * a lead or account page URL, a bare id (all digits is an account, any other id a lead) or a sales
 * URN, as lib/salesnav/parse-url.ts reads them.
 */
export function readProfileRef(value: string): ProfileKind | { error: string } {
  const parsed = parseSalesNavUrl(value);
  if (parsed.ok && (parsed.value.kind === 'lead' || parsed.value.kind === 'account')) return parsed.value.kind;
  if (!parsed.ok && parsed.rule === 'public-profile') return { error: parsed.reason };
  return { error: PROFILE_REF_MESSAGE };
}

/** The kind of lead or account a reference names, or null when it names none. */
export function profileRefKind(value: string): ProfileKind | null {
  const kind = readProfileRef(value);
  return typeof kind === 'string' ? kind : null;
}

/** One lead or account, as a Sales Navigator URL or a bare id. */
export const ProfileRefSchema = z
  .string()
  .trim()
  .min(1)
  .max(2048)
  .superRefine((value, ctx) => {
    const kind = readProfileRef(value);
    if (typeof kind !== 'string') ctx.addIssue({ code: 'custom', message: kind.error });
  })
  .meta({
    description:
      'A Sales Navigator lead or account URL (https://www.linkedin.com/sales/lead/<id>, …/sales/company/<id>) or a bare sales-tool id. Public /in/ URLs are refused.',
  });

/** profile_ids: 1..max references, all leads or all accounts. */
export const profileRefList = (max: number) =>
  z
    .array(ProfileRefSchema)
    .min(1)
    .max(max)
    .superRefine((values, ctx) => {
      const first: Partial<Record<ProfileKind, number>> = {};
      values.forEach((value, index) => {
        const kind = profileRefKind(value);
        if (kind !== null) first[kind] ??= index;
      });
      if (first.lead !== undefined && first.account !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `must be all leads or all accounts, never mixed (entry ${first.lead} is a lead, entry ${first.account} an account)`,
        });
      }
    });
