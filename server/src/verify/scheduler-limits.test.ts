import { afterEach, describe, expect, it } from 'vitest';
import { verifyEmail } from './pipeline.ts';
import { verifyEmails } from './scheduler.ts';
import { harness } from './test-support/harness.ts';
import { type SmtpScript, startScriptedServers } from './test-support/scripted-smtp.ts';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c();
});

async function world(scripts: Record<string, SmtpScript>) {
  const started = await startScriptedServers(scripts);
  cleanup.push(started.close);
  return started;
}

const oneMx = (domain: string, ip: string) => ({
  [domain]: { mx: [{ exchange: `mx.${domain}`, priority: 10 }] },
  [`mx.${domain}`]: { addresses: [ip] },
});

const knows =
  (...known: string[]) =>
  (a: string) =>
    known.includes(a) ? '250 2.1.5 Ok' : '550 5.1.1 User unknown';

const rcptCounts = (commands: string[][]) => commands.map((c) => c.filter((l) => l.startsWith('RCPT')).length);

describe('limits, guard and refusals', () => {
  const people = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((n) => `${n}@many.test`);

  it('several recipients per session within the provider limit, at most N sessions per MX host', async () => {
    const { servers, port } = await world({ '127.1.2.1': { rcpt: knows(...people) } });
    const h = harness(oneMx('many.test', '127.1.2.1'), port, {
      smtp: { providers: { '*': { maxRcptPerSession: 3, sessionsPerMinute: Number.POSITIVE_INFINITY } } },
    });
    const results = await verifyEmails(people, h.ports, h.options, { state: h.state });
    expect(results.every((r) => r.verdict === 'safe')).toBe(true);
    const server = servers['127.1.2.1']!;
    const perSession = rcptCounts([1, 2, 3].map((i) => server.commands(i)));
    expect(perSession.reduce((a, b) => a + b)).toBe(8); // 7 addresses and one probe
    expect(Math.max(...perSession)).toBeLessThanOrEqual(3);
    expect(server.maxOpen).toBeLessThanOrEqual(2);
  });

  it('452 too many recipients: the rest are asked in new sessions, no more per session than the server took', async () => {
    const { servers, port } = await world({
      '127.1.2.2': { rcpt: knows(...people.map((p) => p.replace('many', 'few'))), maxRcpt: 2 },
    });
    const h = harness(oneMx('few.test', '127.1.2.2'), port);
    const addresses = people.slice(0, 5).map((p) => p.replace('many', 'few'));
    const results = await verifyEmails(addresses, h.ports, h.options, { state: h.state });
    expect(results.map((r) => r.verdict)).toEqual(['safe', 'safe', 'safe', 'safe', 'safe']);
    const server = servers['127.1.2.2']!;
    expect(server.log.filter((l) => l.endsWith('452 4.5.3 Too many recipients'))).toEqual([]); // replies are not logged
    const sessions = Array.from({ length: server.connections }, (_, i) => server.commands(i + 1));
    expect(rcptCounts(sessions)[0]).toBe(3); // probe, a, then b got the 452
    expect(Math.max(...rcptCounts(sessions.slice(1)))).toBeLessThanOrEqual(2);
  });

  it('a 421 in the middle of RCPTs sends the unanswered recipients to the next MX host', async () => {
    const { servers, port } = await world({
      '127.1.2.3': {
        rcpt: (_a, ctx) => (ctx.index === 0 ? '550 5.1.1 User unknown' : `421 4.7.0 mx1 closing connection`),
      },
      '127.1.2.4': { rcpt: knows('jane@two.test') },
    });
    const zones = {
      'two.test': {
        mx: [
          { exchange: 'mx1.two.test', priority: 1 },
          { exchange: 'mx2.two.test', priority: 2 },
        ],
      },
      'mx1.two.test': { addresses: ['127.1.2.3'] },
      'mx2.two.test': { addresses: ['127.1.2.4'] },
    };
    const h = harness(zones, port);
    const result = await verifyEmail('jane@two.test', h.ports, h.options, { state: h.state });
    expect(result).toMatchObject({
      verdict: 'safe',
      details: { smtp: { mx_host: 'mx2.two.test' }, catch_all: { value: false } },
    });
    expect(servers['127.1.2.4']!.commands(1).filter((c) => c.startsWith('RCPT'))).toEqual(['RCPT TO:<jane@two.test>']);
  });

  it('live keys: MX hosts on loopback or private addresses are refused without a connection', async () => {
    const { servers, port } = await world({ '127.1.2.5': { rcpt: knows('jane@inside.test') } });
    const h = harness(
      {
        'inside.test': { mx: [{ exchange: 'mx.inside.test', priority: 1 }] },
        'mx.inside.test': { addresses: ['127.1.2.5', '10.0.0.5'] },
      },
      port,
      { smtp: { allowPrivateMx: false } },
    );
    const result = await verifyEmail('jane@inside.test', h.ports, h.options, { state: h.state });
    expect(result.verdict).toBe('suspect');
    expect(result.reasons[0]!.code).toBe('mx_refused_private');
    expect(servers['127.1.2.5']!.connections).toBe(0);
  });

  it('a UTF-8 local part is sent only where the server offers SMTPUTF8', async () => {
    const { servers, port } = await world({
      '127.1.2.6': { rcpt: knows('josé@plain.test') },
      '127.1.2.7': { rcpt: knows('josé@utf8.test'), extensions: ['SMTPUTF8', 'ENHANCEDSTATUSCODES'] },
    });
    const h = harness({ ...oneMx('plain.test', '127.1.2.6'), ...oneMx('utf8.test', '127.1.2.7') }, port);
    const [plain, utf8] = await verifyEmails(['josé@plain.test', 'josé@utf8.test'], h.ports, h.options, {
      state: h.state,
    });
    expect(plain).toMatchObject({ verdict: 'suspect', details: { smtp: { outcome: 'smtputf8_unsupported' } } });
    expect(servers['127.1.2.6']!.commands(1).filter((c) => c.includes('josé'))).toEqual([]);
    expect(utf8!.verdict).toBe('safe');
    expect(servers['127.1.2.7']!.commands(1)).toContain('MAIL FROM:<probe@leadforge.test> SMTPUTF8');
    expect(servers['127.1.2.7']!.commands(1)).toContain('RCPT TO:<josé@utf8.test>');
  });

  it('blocks aimed at us are suspect, never invalid: at MAIL FROM and at RCPT', async () => {
    const spamhaus = '550 5.7.1 Service unavailable, Client host [127.0.0.1] blocked using Spamhaus.';
    const { port } = await world({
      '127.1.2.8': { mailFrom: () => spamhaus },
      '127.1.2.9': { rcpt: () => spamhaus },
    });
    const h = harness({ ...oneMx('mailblock.test', '127.1.2.8'), ...oneMx('rcptblock.test', '127.1.2.9') }, port);
    const results = await verifyEmails(['jane@mailblock.test', 'jane@rcptblock.test'], h.ports, h.options, {
      state: h.state,
    });
    for (const r of results) {
      expect(r.verdict).toBe('suspect');
      expect(r.reasons[0]!.code).toBe('blocked');
    }
    expect(results[0]!.details.smtp).toMatchObject({ step: 'mail', rule: 'ip-block-listed' });
    expect(results[1]!.details.catch_all).toMatchObject({ value: null });
  });

  it('no session for bad syntax, a missing domain, a null MX, a disposable domain; one answer for duplicates', async () => {
    const { servers, port } = await world({ '127.1.2.10': { rcpt: knows('jane@dup.test') } });
    const zones = {
      ...oneMx('dup.test', '127.1.2.10'),
      'nullmx.test': { mx: [{ exchange: '', priority: 0 }] },
      'mailinator.com': { mx: [{ exchange: 'mx.dup.test', priority: 1 }] },
    };
    const h = harness(zones, port);
    const list = [
      'not an address',
      'jane@gone.test',
      'jane@nullmx.test',
      'jane@mailinator.com',
      'jane@dup.test',
      'JANE@dup.test',
    ];
    const results = await verifyEmails(list, h.ports, h.options, { state: h.state });
    expect(results.map((r) => [r.verdict, r.reasons[0]!.code])).toEqual([
      ['invalid', 'syntax_invalid'],
      ['invalid', 'domain_not_found'],
      ['invalid', 'null_mx'],
      ['invalid', 'disposable_domain'],
      ['safe', 'accepted'],
      ['safe', 'accepted'],
    ]);
    expect(servers['127.1.2.10']!.connections).toBe(1);
    expect(rcptCounts([servers['127.1.2.10']!.commands(1)])).toEqual([2]);
  });
});
