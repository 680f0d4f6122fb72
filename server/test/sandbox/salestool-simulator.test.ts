/**
 * The simulated sales tool as a client sees it, over HTTPS as www.linkedin.com (its certificate
 * pinned, never unchecked): filter semantics judged against the world model's own data (computed
 * here from the world, not by the simulator's matcher), the ~10 % of decoy hits, the paging rules,
 * the sign-in pages and their cookies, and the world's clock (saved searches' new hits, job changes,
 * new people).
 */
import { request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, ManualClock } from '../../src/core/clock.ts';
import { SALES_TOOL_HOST, type SalesToolServer, startSalesTool } from '../../src/sandbox/salestool/server.ts';
import { buildWorld } from '../../src/sandbox/world/build-world.ts';
import { CITIES, geoIdsOf } from '../../src/sandbox/world/geo-data.ts';
import { findMember, type Member } from '../../src/sandbox/world/members.ts';
import { functionId, headcountRange, INDUSTRY_IDS } from '../../src/sandbox/world/sales-catalog.ts';
import { buildSalesWorld, type SalesWorld } from '../../src/sandbox/world/sales-world.ts';
import { leadAt, SALES_EPOCH } from '../../src/sandbox/world/timeline.ts';
import type { Lead, World } from '../../src/sandbox/world/types.ts';

const REGION_NORTH_AMERICA = '102221843';
const REGION_UNITED_STATES = '103644278';
/** Midnight, ten days after the world's epoch: the time most tests look at. */
const T0 = SALES_EPOCH + 10 * DAY_MS;

let world: World;
/** The world model, built here on its own: the oracle the simulator's answers are judged against. */
let sales: SalesWorld;
let clock: ManualClock;
let tool: SalesToolServer;
const started: SalesToolServer[] = [];

beforeAll(async () => {
  world = buildWorld({ seed: 'salestool-simulator', companies: 300 });
  sales = buildSalesWorld(world);
  clock = new ManualClock(T0);
  tool = await startSalesTool({ world, port: 0, clock, rateLimit: false });
  started.push(tool);
});
afterAll(async () => {
  await Promise.all(started.map((t) => t.close()));
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTPS request to a simulator as www.linkedin.com, its certificate the only root. */
function fetchFrom(
  on: SalesToolServer,
  path: string,
  opts: { cookie?: string; csrf?: string; accept?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, on.baseUrl), {
      ca: on.certificatePem,
      servername: SALES_TOOL_HOST,
      agent: false,
      headers: {
        host: SALES_TOOL_HOST,
        ...(opts.cookie !== undefined && { cookie: opts.cookie }),
        ...(opts.csrf !== undefined && { 'csrf-token': opts.csrf }),
        ...(opts.accept !== undefined && { accept: opts.accept }),
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

interface Signed {
  cookie: string;
  csrf: string;
  setCookie: string[];
  location: string | undefined;
}

/** Signs in by the page a person opens (`/login?as=`), as a browser would keep the cookies. */
async function signIn(on: SalesToolServer, who: string, next?: string): Promise<Signed> {
  const path = `/login?as=${encodeURIComponent(who)}${next ? `&session_redirect=${encodeURIComponent(next)}` : ''}`;
  const answer = await fetchFrom(on, path);
  expect(answer.status).toBe(302);
  const setCookie = [answer.headers['set-cookie'] ?? []].flat();
  const value = (name: string) => {
    const line = setCookie.find((c) => c.startsWith(`${name}=`));
    if (!line) throw new Error(`sign-in set no ${name}`);
    return (line.split(';')[0] ?? '').slice(name.length + 1);
  };
  const jsessionid = value('JSESSIONID');
  return {
    cookie: `li_at=${value('li_at')}; JSESSIONID=${jsessionid}; li_a=${value('li_a')}`,
    csrf: jsessionid.replaceAll('"', ''),
    setCookie,
    location: answer.headers.location as string | undefined,
  };
}

async function api(on: SalesToolServer, who: Signed, path: string, accept?: string) {
  const answer = await fetchFrom(on, path, { cookie: who.cookie, csrf: who.csrf, ...(accept && { accept }) });
  return { ...answer, json: answer.headers['content-type']?.includes('json') ? JSON.parse(answer.body) : undefined };
}

interface Envelope {
  elements: Record<string, unknown>[];
  paging: { start: number; count: number; total: number };
  metadata: Record<string, unknown>;
}

/** Every hit of a search (below the cap), page by page: the ids in the tool's order. */
async function allHits(on: SalesToolServer, who: Signed, resource: string, params: string): Promise<string[]> {
  const ids: string[] = [];
  let total = Number.POSITIVE_INFINITY;
  for (let start = 0; start < total; start += 100) {
    const answer = await api(on, who, `/sales-api/${resource}?${params}&start=${start}&count=100`);
    expect(answer.status, answer.body).toBe(200);
    const page = answer.json as Envelope;
    total = page.paging.total;
    expect(total).toBeLessThanOrEqual(2500);
    ids.push(...page.elements.map((e) => String(e.entityUrn)));
  }
  return ids;
}

const profileIdOf = (urn: string) => /^urn:li:fs_salesProfile:\(([^,]+),/.exec(urn)?.[1] ?? '';
const salesIdOf = (urn: string) => Number(/^urn:li:fs_salesCompany:(\d+)$/.exec(urn)?.[1]);

/** A filter as the test writes it: included and excluded ids of one type. */
interface F {
  type: string;
  include?: string[];
  exclude?: string[];
}

function restli(filters: F[]): string {
  const value = (id: string, selectionType: string) => `(id:${id},selectionType:${selectionType})`;
  const list = filters.map(
    (f) =>
      `(type:${f.type},values:List(${[
        ...(f.include ?? []).map((id) => value(id, 'INCLUDED')),
        ...(f.exclude ?? []).map((id) => value(id, 'EXCLUDED')),
      ].join(',')}))`,
  );
  return `(filters:List(${list.join(',')}))`;
}

/** Whether a lead, as the world has it at t, has one value of a filter: the world's data, read here. */
function leadHas(lead: Lead, t: number, type: string, id: string): boolean {
  const state = leadAt(lead, t);
  const position = state?.current[0];
  if (!position) throw new Error('an unlisted lead');
  const company = world.companies[position.companyIndex];
  switch (type) {
    case 'SENIORITY_LEVEL':
      return position.seniority === Number(id);
    case 'FUNCTION':
      return functionId(position.functionName) === Number(id);
    case 'REGION':
      return geoIdsOf(CITIES[lead.cityIndex] as (typeof CITIES)[number]).includes(Number(id));
    case 'INDUSTRY':
      return company !== undefined && INDUSTRY_IDS[company.industry] === Number(id);
    case 'COMPANY_HEADCOUNT':
      return company !== undefined && headcountRange(company.headcount).id === id;
    default:
      throw new Error(`the test does not judge ${type}`);
  }
}

/** The filters a lead fails, and whether one of them failed by an EXCLUDED value. */
function judgeLead(lead: Lead, t: number, filters: F[]): { failed: string[]; excluded: boolean } {
  const failed: string[] = [];
  let excluded = false;
  for (const f of filters) {
    if ((f.exclude ?? []).some((id) => leadHas(lead, t, f.type, id))) {
      excluded = true;
      failed.push(f.type);
    } else if ((f.include ?? []).length > 0 && !(f.include ?? []).some((id) => leadHas(lead, t, f.type, id))) {
      failed.push(f.type);
    }
  }
  return { failed, excluded };
}

const listedAt = (t: number) => sales.leads.filter((l) => leadAt(l, t) !== undefined);

/** Runs a lead search over HTTPS and sorts its hits into true matches and decoys by the world's data. */
async function leadSearch(filters: F[], who: Signed) {
  const ids = await allHits(tool, who, 'salesApiLeadSearch', `q=searchQuery&query=${restli(filters)}`);
  const t = clock.now();
  const expected = listedAt(t).filter((l) => judgeLead(l, t, filters).failed.length === 0);
  const hits = ids.map((urn) => {
    const lead = sales.leadByProfileId.get(profileIdOf(urn));
    if (!lead) throw new Error(`the tool returned ${urn}, no lead of the world`);
    return { lead, ...judgeLead(lead, t, filters) };
  });
  return { ids, expected, hits, decoys: hits.filter((h) => h.failed.length > 0) };
}

describe('filter semantics, judged against the world model', () => {
  let demo: Signed;
  beforeAll(async () => {
    demo = await signIn(tool, 'demo');
  });

  it('ORs the INCLUDED values of one filter: every Senior and every CXO lead is a hit', async () => {
    const filters = [{ type: 'SENIORITY_LEVEL', include: ['120', '310'] }];
    const { ids, expected, hits, decoys } = await leadSearch(filters, demo);
    expect(expected.length).toBeGreaterThan(500);
    expect(new Set(ids).size).toBe(ids.length);
    const hitIds = new Set(hits.map((h) => h.lead.profileId));
    expect(expected.every((l) => hitIds.has(l.profileId))).toBe(true);
    expect(hits.length - decoys.length).toBe(expected.length);
    // Each value alone finds its own part of the union.
    const senior = await leadSearch([{ type: 'SENIORITY_LEVEL', include: ['120'] }], demo);
    const cxo = await leadSearch([{ type: 'SENIORITY_LEVEL', include: ['310'] }], demo);
    expect(senior.expected.length + cxo.expected.length).toBe(expected.length);
    expect(senior.hits.length - senior.decoys.length).toBe(senior.expected.length);
    expect(cxo.hits.length - cxo.decoys.length).toBe(cxo.expected.length);
  });

  it('about one hit in ten is a decoy, and a decoy fails exactly one filter', async () => {
    const filters = [{ type: 'SENIORITY_LEVEL', include: ['120', '310'] }];
    const { hits, decoys } = await leadSearch(filters, demo);
    const share = decoys.length / hits.length;
    expect(share).toBeGreaterThan(0.05);
    expect(share).toBeLessThan(0.15);
    // The simulator's own verdicts (matches, failed) agree with the world's data.
    const engine = tool.state.engine.leads(findMember('demo') as Member, parseFilters(filters), clock.now());
    const decoyIds = new Set(decoys.map((d) => d.lead.profileId));
    expect(engine.filter((h) => !h.matches).map((h) => h.view.lead.profileId)).toEqual(
      hits.filter((h) => decoyIds.has(h.lead.profileId)).map((h) => h.lead.profileId),
    );
    expect(engine.every((h) => (h.matches ? h.failed.length === 0 : h.failed.length === 1))).toBe(true);
  });

  it('ANDs filters: a true hit holds all three, a decoy fails exactly one of them', async () => {
    const filters = [
      { type: 'FUNCTION', include: ['8', '13'] },
      { type: 'REGION', include: [REGION_NORTH_AMERICA] },
      { type: 'SENIORITY_LEVEL', include: ['110', '120', '130'] },
    ];
    const { expected, hits, decoys } = await leadSearch(filters, demo);
    expect(expected.length).toBeGreaterThan(20);
    expect(hits.length - decoys.length).toBe(expected.length);
    expect(decoys.length).toBe(Math.round(expected.length / 9));
    for (const decoy of decoys) {
      expect(decoy.failed).toHaveLength(1);
      expect(decoy.excluded).toBe(false);
    }
    // Fewer hits than any one of the filters alone.
    for (const f of filters) {
      const alone = listedAt(clock.now()).filter((l) => judgeLead(l, clock.now(), [f]).failed.length === 0);
      expect(alone.length).toBeGreaterThan(expected.length);
    }
  });

  it('EXCLUDED values subtract, within a filter and as a filter of their own, and never come back as decoys', async () => {
    const filters = [
      { type: 'REGION', include: [REGION_NORTH_AMERICA], exclude: [REGION_UNITED_STATES] },
      { type: 'FUNCTION', exclude: ['25'] },
    ];
    const { expected, hits, decoys } = await leadSearch(filters, demo);
    expect(expected.length).toBeGreaterThan(10);
    expect(hits.length - decoys.length).toBe(expected.length);
    const hitIds = new Set(hits.map((h) => h.lead.profileId));
    expect(expected.every((l) => hitIds.has(l.profileId))).toBe(true);
    for (const h of hits) {
      expect(leadHas(h.lead, clock.now(), 'REGION', REGION_UNITED_STATES)).toBe(false);
      expect(leadHas(h.lead, clock.now(), 'FUNCTION', '25')).toBe(false);
    }
    // Without the exclusions the same search has the US and sales people back.
    const wider = await leadSearch([{ type: 'REGION', include: [REGION_NORTH_AMERICA] }], demo);
    expect(wider.expected.length).toBeGreaterThan(expected.length * 2);
  });

  it('account searches follow the same rules on the companies’ data', async () => {
    const filters = [
      { type: 'INDUSTRY', include: ['4', '96'] },
      { type: 'COMPANY_HEADCOUNT', include: ['C', 'D', 'E'] },
    ];
    const ids = await allHits(tool, demo, 'salesApiAccountSearch', `q=searchQuery&query=${restli(filters)}`);
    const has = (companyIndex: number, f: F) => {
      const company = world.companies[companyIndex];
      if (!company) return false;
      return (f.include ?? []).some((id) =>
        f.type === 'INDUSTRY'
          ? INDUSTRY_IDS[company.industry] === Number(id)
          : headcountRange(company.headcount).id === id,
      );
    };
    const expected = sales.accounts.filter((a) => filters.every((f) => has(a.companyIndex, f)));
    expect(expected.length).toBeGreaterThan(3);
    const hits = ids.map((urn) => sales.accountBySalesId.get(salesIdOf(urn)));
    const hitIds = new Set(hits.map((a) => a?.salesId));
    expect(expected.every((a) => hitIds.has(a.salesId))).toBe(true);
    const decoys = hits.filter((a) => a && !filters.every((f) => has(a.companyIndex, f)));
    expect(hits.length - decoys.length).toBe(expected.length);
    for (const a of decoys) expect(filters.filter((f) => a && !has(a.companyIndex, f))).toHaveLength(1);
  });
});

/** The filters of the test as the lib's SearchQuery, for the engine's own verdicts. */
function parseFilters(filters: F[]) {
  return {
    filters: filters.map((f) => ({
      type: f.type,
      values: [
        ...(f.include ?? []).map((id) => ({ id, selectionType: 'INCLUDED' as const })),
        ...(f.exclude ?? []).map((id) => ({ id, selectionType: 'EXCLUDED' as const })),
      ],
    })),
  };
}

describe('the API’s rules', () => {
  let demo: Signed;
  beforeAll(async () => {
    demo = await signIn(tool, 'demo');
  });
  const everyone = (start: number, count: number) =>
    `/sales-api/salesApiLeadSearch?q=searchQuery&query=(filters:List())&start=${start}&count=${count}`;

  it('pages to the 2,500th result and no further, with the true total; count is 1..100', async () => {
    const last = await api(tool, demo, everyone(2400, 100));
    expect(last.status).toBe(200);
    const page = last.json as Envelope;
    expect(page.elements).toHaveLength(100);
    expect(page.paging).toMatchObject({ start: 2400, count: 100 });
    expect(page.paging.total).toBe(listedAt(clock.now()).length);
    expect(page.paging.total).toBeGreaterThan(2500);
    expect(page.metadata.totalDisplayCount).toBe(`${Math.floor(page.paging.total / 1000)}K+`);

    expect((await api(tool, demo, everyone(2450, 100))).status).toBe(400);
    expect((await api(tool, demo, everyone(2500, 1))).status).toBe(400);
    expect((await api(tool, demo, everyone(2499, 1))).status).toBe(200);
    expect((await api(tool, demo, everyone(0, 101))).status).toBe(400);
    expect((await api(tool, demo, everyone(0, 0))).status).toBe(400);
    const hundred = await api(tool, demo, everyone(0, 100));
    expect((hundred.json as Envelope).elements).toHaveLength(100);
    const byDefault = await api(tool, demo, '/sales-api/salesApiLeadSearch?q=searchQuery&query=(filters:List())');
    expect((byDefault.json as Envelope).paging.count).toBe(25);
  });

  it('answers 400 to a query it cannot read: unbalanced, unknown filter type, values where a range goes', async () => {
    const search = (query: string) => `/sales-api/salesApiLeadSearch?q=searchQuery&query=${query}&start=0&count=10`;
    const unbalanced = await api(
      tool,
      demo,
      search('(filters:List((type:SENIORITY_LEVEL,values:List((id:120,selectionType:INCLUDED))))'),
    );
    expect(unbalanced.status).toBe(400);
    expect(unbalanced.json).toMatchObject({ status: 400 });
    expect((await api(tool, demo, search('(filters:List((type:SENIORITY_LEVEL,values:List((id:120'))).status).toBe(400);
    expect(
      (
        await api(
          tool,
          demo,
          search('(filters:List((type:NO_SUCH_FILTER,values:List((id:1,selectionType:INCLUDED)))))'),
        )
      ).status,
    ).toBe(400);
    expect((await api(tool, demo, search('(filters:List((type:REGION,rangeValue:(min:1,max:2))))'))).status).toBe(400);
    // The address bar's form (§1.3: the whole value encoded once more, parentheses literal, text
    // leaves double-encoded) and a fully encoded one are the same search as the raw form.
    const raw = '(filters:List((type:REGION,values:List((id:102221843,text:North%20America,selectionType:INCLUDED)))))';
    const addressBar = raw.replaceAll('%', '%25').replaceAll(':', '%3A').replaceAll(',', '%2C');
    expect(addressBar).toMatch(/^\(filters%3AList\(\(type%3AREGION%2C.*North%2520America/);
    const a = await api(tool, demo, search(raw));
    expect(a.status).toBe(200);
    expect((a.json as Envelope).paging.total).toBeGreaterThan(0);
    for (const form of [addressBar, encodeURIComponent(raw).replaceAll('(', '%28').replaceAll(')', '%29')]) {
      const b = await api(tool, demo, search(form));
      expect(b.status, form).toBe(200);
      expect((b.json as Envelope).elements).toEqual((a.json as Envelope).elements);
      expect((b.json as Envelope).metadata.filters).toEqual([
        { type: 'REGION', values: [{ id: '102221843', text: 'North America', selectionType: 'INCLUDED' }] },
      ]);
    }
  });

  it('echoes the applied filters, and answers the normalized envelope when asked', async () => {
    const query = restli([{ type: 'SENIORITY_LEVEL', include: ['310'] }]);
    const path = `/sales-api/salesApiLeadSearch?q=searchQuery&query=${query}&start=0&count=5`;
    const plain = await api(tool, demo, path);
    expect((plain.json as Envelope).metadata.filters).toEqual([
      { type: 'SENIORITY_LEVEL', values: [{ id: '310', selectionType: 'INCLUDED' }] },
    ]);
    const normalized = await api(tool, demo, path, 'application/vnd.linkedin.normalized+json+2.1');
    const body = normalized.json as { data: { '*elements': string[]; paging: { total: number } }; included: unknown[] };
    expect(body.data['*elements']).toEqual((plain.json as Envelope).elements.map((e) => e.entityUrn));
    expect(body.included).toHaveLength(5);
    expect(body.data.paging.total).toBe((plain.json as Envelope).paging.total);
  });

  it('wants the csrf-token header equal to JSESSIONID: a wrong or missing one is a 403', async () => {
    const path = everyone(0, 1);
    expect((await fetchFrom(tool, path, { cookie: demo.cookie, csrf: demo.csrf })).status).toBe(200);
    const wrong = await fetchFrom(tool, path, { cookie: demo.cookie, csrf: 'ajax:1234567890123456789' });
    expect(wrong.status).toBe(403);
    expect(JSON.parse(wrong.body)).toMatchObject({ status: 403 });
    expect((await fetchFrom(tool, path, { cookie: demo.cookie })).status).toBe(403);
    // A JSESSIONID cookie of another session, with its own value as the header, is no better.
    const other = await signIn(tool, 'demo');
    const mixed = demo.cookie.replace(/JSESSIONID=[^;]+/, `JSESSIONID="${other.csrf}"`);
    expect((await fetchFrom(tool, path, { cookie: mixed, csrf: other.csrf })).status).toBe(403);
    // No session at all is a 401.
    expect((await fetchFrom(tool, path, { csrf: demo.csrf })).status).toBe(401);
  });

  it('answers 429 with a Retry-After once a member spends the budget', async () => {
    const budgetTime = new ManualClock();
    const busy = await startSalesTool({
      world,
      port: 0,
      clock,
      rateLimit: { burst: 2, perSecond: 0.5 },
      rateClock: budgetTime,
    });
    started.push(busy);
    const who = await signIn(busy, 'ava');
    const path = everyone(0, 1);
    expect((await api(busy, who, path)).status).toBe(200);
    expect((await api(busy, who, path)).status).toBe(200);
    const third = await api(busy, who, path);
    expect(third.status).toBe(429);
    expect(third.headers['retry-after']).toBe('2');
    expect(third.json).toMatchObject({ status: 429 });
    // The budget is the member's: another member is not slowed.
    expect((await api(busy, await signIn(busy, 'ben'), path)).status).toBe(200);
    // It refills with time: after the Retry-After the member may go on.
    budgetTime.advance(1999);
    expect((await api(busy, who, path)).status).toBe(429);
    budgetTime.advance(1);
    expect((await api(busy, who, path)).status).toBe(200);
  });
});

describe('the pages and the session cookies', () => {
  it('sends a visitor without a session to /login, with where they were going', async () => {
    const answer = await fetchFrom(tool, '/sales/search/people');
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe(`/login?session_redirect=${encodeURIComponent('/sales/search/people')}`);
    const form = await fetchFrom(tool, '/login');
    expect(form.status).toBe(200);
    expect(form.body).toContain('demo@leadforge.test');
  });

  it('/login?as=demo sets li_at, a quoted JSESSIONID and li_a for .linkedin.com, Secure, and goes back', async () => {
    const signed = await signIn(tool, 'demo', '/sales/search/people');
    expect(signed.location).toBe('/sales/search/people');
    for (const name of ['li_at', 'JSESSIONID', 'li_a']) {
      const line = signed.setCookie.find((c) => c.startsWith(`${name}=`)) ?? '';
      const attributes = line.split(';').map((a) => a.trim().toLowerCase());
      expect(attributes, name).toContain('domain=.linkedin.com');
      expect(attributes, name).toContain('secure');
      expect(attributes, name).toContain('path=/');
      expect(attributes.some((a) => /^max-age=\d+$/.test(a) && a !== 'max-age=0')).toBe(true);
    }
    expect(signed.setCookie.find((c) => c.startsWith('JSESSIONID='))).toMatch(/^JSESSIONID="ajax:\d{19}";/);
    expect(signed.setCookie.find((c) => c.startsWith('li_at='))).toMatch(/^li_at=AQEDA[\w-]+;.*HttpOnly/);
    // Scripts read JSESSIONID (the csrf header is made from it): it is not HttpOnly.
    expect(signed.setCookie.find((c) => c.startsWith('JSESSIONID='))).not.toMatch(/HttpOnly/i);

    const page = await fetchFrom(tool, '/sales/search/people', { cookie: signed.cookie });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('data-x="result-count"');
    const me = await api(tool, signed, '/voyager/api/me');
    expect(me.json).toMatchObject({ plainId: 10_000_001, salesNavigatorSeat: true });
  });

  it('goes back only to a page of the tool, and refuses an unknown member', async () => {
    expect((await signIn(tool, 'ava', '//evil.test/sales/x')).location).toBe('/sales/home');
    expect((await signIn(tool, 'ava', 'https://evil.test/')).location).toBe('/sales/home');
    const nobody = await fetchFrom(tool, '/login?as=nobody@nowhere.test');
    expect(nobody.status).toBe(404);
    expect(nobody.headers['set-cookie']).toBeUndefined();
  });

  it('/logout clears the cookies and the old li_at is refused afterwards, on the pages and the API', async () => {
    const signed = await signIn(tool, 'demo');
    const before = await api(tool, signed, '/voyager/api/me');
    expect(before.status).toBe(200);
    const out = await fetchFrom(tool, '/logout', { cookie: signed.cookie });
    expect(out.status).toBe(200);
    const cleared = [out.headers['set-cookie'] ?? []].flat();
    for (const name of ['li_at', 'JSESSIONID', 'li_a']) {
      const line = cleared.find((c) => c.startsWith(`${name}=`)) ?? '';
      expect(line, name).toMatch(new RegExp(`^${name}=;`));
      expect(line, name).toMatch(/Max-Age=0/);
      expect(line, name).toMatch(/Domain=\.linkedin\.com/);
    }
    expect((await api(tool, signed, '/voyager/api/me')).status).toBe(401);
    const page = await fetchFrom(tool, '/sales/home', { cookie: signed.cookie });
    expect(page.status).toBe(302);
    expect(page.headers.location).toMatch(/^\/login\?session_redirect=/);
    // Another session of the same member lives on.
    const other = await signIn(tool, 'demo');
    expect((await api(tool, other, '/voyager/api/me')).status).toBe(200);
  });

  it('shows a lead’s page with the lead’s name, and an account’s with the company’s', async () => {
    const signed = await signIn(tool, 'demo');
    const plainName = (name: string) => /^[A-Za-z][A-Za-z .-]*$/.test(name);
    const lead = listedAt(clock.now()).find((l) => plainName(world.people[l.personIndex]?.fullName ?? ''));
    if (!lead) throw new Error('no lead with a plain name');
    const person = world.people[lead.personIndex];
    const page = await fetchFrom(tool, `/sales/lead/${lead.profileId},NAME_SEARCH,${lead.authToken}`, {
      cookie: signed.cookie,
    });
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<h1 data-x="lead-name">${person?.fullName}</h1>`);
    const position = leadAt(lead, clock.now())?.current[0];
    const company = world.companies[position?.companyIndex ?? -1];
    expect(page.body).toContain(position?.title);
    const account = sales.accounts[position?.companyIndex ?? -1];
    const accountPage = await fetchFrom(tool, `/sales/company/${account?.salesId}`, { cookie: signed.cookie });
    expect(accountPage.status).toBe(200);
    expect(accountPage.body).toContain(company?.domain);
    const missing = await fetchFrom(tool, '/sales/lead/ACwAAAAAAAABAAAAAAAAAAAAAAAAAAAAAAAAAAA,NAME_SEARCH,abcd', {
      cookie: signed.cookie,
    });
    expect(missing.status).toBe(404);
  });

  it('a search run from its page becomes a recent search the API reads back, with the same hits', async () => {
    const signed = await signIn(tool, 'ben');
    const query = restli([{ type: 'SENIORITY_LEVEL', include: ['310'] }]);
    const page = await fetchFrom(tool, `/sales/search/people?query=${encodeURIComponent(query)}&viewAllFilters=true`, {
      cookie: signed.cookie,
    });
    expect(page.status).toBe(200);
    const recentId = /data-x="recent-search-id">recent search (\d{10})</.exec(page.body)?.[1];
    expect(recentId).toBeDefined();
    const byRecent = await allHits(tool, signed, 'salesApiLeadSearch', `q=recentSearchId&recentSearchId=${recentId}`);
    const byQuery = await allHits(tool, signed, 'salesApiLeadSearch', `q=searchQuery&query=${query}`);
    expect(byRecent).toEqual(byQuery);
    expect(page.body).toContain(`${byQuery.length} results`);
    // Recent searches are the member's own.
    const other = await signIn(tool, 'ava');
    const theirs = await api(tool, other, `/sales-api/salesApiLeadSearch?q=recentSearchId&recentSearchId=${recentId}`);
    expect(theirs.status).toBe(404);
  });

  it('a member without a seat sees a 403 page; a challenged one is sent to a checkpoint', async () => {
    const noseat = await signIn(tool, 'noseat');
    const page = await fetchFrom(tool, '/sales/search/people', { cookie: noseat.cookie });
    expect(page.status).toBe(403);
    expect(page.body).toContain('no Sales Navigator seat');
    expect((await api(tool, noseat, '/voyager/api/me')).json).toMatchObject({ salesNavigatorSeat: false });
    const challenged = await signIn(tool, 'challenged');
    const gate = await fetchFrom(tool, '/sales/home', { cookie: challenged.cookie });
    expect(gate.status).toBe(302);
    expect(gate.headers.location).toMatch(/^\/checkpoint\/challenge\//);
  });
});

describe('the world’s clock', () => {
  let timed: SalesToolServer;
  let moving: ManualClock;
  beforeAll(async () => {
    moving = new ManualClock(T0);
    timed = await startSalesTool({ world, port: 0, clock: moving, rateLimit: false });
    started.push(timed);
  });

  const savedSearchIds = () =>
    timed.state.tool.assetsOf(findMember('demo') as Member).savedSearches.filter((s) => s.kind === 'LEAD');

  it('a saved search’s hits new since lastViewedAt are exactly the hits now that were not hits then', async () => {
    moving.set(T0);
    const before = await signIn(timed, 'demo');
    const saved = savedSearchIds();
    const then = new Map<string, string[]>();
    for (const s of saved)
      then.set(s.id, await allHits(timed, before, 'salesApiLeadSearch', `q=savedSearchId&savedSearchId=${s.id}`));

    moving.advance(8 * 7 * DAY_MS);
    const who = await signIn(timed, 'demo');
    let newHits = 0;
    for (const s of saved) {
      const now = await allHits(timed, who, 'salesApiLeadSearch', `q=savedSearchId&savedSearchId=${s.id}`);
      const fresh = await allHits(
        timed,
        who,
        'salesApiLeadSearch',
        `q=savedSearchId&savedSearchId=${s.id}&lastViewedAt=${T0}`,
      );
      const old = new Set(then.get(s.id));
      expect(fresh, s.name).toEqual(now.filter((id) => !old.has(id)));
      newHits += fresh.length;
    }
    expect(newHits).toBeGreaterThan(0);
    // q=savedSearch (the other spelling, §7) is the same search.
    const first = saved[0];
    const other = await allHits(
      timed,
      who,
      'salesApiLeadSearch',
      `q=savedSearch&savedSearchId=${first?.id}&lastViewedAt=${T0}`,
    );
    expect(other).toEqual(
      await allHits(timed, who, 'salesApiLeadSearch', `q=savedSearchId&savedSearchId=${first?.id}&lastViewedAt=${T0}`),
    );
  });

  it('viewing a saved search’s page resets its new-hits count; time brings new ones', async () => {
    moving.set(T0 + 100 * DAY_MS);
    const who = await signIn(timed, 'demo');
    const saved = savedSearchIds().find((s) => s.name.startsWith('Recent job changers'));
    if (!saved) throw new Error('no job-changers search');
    const page = await fetchFrom(timed, `/sales/search/people?savedSearchId=${saved.id}`, { cookie: who.cookie });
    expect(page.status).toBe(200);
    const index = async () => {
      const answer = await api(timed, who, '/sales-api/salesApiSavedSearchesV2?q=savedPeopleSearches&start=0&count=50');
      const rows = (answer.json as { elements: { id: number; lastViewedAt: number; newHitsCount: number }[] }).elements;
      return rows.find((r) => String(r.id) === saved.id);
    };
    expect(await index()).toMatchObject({ lastViewedAt: moving.now(), newHitsCount: 0 });
    const viewedAt = moving.now();
    moving.advance(120 * DAY_MS);
    const later = await index();
    const fresh = await allHits(
      timed,
      who,
      'salesApiLeadSearch',
      `q=savedSearchId&savedSearchId=${saved.id}&lastViewedAt=${viewedAt}`,
    );
    expect(later?.lastViewedAt).toBe(viewedAt);
    expect(later?.newHitsCount).toBe(fresh.length);
    expect(fresh.length).toBeGreaterThan(0);
  });

  it('over a year people change jobs (the API shows the new company) and new people appear', async () => {
    const t1 = T0 + 365 * DAY_MS;
    const moved = sales.leads.filter((l) => {
      const a = leadAt(l, T0)?.current[0];
      const b = leadAt(l, t1)?.current[0];
      return a && b && a.companyIndex !== b.companyIndex;
    });
    const appeared = sales.leads.filter((l) => !leadAt(l, T0) && leadAt(l, t1));
    expect(moved.length).toBeGreaterThan(10);
    expect(appeared.length).toBeGreaterThan(10);
    const profile = (who: Signed, lead: Lead) =>
      api(
        timed,
        who,
        `/sales-api/salesApiProfiles/(profileId:${lead.profileId},authType:NAME_SEARCH,authToken:${lead.authToken})`,
      );
    const salesIdAt = (lead: Lead, t: number) =>
      sales.accounts[leadAt(lead, t)?.current[0]?.companyIndex ?? -1]?.salesId;

    moving.set(T0);
    const before = await signIn(timed, 'demo');
    const sample = moved.slice(0, 5);
    for (const lead of sample) {
      const answer = await profile(before, lead);
      expect(answer.json.defaultPosition.companyUrn).toBe(`urn:li:fs_salesCompany:${salesIdAt(lead, T0)}`);
    }
    for (const lead of appeared.slice(0, 3)) expect((await profile(before, lead)).status).toBe(404);

    moving.set(t1);
    const after = await signIn(timed, 'demo');
    for (const lead of sample) {
      const answer = await profile(after, lead);
      expect(answer.json.defaultPosition.companyUrn).toBe(`urn:li:fs_salesCompany:${salesIdAt(lead, t1)}`);
      expect(salesIdAt(lead, t1)).not.toBe(salesIdAt(lead, T0));
      // The old job is now a past one, with its end.
      const old = (answer.json.positions as { companyUrn: string; current: boolean; endedOn?: unknown }[]).find(
        (p) => p.companyUrn === `urn:li:fs_salesCompany:${salesIdAt(lead, T0)}` && !p.current,
      );
      expect(old?.endedOn).toBeDefined();
    }
    for (const lead of appeared.slice(0, 3)) expect((await profile(after, lead)).status).toBe(200);
    // An unfiltered search counts the people listed then.
    const total = await api(timed, after, '/sales-api/salesApiLeadSearch?q=searchQuery&query=(filters:List())&count=1');
    expect((total.json as Envelope).paging.total).toBe(listedAt(t1).length);
  });

  it('lastViewedAt after now finds nothing new (the tool does not tell the future); a plain search has no such filter', async () => {
    moving.set(T0 + 200 * DAY_MS);
    const who = await signIn(timed, 'demo');
    const saved = savedSearchIds().find((s) => s.name.startsWith('Recent job changers'));
    const future = moving.now() + 365 * DAY_MS;
    const ahead = await api(
      timed,
      who,
      `/sales-api/salesApiLeadSearch?q=savedSearchId&savedSearchId=${saved?.id}&lastViewedAt=${future}&count=100`,
    );
    expect(ahead.status).toBe(200);
    expect((ahead.json as Envelope).paging.total).toBe(0);
    // On a searchQuery lastViewedAt is not applied, so it is not echoed as if it were.
    const query = restli([{ type: 'SENIORITY_LEVEL', include: ['310'] }]);
    const withIt = await api(
      timed,
      who,
      `/sales-api/salesApiLeadSearch?q=searchQuery&query=${query}&lastViewedAt=${T0}&count=5`,
    );
    const without = await api(timed, who, `/sales-api/salesApiLeadSearch?q=searchQuery&query=${query}&count=5`);
    expect((withIt.json as Envelope).paging.total).toBe((without.json as Envelope).paging.total);
    expect((withIt.json as Envelope).metadata).toEqual((without.json as Envelope).metadata);
  });

  it('a session lives about a year of the world’s time', async () => {
    moving.set(T0);
    const who = await signIn(timed, 'ava');
    moving.advance(364 * DAY_MS);
    expect((await api(timed, who, '/voyager/api/me')).status).toBe(200);
    moving.advance(2 * DAY_MS);
    expect((await api(timed, who, '/voyager/api/me')).status).toBe(401);
  });
});
