import { z } from 'zod';
import { type PageKind, pageKind } from '../salesnav/page-kind.ts';

/*
 * The Sales Navigator addresses the /v1 bodies take. Which page a URL shows is decided by
 * lib/salesnav/page-kind.ts (https only; www., bare and country linkedin.com hosts; paths of
 * salestool-protocol.md §1), so the extension and the service classify a URL the same way.
 */

/** Longest URL taken: search URLs carry their filters in the query string, so they can be long. */
export const MAX_SALES_URL_LENGTH = 8192;

/** What POST /v1/extractions/url/ extracts. */
export const EXTRACTABLE_PAGE_KINDS = ['people-search', 'company-search', 'lead-list', 'account-list'] as const;
/** What a recurring export schedules. */
export const SCHEDULABLE_PAGE_KINDS = ['people-search', 'company-search'] as const;

const PUBLIC_PROFILE = /^https?:\/\/(?:[a-z]{2,3}\.)?linkedin\.com\/(?:in|pub)\//i;

const pageUrl = (allowed: readonly PageKind[], messages: { wrongKind: string; unknown: string }) =>
  z
    .url({ error: 'must be a URL', abort: true })
    .max(MAX_SALES_URL_LENGTH)
    .superRefine((value, ctx) => {
      const kind = pageKind(value);
      if (allowed.includes(kind)) return;
      ctx.addIssue({ code: 'custom', message: kind === 'unknown' ? messages.unknown : messages.wrongKind });
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

/** A bare lead id, with or without its `,NAME_SEARCH,xxxx` suffix (salestool-protocol.md §1.6). */
const BARE_LEAD_ID = /^[A-Za-z0-9_-]+(?:,[A-Za-z0-9_-]*){0,2}$/;
/** A bare account id: the numeric company id. */
const BARE_ACCOUNT_ID = /^\d+$/;

const PROFILE_REF_MESSAGE =
  'must be a Sales Navigator lead or account URL (https://www.linkedin.com/sales/lead/<id>, …/sales/company/<id>) or a bare sales-tool id';
const PUBLIC_PROFILE_MESSAGE =
  'public /in/ profile URLs are not accepted: use the Sales Navigator URL (/sales/lead/<id>) or the bare sales-tool id';

/**
 * Whether a profile reference names a lead or an account, or why it names neither. A reference is
 * a lead or account page URL (as pageKind reads it) or a bare id: all digits is an account, any
 * other id a lead.
 */
export function readProfileRef(value: string): ProfileKind | { error: string } {
  const ref = value.trim();
  if (BARE_ACCOUNT_ID.test(ref)) return 'account';
  if (BARE_LEAD_ID.test(ref)) return 'lead';
  if (PUBLIC_PROFILE.test(ref)) return { error: PUBLIC_PROFILE_MESSAGE };
  const kind = pageKind(ref);
  if (kind === 'lead' || kind === 'account') return kind;
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
