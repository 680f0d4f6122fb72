import { describe, expect, it } from 'vitest';
import { orderMx, resolveDomain } from './domain.ts';
import { seededRandom } from './test-support/harness.ts';
import { StaticResolver } from './test-support/static-resolver.ts';

describe('orderMx', () => {
  const records = [
    { exchange: 'c', priority: 20 },
    { exchange: 'a', priority: 10 },
    { exchange: 'b1', priority: 10 },
    { exchange: 'd', priority: 5 },
    { exchange: 'b2', priority: 10 },
  ];

  it('sorts by preference, lowest first', () => {
    const order = orderMx(records, seededRandom(3)).map((r) => r.priority);
    expect(order).toEqual([5, 10, 10, 10, 20]);
  });

  it('shuffles ties: every order of the equal-preference hosts turns up', () => {
    const random = seededRandom(7);
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const order = orderMx(records, random).map((r) => r.exchange);
      expect(order[0]).toBe('d');
      expect(order[4]).toBe('c');
      seen.add(order.slice(1, 4).join(','));
    }
    expect(seen.size).toBe(6);
  });
});

describe('resolveDomain', () => {
  const resolver = new StaticResolver({
    'acme.test': {
      mx: [
        { exchange: 'MX1.acme.test.', priority: 10 },
        { exchange: 'mx2.acme.test', priority: 20 },
      ],
    },
    'mx1.acme.test': { addresses: ['192.0.2.1'] },
    'mx2.acme.test': { addresses: ['2001:db8::2'] },
    'implicit.test': { addresses: ['192.0.2.3'] },
    'nohost.test': {},
    'nullmx.test': { mx: [{ exchange: '', priority: 0 }] },
    'dangling.test': { mx: [{ exchange: 'gone.dangling.test', priority: 10 }] },
    'flaky.test': { mx: { kind: 'error', code: 'SERVFAIL' } },
    'flakyhost.test': { mx: [{ exchange: 'mx.flakyhost.test', priority: 10 }] },
    'mx.flakyhost.test': { addresses: { kind: 'error', code: 'TIMEOUT' } },
    'literal.test': { mx: [{ exchange: '192.0.2.9', priority: 10 }] },
  });
  const resolve = (d: string) => resolveDomain(d, resolver, () => 0);

  it('MX hosts with their addresses, names lower-cased without the trailing dot', async () => {
    const r = await resolve('acme.test');
    expect(r.domain.status).toBe('ok');
    expect(r.hasMxRecords).toBe(true);
    expect(r.mx).toEqual([
      { host: 'mx1.acme.test', preference: 10, addresses: ['192.0.2.1'], lookup_error: null },
      { host: 'mx2.acme.test', preference: 20, addresses: ['2001:db8::2'], lookup_error: null },
    ]);
  });

  it('implicit MX on NODATA: the domain itself, preference 0; no A either: no mail host', async () => {
    expect(await resolve('implicit.test')).toMatchObject({
      domain: { status: 'ok', implicit_mx: true },
      mx: [{ host: 'implicit.test', preference: 0, addresses: ['192.0.2.3'] }],
      hasMxRecords: false,
    });
    expect((await resolve('nohost.test')).domain.status).toBe('no_mail_host');
  });

  it('a null MX takes no mail and is never replaced by A records', async () => {
    expect(await resolve('nullmx.test')).toMatchObject({ domain: { status: 'null_mx' }, mx: [], hasMxRecords: true });
  });

  it('NXDOMAIN is told apart from DNS failures', async () => {
    expect((await resolve('gone.test')).domain).toEqual({ status: 'nxdomain', implicit_mx: false, dns_error: null });
    expect((await resolve('flaky.test')).domain).toEqual({
      status: 'dns_error',
      implicit_mx: false,
      dns_error: 'SERVFAIL',
    });
  });

  it('MX hosts without addresses: no mail host when DNS says so, a DNS error when it failed', async () => {
    expect((await resolve('dangling.test')).domain.status).toBe('no_mail_host');
    expect((await resolve('flakyhost.test')).domain).toMatchObject({ status: 'dns_error', dns_error: 'TIMEOUT' });
  });

  it('an IP literal as exchange is used as it stands', async () => {
    expect((await resolve('literal.test')).mx[0]).toMatchObject({ host: '192.0.2.9', addresses: ['192.0.2.9'] });
  });
});
