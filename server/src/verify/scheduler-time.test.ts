import { afterEach, describe, expect, it } from 'vitest';
import { verifyEmails } from './scheduler.ts';
import { harness } from './test-support/harness.ts';
import { type SmtpScript, startScriptedServers } from './test-support/scripted-smtp.ts';
import type { VerificationResult } from './types.ts';

/**
 * Greylisting, rate caps and the duration bound, with time on a manual clock: the test waits
 * until the scheduler has asked to sleep, then moves the clock.
 */
const GREYLISTED = (a: string) =>
  `450 4.2.0 <${a}>: Recipient address rejected: Greylisted, see http://postgrey.schweikert.ch/help/grey.test.html`;

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c();
});

async function world(scripts: Record<string, SmtpScript>) {
  const started = await startScriptedServers(scripts);
  cleanup.push(started.close);
  return started;
}

const zonesFor = (entries: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(entries).flatMap(([domain, ip]) => [
      [domain, { mx: [{ exchange: `mx.${domain}`, priority: 10 }] }],
      [`mx.${domain}`, { addresses: [ip] }],
    ]),
  );

/** Postgrey's rule: the first sight of (sender, recipient) is deferred; a later try passes. */
function greylisting(known: string[], always = false): SmtpScript {
  const seen = new Set<string>();
  return {
    rcpt: (address, ctx) => {
      const key = `${ctx.from}|${address}`;
      if (address.startsWith('grey') && (always || !seen.has(key))) {
        seen.add(key);
        return GREYLISTED(address);
      }
      return known.includes(address) ? '250 2.1.5 Ok' : '550 5.1.1 User unknown';
    },
  };
}

describe('time-driven scheduling', () => {
  it('a greylisted address is asked again after 60 s with the same sender, while other work goes on', async () => {
    const { servers, port } = await world({
      '127.1.1.1': greylisting(['grey@grey.test']),
      '127.1.1.2': { rcpt: (a) => (a === 'jane@other.test' ? '250 2.1.5 Ok' : '550 5.1.1 User unknown') },
    });
    const h = harness(zonesFor({ 'grey.test': '127.1.1.1', 'other.test': '127.1.1.2' }), port);
    const delivered: VerificationResult[] = [];
    const run = verifyEmails(['grey@grey.test', 'jane@other.test'], h.ports, h.options, {
      state: h.state,
      onResult: (r) => void delivered.push(r),
    });
    await h.timers.until((pending) => pending.includes(60_000));
    await expect.poll(() => delivered.map((r) => r.email)).toEqual(['jane@other.test']);
    h.timers.advance(60_000);
    const results = await run;
    expect(results[0]).toMatchObject({
      verdict: 'safe',
      details: { greylisted: true, smtp: { attempts: 2, code: 250 } },
    });
    const grey = servers['127.1.1.1']!;
    expect(grey.connections).toBe(2);
    expect(grey.commands(1)).toContain('MAIL FROM:<probe@leadforge.test>');
    expect(grey.commands(2)).toContain('MAIL FROM:<probe@leadforge.test>');
    expect(delivered.map((r) => r.email)).toEqual(['jane@other.test', 'grey@grey.test']);
  });

  it('still greylisted after every retry: suspect, never invalid', async () => {
    const { port } = await world({ '127.1.1.3': greylisting([], true) });
    const h = harness(zonesFor({ 'grey.test': '127.1.1.3' }), port, { greylistRetryDelaysMs: [1_000, 2_000] });
    const run = verifyEmails(['grey@grey.test'], h.ports, h.options, { state: h.state });
    await h.timers.until((p) => p.includes(1_000));
    h.timers.advance(1_000);
    await h.timers.until((p) => p.includes(2_000));
    h.timers.advance(2_000);
    const [result] = await run;
    expect(result).toMatchObject({
      verdict: 'suspect',
      details: { greylisted: true, smtp: { attempts: 3, code: 450 } },
    });
    expect(result!.reasons[0]!.code).toBe('greylisted');
  });

  it('at the duration bound, what is unconfirmed is suspect; a retry that would fall after it is not waited for', async () => {
    const { port } = await world({
      '127.1.1.4': { greeting: null }, // accepts the connection, never greets
      '127.1.1.5': greylisting([], true),
    });
    const h = harness(zonesFor({ 'tarpit.test': '127.1.1.4', 'grey.test': '127.1.1.5' }), port, {
      maxDurationMs: 10 * 60_000,
      smtp: { timeouts: { connectMs: 5_000, greetingMs: 60 * 60_000, commandMs: 5_000 } },
    });
    const delivered: string[] = [];
    const run = verifyEmails(['a@tarpit.test', 'grey@grey.test'], h.ports, h.options, {
      state: h.state,
      onResult: (r) => void delivered.push(r.email),
    });
    await h.timers.until((p) => p.includes(60_000));
    h.timers.advance(60_000);
    await h.timers.until((p) => p.includes(5 * 60_000));
    h.timers.advance(5 * 60_000);
    // The third retry (15 min later) would pass the 10 min bound: the address is final now.
    await expect.poll(() => delivered).toEqual(['grey@grey.test']);
    await h.timers.until((p) => p.includes(4 * 60_000)); // only the bound is left to wait for
    h.timers.advance(4 * 60_000);
    const [tarpit, grey] = await run;
    expect(tarpit).toMatchObject({ verdict: 'suspect', details: { smtp: { outcome: 'deadline_reached' } } });
    expect(tarpit!.reasons[0]!.code).toBe('deadline_reached');
    expect(grey).toMatchObject({ verdict: 'suspect', details: { greylisted: true, smtp: { attempts: 3, code: 450 } } });
  });

  it('a provider rate cap spaces session starts on the clock', async () => {
    const { servers, port } = await world({
      '127.1.1.6': { rcpt: (a) => (a.startsWith('jane') ? '250 2.1.5 Ok' : '550 5.1.1 User unknown') },
    });
    const zones = {
      'one.test': { mx: [{ exchange: 'mx1.provider.test', priority: 10 }] },
      'two.test': { mx: [{ exchange: 'mx2.provider.test', priority: 10 }] },
      'mx1.provider.test': { addresses: ['127.1.1.6'] },
      'mx2.provider.test': { addresses: ['127.1.1.6'] },
    };
    const h = harness(zones, port, { smtp: { providers: { 'provider.test': { sessionsPerMinute: 1 } } } });
    const delivered: string[] = [];
    const run = verifyEmails(['jane@one.test', 'jane@two.test'], h.ports, h.options, {
      state: h.state,
      onResult: (r) => void delivered.push(r.email),
    });
    await h.timers.until((p) => p.includes(60_000));
    await expect.poll(() => delivered).toEqual(['jane@one.test']);
    expect(servers['127.1.1.6']!.connections).toBe(1);
    h.timers.advance(60_000);
    expect((await run).map((r) => r.verdict)).toEqual(['safe', 'safe']);
    expect(servers['127.1.1.6']!.connections).toBe(2);
  });

  it('a run can be stopped: open sessions close and the promise rejects with the reason', async () => {
    const { port } = await world({ '127.1.1.7': greylisting([], true) });
    const h = harness(zonesFor({ 'grey.test': '127.1.1.7' }), port);
    const stop = new AbortController();
    const run = verifyEmails(['grey@grey.test'], h.ports, h.options, { state: h.state, signal: stop.signal });
    await h.timers.until((p) => p.includes(60_000));
    stop.abort(new Error('lease lost'));
    await expect(run).rejects.toThrow('lease lost');
  });
});
