/**
 * The in-page control's words that depend only on the page kind: its button, the email choices,
 * and the estimate from the result count the page shows. No DOM, no browser API.
 */
import type { EnrichEmail } from '../contract/enums.ts';
import type { KnownPageKind } from './page-facts.ts';

/** Sales Navigator shows, and lets anyone page through, at most this many results of a search. */
export const SEARCH_CAP = 2500;

export const isSingle = (kind: KnownPageKind): boolean => kind === 'lead' || kind === 'account';
/** Emails are found for people only: account pages and account searches get no choice. */
export const hasLeads = (kind: KnownPageKind): boolean =>
  kind === 'people-search' || kind === 'lead-list' || kind === 'lead';

export const BUTTON_LABEL: Record<KnownPageKind, string> = {
  'people-search': 'Extract',
  'company-search': 'Extract',
  'lead-list': 'Extract',
  'account-list': 'Extract',
  lead: 'Extract lead',
  account: 'Extract account',
};

/** A name when the page shows none: what it is and today's date, e.g. "Lead search 2026-01-15". */
export const DEFAULT_NAME: Record<KnownPageKind, string> = {
  'people-search': 'Lead search',
  'company-search': 'Account search',
  'lead-list': 'Lead list',
  'account-list': 'Account list',
  lead: 'Lead',
  account: 'Account',
};

export function defaultName(kind: KnownPageKind, now: Date): string {
  return `${DEFAULT_NAME[kind]} ${now.toISOString().slice(0, 10)}`;
}

export const ENRICH_CHOICES: readonly { value: EnrichEmail; label: string }[] = [
  { value: 'none', label: 'No emails' },
  { value: 'matching', label: 'Emails for leads that match the filters' },
  { value: 'all', label: 'Emails for every lead' },
];

/** What most people want: emails, but not for the off-target leads a search lets through. */
export function defaultEnrich(kind: KnownPageKind): EnrichEmail {
  if (!hasLeads(kind)) return 'none';
  return kind === 'people-search' ? 'matching' : 'all';
}

/** "About 14 leads, up to 14 credits." or null when the page shows no count. */
export function estimateText(kind: KnownPageKind, count: number | null): string | null {
  if (count === null || isSingle(kind)) return null;
  const what = hasLeads(kind) ? 'lead' : 'account';
  const capped = Math.min(count, SEARCH_CAP);
  const n = capped.toLocaleString('en-US');
  const noun = `${what}${capped === 1 ? '' : 's'}`;
  const per = what === 'lead' ? '1 per lead, emails included' : '1 per account';
  const credits = `up to ${n} credit${capped === 1 ? '' : 's'} (${per})`;
  if (count > SEARCH_CAP) {
    return `The page shows ${count.toLocaleString('en-US')}+ results: the first ${n} ${noun} are extracted, ${credits}.`;
  }
  return `About ${n} ${noun}, ${credits}.`;
}
