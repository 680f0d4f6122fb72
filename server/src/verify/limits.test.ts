import { describe, expect, it } from 'vitest';
import { ManualClock } from '../core/clock.ts';
import { CatchAllCache } from './catch-all-cache.ts';
import { TtlCache } from './dns/ttl-cache.ts';
import { refusedMxAddress } from './guard.ts';
import { concurrency, MxSlots, ProviderRateCap } from './limits.ts';
import { providerOf } from './providers.ts';

describe('MxSlots', () => {
  it('lets N sessions to one host at a time, others wait in order; hosts are independent', async () => {
    const slots = new MxSlots(2);
    const a = await slots.acquire('mx.test');
    const b = await slots.acquire('MX.test');
    const order: string[] = [];
    const c = slots.acquire('mx.test').then((release) => {
      order.push('c');
      return release;
    });
    const d = slots.acquire('mx.test').then((release) => {
      order.push('d');
      return release;
    });
    const other = await slots.acquire('mx.other.test');
    expect(slots.inUse('mx.test')).toBe(2);
    a();
    a(); // a second release changes nothing
    (await c)();
    b();
    (await d)();
    other();
    expect(order).toEqual(['c', 'd']);
    expect(slots.inUse('mx.test')).toBe(0);
  });
});

describe('ProviderRateCap', () => {
  it('spaces starts 60 000 / rate ms apart on the clock, per provider', () => {
    const clock = new ManualClock();
    const cap = new ProviderRateCap(clock);
    expect(cap.reserve('google', 30)).toBe(0);
    expect(cap.reserve('google', 30)).toBe(2_000);
    expect(cap.reserve('google', 30)).toBe(4_000);
    expect(cap.reserve('other', 30)).toBe(0);
    clock.advance(10_000);
    expect(cap.reserve('google', 30)).toBe(0);
    expect(cap.reserve('google', Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe('providers', () => {
  it('recognises providers by MX suffix; unknown ones get their own key', () => {
    expect(providerOf('alt1.aspmx.l.google.com.')).toMatchObject({ id: 'google', maxRcptPerSession: 6 });
    expect(providerOf('acme-com.mail.protection.outlook.com')).toMatchObject({ id: 'microsoft', maxRcptPerSession: 2 });
    expect(providerOf('mx.small-isp.example')).toMatchObject({ id: 'small-isp.example', maxRcptPerSession: 6 });
    expect(providerOf('notgoogle.com').id).toBe('notgoogle.com');
    expect(providerOf('mx.google.com', { google: { maxRcptPerSession: 1 } }).maxRcptPerSession).toBe(1);
  });
});

describe('caches', () => {
  it('TtlCache: entries live for their clamped TTL and the oldest go past the size bound', () => {
    const clock = new ManualClock();
    const cache = new TtlCache<string>(clock, { minMs: 1_000, maxMs: 10_000, maxEntries: 2 });
    cache.set('a', 'A', 100); // clamped up to 1 s
    cache.set('b', 'B', 60_000); // clamped down to 10 s
    clock.advance(999);
    expect(cache.get('a')).toBe('A');
    clock.advance(1);
    expect(cache.get('a')).toBeUndefined();
    cache.set('c', 'C', 5_000);
    cache.set('d', 'D', 5_000);
    expect(cache.get('b')).toBeUndefined(); // evicted by size
    expect(cache.size).toBe(2);
  });

  it('CatchAllCache keeps an answer for a day', () => {
    const clock = new ManualClock();
    const cache = new CatchAllCache(clock);
    cache.set('Acme.test', { value: true, probe: 'x@acme.test', code: 250, text: 'Ok' });
    clock.advance(23 * 3_600_000);
    expect(cache.get('acme.test')?.value).toBe(true);
    clock.advance(3_600_000);
    expect(cache.get('acme.test')).toBeUndefined();
  });
});

describe('guard', () => {
  it('refuses loopback, private, link-local and mapped private addresses unless allowed', () => {
    const live = { allowPrivate: false };
    for (const a of [
      '127.0.0.1',
      '127.1.0.5',
      '10.0.0.5',
      '192.168.1.1',
      '172.16.0.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      '100.64.0.1',
    ]) {
      expect(refusedMxAddress(a, live), a).not.toBeNull();
    }
    for (const a of ['8.8.8.8', '2a00:1450:4001::1b']) expect(refusedMxAddress(a, live), a).toBeNull();
    expect(refusedMxAddress('10.0.0.5', { allowPrivate: true })).toBeNull();
  });
});

describe('concurrency', () => {
  it('runs at most N tasks at once and all of them in the end', async () => {
    const limit = concurrency(2);
    let running = 0;
    let most = 0;
    const gates: (() => void)[] = [];
    const task = () =>
      limit(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => gates.push(resolve));
        running -= 1;
      });
    const all = Promise.all([task(), task(), task(), task()]);
    await expect.poll(() => gates.length).toBe(2);
    while (gates.length > 0) {
      gates.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await all;
    expect(most).toBe(2);
  });
});
