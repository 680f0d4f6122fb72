import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.ts';
import { resolveDomain } from '../domain.ts';
import { TinyDns } from '../test-support/tiny-dns.ts';
import { NodeMailResolver } from './node-resolver.ts';

let dns: TinyDns;
beforeAll(async () => {
  dns = await TinyDns.start((type, name) => {
    if (name === 'acme.test') return { mx: [{ priority: 10, exchange: 'mx.acme.test' }] };
    if (name === 'mx.acme.test') return type === 'A' ? { a: ['192.0.2.10'], ttl: 30 } : { rcode: 'NODATA' };
    if (name === 'nullmx.test') return { mx: [{ priority: 0, exchange: '' }] };
    if (name === 'bare.test') return type === 'A' ? { a: ['192.0.2.20'] } : { rcode: 'NODATA' };
    if (name === 'broken.test') return { rcode: 'SERVFAIL' };
    if (name === 'slow.test') return 'silence';
    return { rcode: 'NXDOMAIN' };
  });
});
afterAll(() => dns.close());

const resolverOn = (clock = new ManualClock()) =>
  new NodeMailResolver(clock, { servers: [`127.0.0.1:${dns.port}`], timeoutMs: 300, tries: 1 });

describe('NodeMailResolver over a real UDP DNS server', () => {
  it('tells MX records, null MX, NODATA, NXDOMAIN, SERVFAIL and timeouts apart', async () => {
    const r = resolverOn();
    expect(await r.mx('acme.test')).toEqual({ kind: 'records', records: [{ exchange: 'mx.acme.test', priority: 10 }] });
    expect(await r.mx('nullmx.test')).toEqual({ kind: 'records', records: [{ exchange: '', priority: 0 }] });
    expect(await r.mx('bare.test')).toEqual({ kind: 'nodata' });
    expect(await r.mx('gone.test')).toEqual({ kind: 'nxdomain' });
    expect(await r.mx('broken.test')).toEqual({ kind: 'error', code: 'SERVFAIL' });
    expect(await r.mx('slow.test')).toEqual({ kind: 'error', code: 'TIMEOUT' });
    expect(await r.addresses('mx.acme.test')).toEqual({ kind: 'records', addresses: ['192.0.2.10'] });
  });

  it('the domain stage on top: implicit MX on NODATA, null MX, NXDOMAIN vs DNS error', async () => {
    const r = resolverOn();
    const random = () => 0.5;
    expect((await resolveDomain('acme.test', r, random)).mx).toEqual([
      { host: 'mx.acme.test', preference: 10, addresses: ['192.0.2.10'], lookup_error: null },
    ]);
    expect((await resolveDomain('bare.test', r, random)).domain).toEqual({
      status: 'ok',
      implicit_mx: true,
      dns_error: null,
    });
    expect((await resolveDomain('nullmx.test', r, random)).domain.status).toBe('null_mx');
    expect((await resolveDomain('gone.test', r, random)).domain.status).toBe('nxdomain');
    expect((await resolveDomain('broken.test', r, random)).domain).toMatchObject({
      status: 'dns_error',
      dns_error: 'SERVFAIL',
    });
  });

  it('answers are cached for their TTL (clamped to at least a minute), then asked again', async () => {
    const clock = new ManualClock();
    const r = resolverOn(clock);
    const asked = () => dns.questions.filter((q) => q === 'A mx.acme.test').length;
    const before = asked();
    await Promise.all([r.addresses('mx.acme.test'), r.addresses('mx.acme.test')]); // shared lookup
    await r.addresses('mx.acme.test');
    expect(asked()).toBe(before + 1);
    clock.advance(59_000); // the record's TTL is 30 s, but nothing is kept less than 60 s
    await r.addresses('mx.acme.test');
    expect(asked()).toBe(before + 1);
    clock.advance(2_000);
    await r.addresses('mx.acme.test');
    expect(asked()).toBe(before + 2);
  });
});
