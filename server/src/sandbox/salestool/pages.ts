/**
 * The pages a browser visits (§1): sign-in and sign-out, home, lead and account searches (also
 * saved and recent ones), lead and account lists, lead and account pages. A page needs the session
 * cookie but no csrf header; without a live session it redirects to /login, as LinkedIn does (§3).
 */

import type { SearchKind, SearchQuery } from '../../../../lib/salesnav/filters.ts';
import { parseSalesNavUrl } from '../../../../lib/salesnav/parse-url.ts';
import type { SalesNavTarget } from '../../../../lib/salesnav/target.ts';
import { locationText } from '../world/geo-data.ts';
import { findMember, MEMBERS, type Member } from '../world/members.ts';
import { challengePath } from './api.ts';
import { QueryError } from './match.ts';
import { esc, HASH_QUERY_SCRIPT, layout, table } from './page-html.ts';
import { totalDisplayCount } from './paging.ts';
import { signInCookies, signOutCookies } from './session.ts';
import {
  lastViewedAt,
  type Reply,
  recentSearch,
  recordSearch,
  savedSearch,
  savedSearches,
  type ToolState,
} from './state.ts';
import type { AccountView, LeadView } from './world-view.ts';

export interface PageRequest {
  readonly method: string;
  /** Path and query string as sent. */
  readonly url: string;
  readonly cookie: string | undefined;
  /** The form body of a POST. */
  readonly body: string;
}

/** Hits shown on one search page, as the UI shows (§2.2). */
const PAGE_SIZE = 25;

const html = (status: number, page: string, headers: Record<string, string | string[]> = {}): Reply => ({
  status,
  headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  body: page,
});
const redirect = (location: string, cookies?: string[]): Reply => ({
  status: 302,
  headers: { Location: location, ...(cookies ? { 'Set-Cookie': cookies } : {}) },
});

export const leadPath = (v: LeadView): string => `/sales/lead/${v.lead.profileId},NAME_SEARCH,${v.lead.authToken}`;
export const accountPath = (v: AccountView): string => `/sales/company/${v.account.salesId}`;

export function pageReply(state: ToolState, req: PageRequest): Reply {
  const url = new URL(req.url, 'https://www.linkedin.com');
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return redirect('/sales/home');
  if (path === '/login') return login(state, req, url);
  if (path === '/logout') return logout(state, req);
  if (!path.startsWith('/sales')) return html(404, layout({ title: 'Not found', kind: 'not-found', body: notFound() }));

  const checked = state.sessions.check(req.cookie);
  if (!checked.ok) return redirect(`/login?session_redirect=${encodeURIComponent(url.pathname + url.search)}`);
  const { member } = checked.session;
  if (member.seat === 'challenged') return redirect(challengePath(checked.session.liAt));
  const frame = (kind: string, title: string, body: string, status = 200) =>
    html(status, layout({ kind, title, body, signedInAs: `${member.firstName} ${member.lastName}` }));
  if (member.seat === 'none') {
    return frame('no-seat', 'No seat', '<h1>Sales Navigator</h1><p>This account has no Sales Navigator seat.</p>', 403);
  }
  if (path === '/sales/home' || path === '/sales') return frame('home', 'Home', home(state, member));

  const parsed = parseSalesNavUrl(`https://www.linkedin.com${url.pathname}${url.search}`);
  // A bare search page (no query yet) is a search of everything, as the tool shows it.
  const target: SalesNavTarget | undefined = parsed.ok
    ? parsed.value
    : path === '/sales/search/people'
      ? { kind: 'people-search', query: { filters: [] } }
      : path === '/sales/search/company'
        ? { kind: 'company-search', query: { filters: [] } }
        : undefined;
  if (!target) return frame('not-found', 'Not found', notFound(parsed.ok ? undefined : parsed.reason), 404);
  try {
    const page = targetPage(state, member, target);
    return page ? frame(page.kind, page.title, page.body) : frame('not-found', 'Not found', notFound(), 404);
  } catch (error) {
    if (error instanceof QueryError) return frame('error', 'Search error', `<p>${esc(error.message)}</p>`, 400);
    throw error;
  }
}

function notFound(reason?: string): string {
  return `<h1>This page doesn’t exist</h1>${reason ? `<p class="muted">${esc(reason)}</p>` : ''}`;
}

/** `/login`: a form of the sandbox's members; `?as=<email or key>` signs in at once (POST: `email=`). */
function login(state: ToolState, req: PageRequest, url: URL): Reply {
  const form = req.method === 'POST' ? new URLSearchParams(req.body) : undefined;
  const who = form?.get('email') ?? url.searchParams.get('as');
  const back = form?.get('session_redirect') ?? url.searchParams.get('session_redirect') ?? '';
  // Only a path on this site: an open redirect on a sign-in page is how phishing starts.
  const next = /^\/sales\/[^\s]*$/.test(back) && !back.startsWith('//') ? back : '/sales/home';
  if (who !== null) {
    const member = findMember(who);
    if (member) {
      const session = state.sessions.issue(member);
      return redirect(next, signInCookies(session, state.sessionTtlMs));
    }
  }
  const options = MEMBERS.map(
    (m) => `<option value="${esc(m.email)}">${esc(`${m.firstName} ${m.lastName} <${m.email}>`)}</option>`,
  ).join('');
  const error = who !== null ? `<p role="alert">No sandbox member ${esc(who)}.</p>` : '';
  const body = `<h1>Sign in</h1>${error}
<form method="post" action="/login">
<input type="hidden" name="session_redirect" value="${esc(next)}">
<label>Sandbox member <select name="email">${options}</select></label>
<button type="submit">Sign in</button></form>
<p class="muted">Or open <code>/login?as=demo</code>. Members: docs/sandbox.md.</p>`;
  return html(who !== null ? 404 : 200, layout({ kind: 'login', title: 'Sign in', body }));
}

function logout(state: ToolState, req: PageRequest): Reply {
  const checked = state.sessions.check(req.cookie);
  if (checked.ok) state.sessions.revoke(checked.session.liAt);
  const body = '<h1>You have signed out</h1><p><a href="/login">Sign in</a></p>';
  return html(200, layout({ kind: 'signed-out', title: 'Signed out', body }), { 'Set-Cookie': signOutCookies() });
}

function home(state: ToolState, member: Member): string {
  const assets = state.tool.assetsOf(member);
  const saved = savedSearches(state, member)
    .map((s) => {
      const path = s.kind === 'LEAD' ? '/sales/search/people' : '/sales/search/company';
      return `<li><a href="${path}?savedSearchId=${esc(s.id)}">${esc(s.name)}</a></li>`;
    })
    .join('');
  const lists = assets.lists
    .map((l) => {
      const path = l.kind === 'LEAD' ? '/sales/lists/people/' : '/sales/lists/company/';
      return `<li><a href="${path}${esc(l.id)}">${esc(l.name)}</a> <span class="muted">(${l.entries.length})</span></li>`;
    })
    .join('');
  return `<h1>Welcome, ${esc(member.firstName)}</h1>
<h2>Saved searches</h2><ul data-x="saved-searches">${saved}</ul>
<h2>Lists</h2><ul data-x="lists">${lists}</ul>`;
}

interface Page {
  kind: string;
  title: string;
  body: string;
}

function targetPage(state: ToolState, member: Member, target: SalesNavTarget): Page | undefined {
  const t = state.clock.now();
  switch (target.kind) {
    case 'people-search':
    case 'company-search': {
      const kind: SearchKind = target.kind === 'people-search' ? 'LEAD' : 'ACCOUNT';
      const recent = recordSearch(state, member, kind, target.query);
      return searchPage(
        state,
        member,
        kind,
        target.query,
        kind === 'LEAD' ? 'Lead search' : 'Account search',
        recent.id,
      );
    }
    case 'saved-search': {
      const saved = savedSearch(state, member, target.search, target.savedSearchId);
      if (!saved) return undefined;
      const since = lastViewedAt(state, member, saved);
      state.lastViewed.set(`${member.key}:${saved.id}`, t);
      const fresh = state.engine.newSince(saved.kind, member, saved.query, since, t).length;
      const page = searchPage(state, member, saved.kind, saved.query, saved.name);
      page.body = `<p data-x="new-results">${fresh} new since you last viewed</p>${page.body}`;
      return page;
    }
    case 'recent-search': {
      const recent = recentSearch(state, member, target.search, target.recentSearchId);
      if (!recent) return undefined;
      return searchPage(state, member, recent.kind, recent.query, 'Recent search');
    }
    case 'lead-list':
    case 'account-list':
      return listPage(state, member, target.kind === 'lead-list' ? 'LEAD' : 'ACCOUNT', target.listId);
    case 'lead':
      return leadPage(state, target.leadId, t);
    case 'account':
      return accountPage(state, target.accountId, t);
  }
}

function searchPage(
  state: ToolState,
  member: Member,
  kind: SearchKind,
  query: SearchQuery,
  title: string,
  recentId?: string,
): Page {
  const t = state.clock.now();
  const hits = kind === 'LEAD' ? state.engine.leads(member, query, t) : state.engine.accounts(member, query, t);
  const rows = hits
    .slice(0, PAGE_SIZE)
    .map((h) => (kind === 'LEAD' ? leadRow(h.view as LeadView) : accountRow(h.view as AccountView)));
  const headings =
    kind === 'LEAD' ? ['Name', 'Title', 'Company', 'Location'] : ['Company', 'Industry', 'Employees', 'Headquarters'];
  const body = `${HASH_QUERY_SCRIPT}<h1 data-x="search-title">${esc(title)}</h1>
<p><span data-x="result-count">${esc(totalDisplayCount(hits.length))} results</span>${recentId ? ` <span class="muted" data-x="recent-search-id">recent search ${esc(recentId)}</span>` : ''}</p>
${table(headings, rows)}`;
  return { kind: kind === 'LEAD' ? 'people-search' : 'company-search', title, body };
}

function leadRow(v: LeadView): string[] {
  return [
    `<a data-x="lead" href="${esc(leadPath(v))}">${esc(v.person.fullName)}</a>`,
    esc(v.position.title),
    esc(v.company.name),
    esc(locationText(v.city)),
  ];
}

function accountRow(v: AccountView): string[] {
  return [
    `<a data-x="account" href="${esc(accountPath(v))}">${esc(v.company.name)}</a>`,
    esc(v.company.industry),
    esc(v.company.headcount),
    esc(locationText(v.hq)),
  ];
}

function listPage(state: ToolState, member: Member, kind: SearchKind, id: string): Page | undefined {
  const list = state.tool.assetsOf(member).lists.find((l) => l.kind === kind && l.id === id);
  if (!list) return undefined;
  const day = state.tool.at(state.clock.now());
  const byId = new Map(day.accounts.map((a) => [String(a.account.salesId), a]));
  const rows = list.entries.flatMap((e) => {
    if (kind === 'LEAD') {
      const v = day.leadByProfileId.get(e.id);
      return v ? [leadRow(v)] : [];
    }
    const v = byId.get(e.id);
    return v ? [accountRow(v)] : [];
  });
  const headings =
    kind === 'LEAD' ? ['Name', 'Title', 'Company', 'Location'] : ['Company', 'Industry', 'Employees', 'Headquarters'];
  const body = `<h1 data-x="list-name">${esc(list.name)}</h1>
<p><span data-x="result-count">${rows.length} ${kind === 'LEAD' ? 'leads' : 'accounts'}</span></p>
${table(headings, rows)}`;
  return { kind: kind === 'LEAD' ? 'lead-list' : 'account-list', title: list.name, body };
}

function leadPage(state: ToolState, leadId: string, t: number): Page | undefined {
  const v = state.tool.at(t).leadByProfileId.get(leadId);
  if (!v) return undefined;
  const body = `<h1 data-x="lead-name">${esc(v.person.fullName)}</h1>
<p data-x="lead-headline">${esc(v.position.title)} at <a href="${esc(`/sales/company/${v.account.salesId}`)}">${esc(v.company.name)}</a></p>
<p class="muted">${esc(locationText(v.city))}</p>
<h2>About</h2><p>${esc(v.lead.summary ?? '')}</p>`;
  return { kind: 'lead', title: v.person.fullName, body };
}

function accountPage(state: ToolState, accountId: string, t: number): Page | undefined {
  if (!/^\d+$/.test(accountId)) return undefined;
  const account = state.tool.sales.accountBySalesId.get(Number(accountId));
  const v = account ? state.tool.at(t).accounts[account.companyIndex] : undefined;
  if (!v) return undefined;
  const body = `<h1 data-x="account-name">${esc(v.company.name)}</h1>
<p>${esc(v.company.industry)} · ${esc(v.company.headcount)} employees · ${esc(locationText(v.hq))}</p>
<p class="muted">${esc(v.company.domain)}</p>`;
  return { kind: 'account', title: v.company.name, body };
}
