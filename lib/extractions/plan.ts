/**
 * What to ask the service for, from the page's URL: a search or list becomes
 * `POST /v1/extractions/url/` with the canonical URL (UI cruft such as sessionId dropped), a lead
 * or account page `POST /v1/extractions/single/`. The background decides this, not the view.
 */
import type { EnrichEmail } from '../contract/enums.ts';
import type { CreationPlan } from '../db/job-rows.ts';
import { type Problem, problem } from '../problem.ts';
import { normaliseSalesNavUrl } from '../salesnav/build-url.ts';
import { pageKind } from '../salesnav/page-kind.ts';
import type { SalesNavTarget } from '../salesnav/target.ts';

export interface ExtractRequest {
  pageUrl: string;
  /** The extraction's name (searches and lists) or the profile's name as the page shows it. */
  name?: string;
  enrich: EnrichEmail;
}

export const MAX_NAME = 255;

const WHAT: Record<SalesNavTarget['kind'], string> = {
  'people-search': 'Lead search',
  'company-search': 'Account search',
  'saved-search': 'Saved search',
  'recent-search': 'Recent search',
  'lead-list': 'Lead list',
  'account-list': 'Account list',
  lead: 'Lead',
  account: 'Account',
};

export function planExtraction(
  request: ExtractRequest,
): { ok: true; plan: CreationPlan } | { ok: false; problem: Problem } {
  if (pageKind(request.pageUrl) === 'unknown') {
    return refuse('Leadforge cannot extract this page.', 'Open a Sales Navigator search, list, lead or account page.');
  }
  const canonical = normaliseSalesNavUrl(request.pageUrl);
  if (!canonical.ok) {
    return refuse(
      `Leadforge cannot read this page’s address: it ${canonical.reason}.`,
      'Open the search or list again from Sales Navigator, then try again.',
    );
  }
  const { target, url } = canonical;
  const what = WHAT[target.kind];
  const name = (request.name ?? '').trim().slice(0, MAX_NAME);
  if (target.kind === 'lead' || target.kind === 'account') {
    const body = { profile_id: url, enrich_email: target.kind === 'lead' ? request.enrich : 'none' } as const;
    return { ok: true, plan: { endpoint: 'single', body, kind: target.kind, what, label: name || what } };
  }
  const leads =
    target.kind === 'people-search' ||
    target.kind === 'lead-list' ||
    ((target.kind === 'saved-search' || target.kind === 'recent-search') && target.search === 'LEAD');
  return {
    ok: true,
    plan: {
      endpoint: 'url',
      body: { linkedin_url: url, search_name: name || what, enrich_email: leads ? request.enrich : 'none' },
      kind: leads ? 'lead' : 'account',
      what,
    },
  };
}

function refuse(message: string, next: string): { ok: false; problem: Problem } {
  return { ok: false, problem: problem('not_extractable', message, next) };
}
