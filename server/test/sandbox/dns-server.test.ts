import { promises as dns, type MxRecord } from 'node:dns';
import dns2 from 'dns2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer } from '../../src/sandbox/dns-server.ts';
import { buildWorld } from '../../src/sandbox/world/build-world.ts';
import type { World } from '../../src/sandbox/world/types.ts';

let world: World;
let server: Awaited<ReturnType<typeof startDnsServer>>;
let resolver: dns.Resolver;

beforeAll(async () => {
  world = buildWorld({ companies: 200 });
  server = await startDnsServer({ world, port: 0, latencyMs: 0 });
  resolver = new dns.Resolver({ timeout: 1000, tries: 1 });
  resolver.setServers([`127.0.0.1:${server.port}`]);
});
afterAll(() => server.close());

const code = (p: Promise<unknown>) =>
  p.then(
    () => 'answered',
    (e: NodeJS.ErrnoException) => e.code,
  );
const byPriority = (mx: MxRecord[]) =>
  [...mx].sort((a, b) => a.priority - b.priority || (a.exchange < b.exchange ? -1 : 1));

describe('sandbox DNS server', () => {
  it('answers a Google-like domain with three MX, two of them tied, each resolving to its own loopback address', async () => {
    const mx = byPriority(await resolver.resolveMx('ok.leadforge.test'));
    expect(mx).toEqual([
      { exchange: 'aspmx.l.google.test', priority: 1 },
      { exchange: 'alt1.aspmx.l.google.test', priority: 5 },
      { exchange: 'alt2.aspmx.l.google.test', priority: 5 },
    ]);
    expect(await resolver.resolve4('aspmx.l.google.test')).toEqual(['127.1.1.1']);
    expect(await resolver.resolve4('alt2.aspmx.l.google.test')).toEqual(['127.1.1.3']);
  });

  it('serves a null MX as one record with an empty exchange', async () => {
    expect(await resolver.resolveMx('nullmx.leadforge.test')).toEqual([{ exchange: '', priority: 0 }]);
  });

  it('answers NODATA for MX of an implicit-MX domain, and its A record is an SMTP host', async () => {
    expect(await code(resolver.resolveMx('implicit.leadforge.test'))).toBe('ENODATA');
    expect(await resolver.resolve4('implicit.leadforge.test')).toEqual(['127.1.2.1']);
  });

  it('answers NXDOMAIN for the nxdomain case and for names it does not know, SERVFAIL for the servfail case', async () => {
    expect(await code(resolver.resolveMx('nxdomain.leadforge.test'))).toBe('ENOTFOUND');
    expect(await code(resolver.resolveMx('no-such-company.test'))).toBe('ENOTFOUND');
    expect(await code(resolver.resolveMx('servfail.leadforge.test'))).toBe('ESERVFAIL');
    expect(await code(resolver.resolve4('www.servfail.leadforge.test'))).toBe('ESERVFAIL');
  });

  it('answers NODATA for AAAA, and for names that only exist because names below them do', async () => {
    expect(await code(resolver.resolve6('ok.leadforge.test'))).toBe('ENODATA');
    expect(await code(resolver.resolve4('leadforge.test'))).toBe('ENODATA');
  });

  it('points a dead primary MX at an address where nothing listens, and the backup at a live host', async () => {
    const mx = byPriority(await resolver.resolveMx('deadprimary.leadforge.test'));
    expect(mx.map((m) => m.priority)).toEqual([10, 20]);
    expect(await resolver.resolve4(mx[0]?.exchange ?? '')).toEqual(['127.1.250.1']);
    expect(await resolver.resolve4(mx[1]?.exchange ?? '')).toEqual(['127.1.2.1']);
  });

  it('names a Microsoft tenant MX after the domain', async () => {
    const [mx] = await resolver.resolveMx('microsoft.leadforge.test');
    expect(mx?.exchange).toBe('microsoft-leadforge-test.mail.protection.outlook.test');
    expect(await resolver.resolve4(mx?.exchange ?? '')).toEqual(['127.1.3.1']);
  });

  it('serves IDN domains under their A-label, and case-insensitively', async () => {
    const mx = await resolver.resolveMx('xn--bcher-kva.leadforge.test');
    expect(mx).toHaveLength(3);
    expect(await resolver.resolveMx('OK.LeadForge.TEST')).toHaveLength(3);
  });

  it('serves every generated company domain per its behaviour, with an SPF record', async () => {
    const company = world.companies.find((c) => c.mail === 'self_hosted');
    if (!company) throw new Error('no self-hosted company');
    expect(await resolver.resolveMx(company.domain)).toEqual([{ exchange: `mail.${company.domain}`, priority: 10 }]);
    expect(await resolver.resolve4(`mail.${company.domain}`)).toEqual(['127.1.2.1']);
    expect(await resolver.resolveTxt(company.domain)).toEqual([['v=spf1 mx ~all']]);
  });

  it('answers over TCP too', async () => {
    const query = dns2.TCPClient({ dns: '127.0.0.1', port: server.port });
    const answer = await query('ok.leadforge.test', 'MX');
    expect(answer.answers.map((a) => a.exchange).sort()).toEqual([
      'alt1.aspmx.l.google.test',
      'alt2.aspmx.l.google.test',
      'aspmx.l.google.test',
    ]);
  });

  it('refuses to start on a port already taken', async () => {
    await expect(startDnsServer({ world, port: server.port, latencyMs: 0 })).rejects.toThrow(/EADDRINUSE/);
  });

  it('delays every answer by the latency setting', async () => {
    const slow = await startDnsServer({ world, port: 0, latencyMs: 150 });
    try {
      const r = new dns.Resolver({ timeout: 2000, tries: 1 });
      r.setServers([`127.0.0.1:${slow.port}`]);
      const started = performance.now();
      await r.resolveMx('ok.leadforge.test');
      expect(await code(r.resolveMx('nxdomain.leadforge.test'))).toBe('ENOTFOUND');
      expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    } finally {
      await slow.close();
    }
  });
});
