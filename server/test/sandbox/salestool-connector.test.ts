/**
 * The sales-tool connector against the simulated tool, over HTTPS as the connector reaches the real
 * one: TLS verified against the simulator's own certificate (pinned as the only root, with
 * www.linkedin.com as the TLS name), sessions the simulator issued, pacing off. The connector
 * knows nothing of the simulator; the tests use the simulator's state only as the oracle (what a
 * search should return) and to change the world under the connector (revoke a session).
 */

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseSalesNavUrl } from '../../../lib/salesnav/parse-url.ts';
import { serialiseSearchQuery } from '../../../lib/salesnav/search-query.ts';
import type { SalesNavTarget } from '../../../lib/salesnav/target.ts';
import { ManualClock } from '../../src/core/clock.ts';
import { type PagedItem, type ResultPage, SalesToolConnector } from '../../src/salestool/connector.ts';
import { SalesToolRefused, SalesToolUnavailable, SessionDead } from '../../src/salestool/errors.ts';
import type { SalesToolEndpoint } from '../../src/salestool/http.ts';
import { accountFacts, companyIdOf, leadFacts, leadKey } from '../../src/salestool/map-facts.ts';
import { noPacing } from '../../src/salestool/pacing.ts';
import { DEFAULT_RETRY, SalesToolSession, type SessionClientOptions } from '../../src/salestool/session-client.ts';
import {
  SALES_TOOL_HOST,
  type SalesToolOptions,
  type SalesToolServer,
  startSalesTool,
} from '../../src/sandbox/salestool/server.ts';
import type { ToolState } from '../../src/sandbox/salestool/state.ts';
import { buildWorld } from '../../src/sandbox/world/build-world.ts';
import { findMember, type Member } from '../../src/sandbox/world/members.ts';
import { headcountRange } from '../../src/sandbox/world/sales-catalog.ts';
import { SALES_EPOCH } from '../../src/sandbox/world/timeline.ts';
import type { World } from '../../src/sandbox/world/types.ts';
import type { SeatSession } from '../../src/seats/session.ts';

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const L = 'https://www.linkedin.com';
/** SENIORITY_LEVEL Senior OR CXO: about a third of the small world's leads, several pages. */
const SENIOR_OR_CXO = `${L}/sales/search/people?query=(filters:List((type:SENIORITY_LEVEL,values:List((id:120,text:Senior,selectionType:INCLUDED),(id:310,text:CXO,selectionType:INCLUDED)))))&sessionId=GumqcP8vR0aPVWr3cNR74A%3D%3D&viewAllFilters=true`;
/** Every lead: more than the 2,500 the tool pages to. */
const EVERYONE = `${L}/sales/search/people?viewAllFilters=true`;
const MID_SIZE = `${L}/sales/search/company?query=(filters:List((type:COMPANY_HEADCOUNT,values:List((id:D,selectionType:INCLUDED),(id:E,selectionType:INCLUDED),(id:F,selectionType:INCLUDED)))))`;
const ALL_COMPANIES = `${L}/sales/search/company`;

let world: World;
let clock: ManualClock;
/** The tool most tests use: the world at the epoch, no request budget. */
let tool: SalesToolServer;
const started: SalesToolServer[] = [];
const clients: SalesToolSession[] = [];

beforeAll(async () => {
  world = buildWorld({ seed: 'salestool-connector', companies: 300 });
  clock = new ManualClock(SALES_EPOCH + 3 * 86_400_000);
  tool = await start({ clock, rateLimit: false });
});
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
});
afterAll(async () => {
  await Promise.all(started.map((t) => t.close()));
});

async function start(options: Omit<SalesToolOptions, 'world' | 'port'>): Promise<SalesToolServer> {
  const t = await startSalesTool({ world, port: 0, ...options });
  started.push(t);
  return t;
}

const member = (key: string): Member => {
  const m = findMember(key);
  if (!m) throw new Error(`no sandbox member ${key}`);
  return m;
};

/** A member signed in on a tool: the cookies as the extension hands them over. */
function seat(on: SalesToolServer, key = 'demo'): SeatSession {
  const s = on.state.sessions.issue(member(key));
  return { li_at: s.liAt, jsessionid: s.jsessionId, li_a: s.liA, user_agent: UA };
}

const endpoint = (on: SalesToolServer): SalesToolEndpoint => ({
  baseUrl: on.baseUrl,
  ca: on.certificatePem,
  servername: SALES_TOOL_HOST,
});

/** Waits nothing, records what it was asked to wait. */
function recordingSleep(then?: (ms: number) => void | Promise<void>) {
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    waits.push(ms);
    await then?.(ms);
  };
  return { waits, sleep };
}

function clientFor(on: SalesToolServer, session: SeatSession, opts: Partial<SessionClientOptions> = {}) {
  const c = new SalesToolSession(session, {
    endpoint: endpoint(on),
    sleep: async () => {},
    random: () => 0.5,
    ...opts,
  });
  clients.push(c);
  return c;
}

function connectorFor(on: SalesToolServer, key = 'demo', opts: Partial<SessionClientOptions> = {}) {
  return new SalesToolConnector(clientFor(on, seat(on, key), opts), noPacing);
}

function target(url: string): SalesNavTarget {
  const parsed = parseSalesNavUrl(url);
  if (!parsed.ok) throw new Error(`${url}: ${parsed.reason}`);
  return parsed.value;
}

const idOf = (item: PagedItem): string =>
  item.shape === 'account-row' ? item.row.companyInfo.entityUrn : item.hit.entityUrn;

async function readAll(connector: SalesToolConnector, t: SalesNavTarget, opts: { limit?: number; from?: number } = {}) {
  const pages: ResultPage[] = [];
  for await (const page of connector.pages(t, opts)) pages.push(page);
  const items = pages.flatMap((p) => p.items);
  return { pages, items, ids: items.map(idOf) };
}

/** The simulator's own answer to a search: the oracle for what paging must deliver. */
function engineIds(state: ToolState, key: string, t: SalesNavTarget): string[] {
  const m = member(key);
  const now = state.clock.now();
  if (t.kind === 'people-search') return state.engine.leads(m, t.query, now).map((h) => leadUrnOf(h.view.lead));
  if (t.kind === 'company-search')
    return state.engine.accounts(m, t.query, now).map((h) => `urn:li:fs_salesCompany:${h.view.account.salesId}`);
  throw new Error(`no engine oracle for ${t.kind}`);
}
const leadUrnOf = (lead: { profileId: string; authToken: string }) =>
  `urn:li:fs_salesProfile:(${lead.profileId},NAME_SEARCH,${lead.authToken})`;

describe('paging through searches', () => {
  it('reads every hit of a people search once, in the tool order, with paging.total as the count', async () => {
    const t = target(SENIOR_OR_CXO);
    const { pages, items, ids } = await readAll(connectorFor(tool), t);
    const expected = engineIds(tool.state, 'demo', t);
    expect(expected.length).toBeGreaterThan(300); // several pages of 100
    expect(pages[0]?.total).toBe(expected.length);
    expect(items).toHaveLength(expected.length);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expected);
    expect(pages.map((p) => p.start)).toEqual(pages.map((_, i) => i * 100));
    expect(pages.every((p) => p.skipped === 0 && p.reachable === expected.length)).toBe(true);
    expect(items.every((i) => i.shape === 'lead-hit')).toBe(true);
  });

  it('stops at the 2,500-result cap when the tool reports more, and asks for nothing past it', async () => {
    const t = target(EVERYONE);
    const { pages, ids } = await readAll(connectorFor(tool), t);
    const total = engineIds(tool.state, 'demo', t).length;
    expect(total).toBeGreaterThan(2500);
    expect(pages[0]?.total).toBe(total);
    expect(pages.every((p) => p.reachable === 2500)).toBe(true);
    expect(ids).toHaveLength(2500);
    expect(new Set(ids).size).toBe(2500);
    expect(ids).toEqual(engineIds(tool.state, 'demo', t).slice(0, 2500));
    expect(pages.at(-1)?.start).toBe(2400);
  });

  it('reads a company search and every company of the world', async () => {
    const connector = connectorFor(tool);
    const midSize = await readAll(connector, target(MID_SIZE));
    const expected = engineIds(tool.state, 'demo', target(MID_SIZE));
    expect(expected.length).toBeGreaterThan(20);
    expect(midSize.pages[0]?.total).toBe(expected.length);
    expect(midSize.ids).toEqual(expected);
    expect(midSize.items.every((i) => i.shape === 'account-hit')).toBe(true);

    const all = await readAll(connector, target(ALL_COMPANIES));
    expect(all.ids).toHaveLength(world.companies.length);
    expect(new Set(all.ids).size).toBe(world.companies.length);
    expect(all.pages[0]?.total).toBe(world.companies.length);
  });

  it('gives the same hits in the same order on every read (hits are stable across pages)', async () => {
    const t = target(SENIOR_OR_CXO);
    const first = await readAll(connectorFor(tool), t);
    const second = await readAll(connectorFor(tool, 'demo'), t);
    expect(second.ids).toEqual(first.ids);
    // The same search with its session cruft and the address-bar encoding is the same search.
    const encoded = `${L}/sales/search/people?query=${encodeURIComponent(serialiseSearchQuery(t.kind === 'people-search' ? t.query : { filters: [] }))}`;
    expect((await readAll(connectorFor(tool), target(encoded))).ids).toEqual(first.ids);
  });

  it('honours limit (pages end exactly there) and from (a resumed run continues where it stopped)', async () => {
    const t = target(SENIOR_OR_CXO);
    const connector = connectorFor(tool);
    const full = await readAll(connector, t);

    const limited = await readAll(connector, t, { limit: 250 });
    expect(limited.ids).toEqual(full.ids.slice(0, 250));
    expect(limited.pages.map((p) => [p.start, p.items.length])).toEqual([
      [0, 100],
      [100, 100],
      [200, 50],
    ]);
    expect(limited.pages.every((p) => p.reachable === 250)).toBe(true);

    // `limit` is the run's end: a run of 400 resumed after 150 reads items 150..399.
    const resumed = await readAll(connector, t, { from: 150, limit: 400 });
    expect(resumed.ids).toEqual(full.ids.slice(150, 400));
    expect(resumed.pages.map((p) => p.start)).toEqual([150, 250, 350]);

    const rest = await readAll(connector, t, { from: 230 });
    expect(rest.ids).toEqual(full.ids.slice(230));

    // A caller that stops early asks for no further page.
    const generator = connector.pages(t);
    const one = await generator.next();
    expect(one.done).toBe(false);
    await generator.return(undefined);
    expect((await generator.next()).done).toBe(true);
  });

  it('refuses a page-less target and tells a search the tool cannot read (400) from the rest', async () => {
    const connector = connectorFor(tool);
    await expect(readAll(connector, target(`${L}/sales/company/1441`))).rejects.toThrow(TypeError);
    const bogus: SalesNavTarget = {
      kind: 'people-search',
      query: { filters: [{ type: 'NO_SUCH_FILTER', values: [{ id: '1', selectionType: 'INCLUDED' }] }] },
    };
    const error = await readAll(connector, bogus).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SalesToolRefused);
    expect((error as SalesToolRefused).status).toBe(400);
  });
});

describe('TLS', () => {
  it('is verified: without the simulator’s certificate as root, or under another name, nothing is read', async () => {
    const session = seat(tool);
    for (const wrong of [
      { baseUrl: tool.baseUrl, servername: SALES_TOOL_HOST }, // the system's roots
      // (127.0.0.1 is a name the certificate holds: LEADFORGE_SALESTOOL_CA serves it that way.)
      { baseUrl: tool.baseUrl, ca: tool.certificatePem, servername: 'evil.test' },
    ]) {
      const client = new SalesToolSession(session, { endpoint: wrong, sleep: async () => {} });
      clients.push(client);
      const error = await readAll(new SalesToolConnector(client), target(SENIOR_OR_CXO)).catch((e: unknown) => e);
      expect(error, JSON.stringify(Object.keys(wrong))).toBeInstanceOf(SalesToolUnavailable);
      expect((error as SalesToolUnavailable).status).toBeNull();
    }
  });
});

describe('saved searches, recent searches and lists', () => {
  const assets = () => tool.state.tool.assetsOf(member('demo'));

  it('reads a saved people search by both URL forms, and it equals the search it saved', async () => {
    const saved = assets().savedSearches.find((s) => s.kind === 'LEAD');
    if (!saved) throw new Error('demo has no saved people search');
    const connector = connectorFor(tool);
    const byQuery = await readAll(
      connector,
      target(`${L}/sales/search/people?savedSearchId=${saved.id}&sessionId=kSLaK3YWTYq0IKM2MgctOw%3D%3D`),
    );
    const byHash = await readAll(connector, target(`${L}/sales/search/people#savedSearchId=${saved.id}`));
    const asSearch = await readAll(
      connector,
      target(`${L}/sales/search/people?query=${serialiseSearchQuery(saved.query)}`),
    );
    expect(byQuery.ids.length).toBeGreaterThan(0);
    expect(byQuery.pages[0]?.total).toBe(byQuery.ids.length);
    expect(byHash.ids).toEqual(byQuery.ids);
    expect(asSearch.ids).toEqual(byQuery.ids);
  });

  it('reads a saved account search, and refuses a saved search the member does not have (404)', async () => {
    const saved = assets().savedSearches.find((s) => s.kind === 'ACCOUNT');
    if (!saved) throw new Error('demo has no saved account search');
    const connector = connectorFor(tool);
    const read = await readAll(connector, target(`${L}/sales/search/company?savedSearchId=${saved.id}`));
    const expected = tool.state.engine.accounts(member('demo'), saved.query, clock.now());
    expect(read.ids).toHaveLength(expected.length);
    expect(read.items.every((i) => i.shape === 'account-hit')).toBe(true);
    const missing = await readAll(connector, target(`${L}/sales/search/company?savedSearchId=99999999`)).catch(
      (e: unknown) => e,
    );
    expect(missing).toBeInstanceOf(SalesToolRefused);
    expect((missing as SalesToolRefused).status).toBe(404);
  });

  it('reads recent people and company searches', async () => {
    const connector = connectorFor(tool);
    for (const recent of assets().recentSearches) {
      const path = recent.kind === 'LEAD' ? 'people' : 'company';
      const read = await readAll(connector, target(`${L}/sales/search/${path}?recentSearchId=${recent.id}`));
      const hits =
        recent.kind === 'LEAD'
          ? tool.state.engine.leads(member('demo'), recent.query, clock.now())
          : tool.state.engine.accounts(member('demo'), recent.query, clock.now());
      expect(hits.length).toBeGreaterThan(0);
      expect(read.ids).toHaveLength(hits.length);
      expect(new Set(read.ids).size).toBe(hits.length);
    }
  });

  it('reads a lead list through, newest first, every entry once', async () => {
    const list = assets().lists.find((l) => l.kind === 'LEAD' && l.entries.length > 100);
    if (!list) throw new Error('demo has no long lead list');
    const read = await readAll(connectorFor(tool), target(`${L}/sales/lists/people/${list.id}`));
    expect(read.pages.length).toBeGreaterThan(1);
    expect(read.pages[0]?.total).toBe(list.entries.length);
    const leadIds = read.items.map((i) => (i.shape === 'lead-hit' ? leadKey(i.hit.entityUrn)?.leadId : undefined));
    expect(leadIds).toEqual(list.entries.map((e) => e.id));
  });

  it('reads an account list through, by name, every entry once', async () => {
    const list = assets().lists.find((l) => l.kind === 'ACCOUNT');
    if (!list) throw new Error('demo has no account list');
    const read = await readAll(connectorFor(tool), target(`${L}/sales/lists/company/${list.id}?sortCriteria=NAME`));
    expect(read.items.every((i) => i.shape === 'account-row')).toBe(true);
    const ids = read.items.map((i) => (i.shape === 'account-row' ? companyIdOf(i.row.companyInfo.entityUrn) : ''));
    expect([...ids].sort()).toEqual(list.entries.map((e) => e.id).sort());
    const names = read.items.map((i) => (i.shape === 'account-row' ? (i.row.companyInfo.name ?? '') : ''));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});

describe('profiles, companies and their facts', () => {
  it('fetches a hit’s profile and company, and the facts agree with the hit and with the world', async () => {
    const connector = connectorFor(tool);
    const first = await connector.pages(target(SENIOR_OR_CXO), { limit: 5 }).next();
    const items: PagedItem[] = first.done ? [] : first.value.items;
    const hits = items.flatMap((i) => (i.shape === 'lead-hit' ? [i.hit] : []));
    expect(hits).toHaveLength(5);
    const sales = tool.state.tool.sales;
    for (const hit of hits) {
      const key = leadKey(hit.entityUrn);
      if (!key) throw new Error(`${hit.entityUrn} is not a lead urn`);
      const position = hit.currentPositions?.[0];
      const companyId = companyIdOf(position?.companyUrn);
      if (!companyId) throw new Error('a hit without a current company');
      const profile = await connector.profile(key);
      const company = await connector.company(companyId);
      const facts = leadFacts({ hit, profile, company });

      const lead = sales.leadByProfileId.get(key.leadId);
      if (!lead) throw new Error(`the world has no lead ${key.leadId}`);
      const person = world.people[lead.personIndex];
      const account = sales.accountBySalesId.get(Number(companyId));
      const worldCompany = account && world.companies[account.companyIndex];
      expect(facts.leadId).toBe(lead.profileId);
      expect(facts.authType).toBe('NAME_SEARCH');
      expect(facts.authToken).toBe(lead.authToken);
      expect(facts.memberId).toBe(String(lead.memberId));
      expect(facts.fullName).toBe(person?.fullName);
      expect(facts.firstName).toBe(person?.firstName);
      expect(facts.lastName).toBe(person?.lastName);
      expect(facts.fullProfile).toBe(true);
      expect(facts.current?.title).toBe(position?.title);
      expect(facts.current?.companyId).toBe(companyId);
      expect(facts.current?.companyName).toBe(worldCompany?.name);
      expect(facts.company?.id).toBe(companyId);
      expect(facts.company?.name).toBe(worldCompany?.name);
      expect(facts.company?.industry).toBe(worldCompany?.industry);
      expect(facts.company?.website).toBe(account?.website);
      // The company answers with its range (columns.md: the count comes from account-list rows only).
      expect(facts.company?.headcountRange).toBe(`${headcountRange(worldCompany?.headcount ?? 0).label} employees`);
      expect(facts.headline).toBe(`${position?.title} at ${worldCompany?.name}`);
      expect(facts.educations.length).toBe(lead.educations.length);
      expect(facts.skills).toEqual([...lead.skills]);
      expect(facts.past.every((p) => p.current === false && p.endedOn !== undefined)).toBe(true);
    }
  });

  it('fetches a profile by its bare id (no auth parts), and a missing one is a 404', async () => {
    const connector = connectorFor(tool);
    const lead = tool.state.tool.at(clock.now()).leads[7];
    if (!lead) throw new Error('no lead');
    const profile = await connector.profile({ leadId: lead.lead.profileId });
    expect(profile.fullName).toBe(lead.person.fullName);
    const missing = await connector
      .profile({ leadId: 'ACwAAAAAAAABAAAAAAAAAAAAAAAAAAAAAAAAAAA' })
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(SalesToolRefused);
    expect((missing as SalesToolRefused).status).toBe(404);
  });

  it('maps account hits and account-list rows to account facts that agree with the fetched company', async () => {
    const connector = connectorFor(tool);
    const page = await connector.pages(target(MID_SIZE), { limit: 3 }).next();
    const sales = tool.state.tool.sales;
    for (const item of page.done ? [] : page.value.items) {
      if (item.shape !== 'account-hit') throw new Error('not an account hit');
      const id = companyIdOf(item.hit.entityUrn);
      if (!id) throw new Error('no company id');
      const company = await connector.company(id);
      const fromHit = accountFacts({ hit: item.hit });
      const full = accountFacts({ hit: item.hit, company });
      const account = sales.accountBySalesId.get(Number(id));
      const c = account && world.companies[account.companyIndex];
      expect(fromHit.company.id).toBe(id);
      expect(fromHit.company.name).toBe(c?.name);
      expect(full.company.name).toBe(c?.name);
      expect(full.company.industry).toBe(c?.industry);
      expect(full.company.headcountRange).toBe(item.hit.employeeCountRange);
      expect(full.company.website).toBe(account?.website);
      expect(full.company.founded).toBe(account?.yearFounded);
      expect(full.company.headquarters?.country).toBe(c?.country);
    }
    const list = tool.state.tool.assetsOf(member('demo')).lists.find((l) => l.kind === 'ACCOUNT');
    const rows = await readAll(connector, target(`${L}/sales/lists/company/${list?.id}`), { limit: 2 });
    for (const item of rows.items) {
      if (item.shape !== 'account-row') throw new Error('not a row');
      const facts = accountFacts({ row: item.row });
      const account = sales.accountBySalesId.get(Number(facts.company.id));
      expect(facts.company.name).toBe(account && world.companies[account.companyIndex]?.name);
      expect(facts.company.employeeCount).toBe(account && world.companies[account.companyIndex]?.headcount);
    }
  });
});

describe('a dead session', () => {
  it('revoked mid-run: the next page is SessionDead, onSessionDead is told once, nothing more is sent', async () => {
    const deaths: SessionDead[] = [];
    const connector = connectorFor(tool, 'ben', { onSessionDead: async (e) => void deaths.push(e) });
    const pages = connector.pages(target(EVERYONE));
    const firstPage = await pages.next();
    expect(firstPage.done ? [] : firstPage.value.items).toHaveLength(100);
    tool.state.sessions.revokeMember('ben');
    const error = await pages.next().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionDead);
    expect((error as SessionDead).reason).toBe('unauthorized');
    expect((error as SessionDead).status).toBe(401);
    expect(deaths).toEqual([error]);
    // Later calls fail the same way without telling again.
    await expect(connector.profile({ leadId: 'ACwAAAAAAAABAAAAAAAAAAAAAAAAAAAAAAAAAAA' })).rejects.toBe(error);
    expect(deaths).toHaveLength(1);
    // The member signing in again (at the very same instant of the world's clock) is a live session.
    const again = await readAll(connectorFor(tool, 'ben'), target(EVERYONE), { limit: 10 });
    expect(again.ids).toHaveLength(10);
  });

  it('tells onSessionDead once even when several requests in flight are refused together', async () => {
    let told = 0;
    const connector = connectorFor(tool, 'ben', { onSessionDead: async () => void told++ });
    const lead = tool.state.tool.at(clock.now()).leads[3];
    if (!lead) throw new Error('no lead');
    await connector.profile({ leadId: lead.lead.profileId });
    tool.state.sessions.revokeMember('ben');
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => connector.profile({ leadId: lead.lead.profileId })),
    );
    expect(results.every((r) => r.status === 'rejected' && r.reason instanceof SessionDead)).toBe(true);
    expect(told).toBe(1);
  });

  it('is SessionDead whichever way the tool says it: 401, 403 or a redirect to the sign-in page', async () => {
    const answers = [
      { on: tool, reason: 'unauthorized', status: 401 },
      { on: await start({ clock, rateLimit: false, deadSession: 403 }), reason: 'forbidden', status: 403 },
      { on: await start({ clock, rateLimit: false, deadSession: 'redirect' }), reason: 'redirected', status: 302 },
    ] as const;
    for (const { on, reason, status } of answers) {
      const deaths: SessionDead[] = [];
      const session = seat(on, 'ava');
      on.state.sessions.revokeMember('ava');
      const connector = new SalesToolConnector(
        clientFor(on, session, { onSessionDead: async (e) => void deaths.push(e) }),
      );
      const error = await readAll(connector, target(SENIOR_OR_CXO)).catch((e: unknown) => e);
      expect(error, `deadSession ${status}`).toBeInstanceOf(SessionDead);
      expect((error as SessionDead).reason).toBe(reason);
      expect((error as SessionDead).status).toBe(status);
      if (reason === 'redirected') expect((error as SessionDead).location).toBe('/login');
      expect(deaths).toHaveLength(1);
    }
  });

  it('is SessionDead for a forged session, a member without a seat (forbidden) and a checkpoint (redirected)', async () => {
    const forged = { ...seat(tool), li_at: 'AQEDAforgedforgedforgedforgedforgedforgedforgedforged' };
    const e1 = await readAll(new SalesToolConnector(clientFor(tool, forged)), target(SENIOR_OR_CXO)).catch(
      (e: unknown) => e,
    );
    expect((e1 as SessionDead).reason).toBe('unauthorized');

    const e2 = await readAll(connectorFor(tool, 'noseat'), target(SENIOR_OR_CXO)).catch((e: unknown) => e);
    expect(e2).toBeInstanceOf(SessionDead);
    expect((e2 as SessionDead).reason).toBe('forbidden');
    expect((e2 as SessionDead).status).toBe(403);

    const e3 = await connectorFor(tool, 'challenged')
      .company('1')
      .catch((e: unknown) => e);
    expect(e3).toBeInstanceOf(SessionDead);
    expect((e3 as SessionDead).reason).toBe('redirected');
    expect((e3 as SessionDead).location).toMatch(/^\/checkpoint\/challenge\//);
  });

  it('a csrf-token that is not the session’s JSESSIONID is refused (403)', async () => {
    const session = seat(tool);
    const wrong = { ...session, jsessionid: session.jsessionid.replace(/\d$/, (d) => String((Number(d) + 1) % 10)) };
    const error = await readAll(new SalesToolConnector(clientFor(tool, wrong)), target(SENIOR_OR_CXO)).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SessionDead);
    expect((error as SessionDead).status).toBe(403);
    // The same session with its own JSESSIONID (quoted as the browser keeps it) is fine.
    const right = { ...session, jsessionid: `"${session.jsessionid}"` };
    const read = await readAll(new SalesToolConnector(clientFor(tool, right)), target(SENIOR_OR_CXO), { limit: 5 });
    expect(read.ids).toHaveLength(5);
  });
});

describe('a tool that is busy or failing', () => {
  it('429: retries after the Retry-After the tool sends, and reads the whole search', async () => {
    // Two requests at once, then one a second of the budget's clock, which only the client's
    // (recorded, not slept) waits move: paging without pause meets a 429 on every page after the second.
    const budgetTime = new ManualClock();
    const busy = await start({ clock, rateLimit: { burst: 2, perSecond: 1 }, rateClock: budgetTime });
    const { waits, sleep } = recordingSleep((ms) => budgetTime.advance(ms));
    const connector = connectorFor(busy, 'demo', { sleep });
    const read = await readAll(connector, target(EVERYONE), { limit: 700 });
    expect(read.ids).toEqual(engineIds(busy.state, 'demo', target(EVERYONE)).slice(0, 700));
    // Retry-After: 1 honoured (not the client's own backoff of 750, 1500, …), once for each of pages 3..7.
    expect(waits).toEqual([1000, 1000, 1000, 1000, 1000]);
  });

  it('429 with a Retry-After longer than it will wait: SalesToolUnavailable at once, saying when', async () => {
    const busy = await start({ clock, rateLimit: { burst: 1, perSecond: 0.001 }, rateClock: new ManualClock() });
    const { waits, sleep } = recordingSleep();
    const connector = connectorFor(busy, 'demo', { sleep });
    await readAll(connector, target(SENIOR_OR_CXO), { limit: 10 });
    const error = await readAll(connector, target(SENIOR_OR_CXO), { limit: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SalesToolUnavailable);
    expect((error as SalesToolUnavailable).status).toBe(429);
    expect((error as SalesToolUnavailable).retryAfterMs).toBe(1_000_000);
    expect(waits).toEqual([]);
  });

  it('5xx: retried with backoff, and the read succeeds once the tool recovers', async () => {
    const failing = await start({ clock, rateLimit: false, profileErrorRate: 1 });
    const state = failing.state as { profileErrorRate: number };
    const { waits, sleep } = recordingSleep(() => {
      if (waits.length === 2) state.profileErrorRate = 0; // the tool recovers after two failures
    });
    const connector = connectorFor(failing, 'demo', { sleep });
    const lead = failing.state.tool.at(clock.now()).leads[11];
    if (!lead) throw new Error('no lead');
    const profile = await connector.profile({
      leadId: lead.lead.profileId,
      authType: 'NAME_SEARCH',
      authToken: lead.lead.authToken,
    });
    expect(profile.fullName).toBe(lead.person.fullName);
    // Backoff with random 0.5: 3/4 of base·2^(n-1).
    expect(waits).toEqual([750, 1500]);
  });

  it('profileErrorRate 1: SalesToolUnavailable (500) after every retry', async () => {
    const failing = await start({ clock, rateLimit: false, profileErrorRate: 1 });
    const { waits, sleep } = recordingSleep();
    const connector = connectorFor(failing, 'demo', { sleep });
    const lead = failing.state.tool.at(clock.now()).leads[12];
    if (!lead) throw new Error('no lead');
    const error = await connector.profile({ leadId: lead.lead.profileId }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SalesToolUnavailable);
    expect((error as SalesToolUnavailable).status).toBe(500);
    expect(waits).toHaveLength(DEFAULT_RETRY.attempts - 1);
    // Searches are not profile reads: the same session still pages.
    expect((await readAll(connector, target(SENIOR_OR_CXO), { limit: 3 })).ids).toHaveLength(3);
  });
});
