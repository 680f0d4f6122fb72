import { afterEach, describe, expect, it } from 'vitest';
import { verifyEmails } from './scheduler.ts';
import { harness } from './test-support/harness.ts';
import { type SmtpScript, startScriptedServers } from './test-support/scripted-smtp.ts';

/**
 * The window of a bulk run: addresses are taken from the list as earlier ones finish, so a run
 * holds at most `window` of them in work, and one parked for greylisting does not hold up the rest.
 */
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c();
});

const zonesFor = (entries: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(entries).flatMap(([domain, ip]) => [
      [domain, { mx: [{ exchange: `mx.${domain}`, priority: 10 }] }],
      [`mx.${domain}`, { addresses: [ip] }],
    ]),
  );

const list = (domain: string, n: number) => Array.from({ length: n }, (_, i) => `p${i}@${domain}`);
const knowsEven: SmtpScript = {
  rcpt: (a) => (/^p\d*[02468]@/.test(a) ? '250 2.1.5 Ok' : '550 5.1.1 User unknown'),
};

describe('the window of a bulk run', () => {
  it('never has more addresses asked and unreported than the window, and reports each address once', async () => {
    let reported = 0;
    let asked = 0;
    let mostOutstanding = 0;
    const counting: SmtpScript = {
      rcpt: (a, ctx) => {
        if (/^p\d+@/.test(a)) {
          asked += 1;
          mostOutstanding = Math.max(mostOutstanding, asked - reported);
        }
        return (knowsEven.rcpt as NonNullable<SmtpScript['rcpt']>)(a, ctx);
      },
    };
    const started = await startScriptedServers({ '127.1.3.1': counting, '127.1.3.2': counting });
    cleanup.push(started.close);
    const h = harness(zonesFor({ 'one.test': '127.1.3.1', 'two.test': '127.1.3.2' }), started.port, {
      smtp: { providers: { '*': { maxRcptPerSession: 3, sessionsPerMinute: Number.POSITIVE_INFINITY } } },
    });
    const addresses = [...list('one.test', 30), ...list('two.test', 30)];
    const seen: number[] = [];
    await verifyEmails(addresses, h.ports, h.options, {
      state: h.state,
      keepResults: false,
      window: 4,
      onResult: (r, index) => {
        reported += 1;
        seen.push(index);
        expect(r.email).toBe(addresses[index]);
        expect(r.verdict).toBe(index % 2 === 0 ? 'safe' : 'invalid');
      },
    });
    expect(seen.sort((a, b) => a - b)).toEqual(addresses.map((_, i) => i));
    expect(asked).toBe(60);
    expect(mostOutstanding).toBeGreaterThan(0);
    expect(mostOutstanding).toBeLessThanOrEqual(4);
  });

  it('addresses parked for a greylist retry leave room: the rest of the list is verified before the retry', async () => {
    const seen = new Set<string>();
    const grey: SmtpScript = {
      rcpt: (a, ctx) => {
        const key = `${ctx.from}|${a}`;
        if (seen.has(key)) return '250 2.1.5 Ok';
        seen.add(key);
        return `450 4.2.0 <${a}>: Recipient address rejected: Greylisted`;
      },
    };
    const started = await startScriptedServers({ '127.1.3.3': grey, '127.1.3.4': knowsEven });
    cleanup.push(started.close);
    const h = harness(zonesFor({ 'grey.test': '127.1.3.3', 'fine.test': '127.1.3.4' }), started.port);
    const addresses = [...list('grey.test', 3), ...list('fine.test', 20)];
    const reported: string[] = [];
    const run = verifyEmails(addresses, h.ports, h.options, {
      state: h.state,
      keepResults: false,
      window: 4,
      onResult: (r) => void reported.push(r.email),
    });
    // Every fine.test address is final while the greylisted three still wait for their retry.
    await h.timers.until((pending) => pending.includes(60_000) && reported.length === 20);
    expect(reported.every((e) => e.endsWith('@fine.test'))).toBe(true);
    h.timers.advance(60_000);
    await run;
    expect(reported.filter((e) => e.endsWith('@grey.test')).sort()).toEqual(list('grey.test', 3));
  });
});
