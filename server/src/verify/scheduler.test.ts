import { afterEach, describe, expect, it } from 'vitest';
import { verifyEmail } from './pipeline.ts';
import { verifyEmails } from './scheduler.ts';
import { harness } from './test-support/harness.ts';
import { type SmtpScript, startScriptedServers } from './test-support/scripted-smtp.ts';
import type { VerificationResult } from './types.ts';

/** A server that knows some mailboxes and rejects the rest as Postfix does. */
const mailboxes = (known: string[], extra: Partial<SmtpScript> = {}): SmtpScript => ({
  rcpt: (address) =>
    known.includes(address)
      ? '250 2.1.5 Ok'
      : `550 5.1.1 <${address}>: Recipient address rejected: User unknown in local recipient table`,
  ...extra,
});

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c();
});

async function world(scripts: Record<string, SmtpScript>) {
  const started = await startScriptedServers(scripts);
  cleanup.push(started.close);
  return started;
}

const verdicts = (results: VerificationResult[]) => results.map((r) => [r.email, r.verdict]);

describe('scheduler against scripted SMTP servers on loopback', () => {
  it('one session per domain: catch-all probe first, then every address; safe, invalid and role', async () => {
    const { servers, port } = await world({ '127.1.0.1': mailboxes(['jane@acme.test', 'info@acme.test']) });
    const h = harness(
      {
        'acme.test': { mx: [{ exchange: 'mx.acme.test', priority: 10 }] },
        'mx.acme.test': { addresses: ['127.1.0.1'] },
      },
      port,
    );
    const results = await verifyEmails(['jane@acme.test', 'nobody@acme.test', 'info@acme.test'], h.ports, h.options, {
      state: h.state,
    });
    expect(verdicts(results)).toEqual([
      ['jane@acme.test', 'safe'],
      ['nobody@acme.test', 'invalid'],
      ['info@acme.test', 'riskier'],
    ]);
    const server = servers['127.1.0.1']!;
    expect(server.connections).toBe(1);
    const rcpts = server.commands(1).filter((c) => c.startsWith('RCPT'));
    expect(rcpts).toHaveLength(4);
    expect(rcpts[0]).toMatch(/^RCPT TO:<[a-z][a-z0-9]{15}@acme\.test>$/); // the probe goes first
    expect(server.commands(1)).toContain('EHLO verifier.leadforge.test');
    expect(server.commands(1)).toContain('MAIL FROM:<probe@leadforge.test>');
    expect(server.commands(1).at(-1)).toBe('QUIT');
    const jane = results[0]!;
    expect(jane.details.catch_all).toMatchObject({ value: false, code: 550, cached: false });
    expect(jane.details.smtp).toMatchObject({
      outcome: 'accepted',
      step: 'rcpt',
      code: 250,
      mx_host: 'mx.acme.test',
      attempts: 1,
    });
    expect(results[1]!.details.smtp).toMatchObject({
      outcome: 'mailbox_unknown',
      enhanced_code: '5.1.1',
      rule: 'unknown-mailbox-text',
    });
    expect(results[2]!.reasons.map((r) => r.code)).toEqual(['accepted', 'role_account']);
    expect(JSON.parse(JSON.stringify(jane))).toEqual(jane); // plain JSON
  });

  it('a catch-all domain makes accepted addresses riskier; the answer is cached for the next run', async () => {
    const { servers, port } = await world({ '127.1.0.2': { rcpt: () => '250 2.1.5 Recipient OK' } });
    const h = harness(
      {
        'open.test': { mx: [{ exchange: 'mx.open.test', priority: 0 }] },
        'mx.open.test': { addresses: ['127.1.0.2'] },
      },
      port,
    );
    const first = await verifyEmail('anyone@open.test', h.ports, h.options, { state: h.state });
    expect(first.verdict).toBe('riskier');
    expect(first.reasons.map((r) => r.code)).toEqual(['accepted', 'catch_all']);
    const second = await verifyEmail('other@open.test', h.ports, h.options, { state: h.state });
    expect(second.details.catch_all).toMatchObject({ value: true, cached: true });
    expect(servers['127.1.0.2']!.commands(2).filter((c) => c.startsWith('RCPT'))).toEqual([
      'RCPT TO:<other@open.test>',
    ]);
  });

  it('the next MX host on a connect failure and on a 421 greeting, in preference order', async () => {
    const { servers, port } = await world({
      '127.1.0.4': { greeting: '421 4.3.2 mx2.multi.test Service not available, closing transmission channel' },
      '127.1.0.5': mailboxes(['jane@multi.test']),
    });
    const zones = {
      'multi.test': {
        mx: [
          { exchange: 'mx3.multi.test', priority: 30 },
          { exchange: 'mx1.multi.test', priority: 10 }, // 127.1.0.3: nothing listens there
          { exchange: 'mx2.multi.test', priority: 20 },
        ],
      },
      'mx1.multi.test': { addresses: ['127.1.0.3'] },
      'mx2.multi.test': { addresses: ['127.1.0.4'] },
      'mx3.multi.test': { addresses: ['127.1.0.5'] },
    };
    const h = harness(zones, port);
    const result = await verifyEmail('jane@multi.test', h.ports, h.options, { state: h.state });
    expect(result.verdict).toBe('safe');
    expect(result.details.mx.map((m) => m.host)).toEqual(['mx1.multi.test', 'mx2.multi.test', 'mx3.multi.test']);
    expect(result.details.smtp).toMatchObject({ mx_host: 'mx3.multi.test', mx_address: '127.1.0.5' });
    expect(servers['127.1.0.4']!.connections).toBe(1);
  });

  it('waits for the whole multi-line greeting; EHLO refused: HELO; STARTTLS refused: goes on in plaintext', async () => {
    const { servers, port } = await world({
      '127.1.0.6': mailboxes(['a@helo.test'], {
        ehlo: 'unsupported',
        greeting: '220-helo.test ESMTP\n220-Unsolicited bulk mail is not welcome here.\n220 Go ahead',
      }),
      '127.1.0.7': mailboxes(['a@tls.test'], { extensions: ['STARTTLS', 'ENHANCEDSTATUSCODES'], starttls: 'refuse' }),
    });
    const zones = {
      'helo.test': { addresses: ['127.1.0.6'] }, // no MX: implicit MX
      'tls.test': { mx: [{ exchange: 'mx.tls.test', priority: 5 }] },
      'mx.tls.test': { addresses: ['127.1.0.7'] },
    };
    const h = harness(zones, port);
    const results = await verifyEmails(['a@helo.test', 'a@tls.test'], h.ports, h.options, { state: h.state });
    expect(verdicts(results)).toEqual([
      ['a@helo.test', 'safe'],
      ['a@tls.test', 'safe'],
    ]);
    expect(results[0]!.details.domain).toMatchObject({ status: 'ok', implicit_mx: true });
    expect(servers['127.1.0.6']!.commands(1).slice(0, 2)).toEqual([
      'EHLO verifier.leadforge.test',
      'HELO verifier.leadforge.test',
    ]);
    expect(servers['127.1.0.7']!.commands(1).slice(0, 3)).toEqual([
      'EHLO verifier.leadforge.test',
      'STARTTLS',
      'MAIL FROM:<probe@leadforge.test>',
    ]);
  });

  it('a TLS handshake that fails is redone in plaintext on a new connection', async () => {
    const { servers, port } = await world({
      '127.1.0.8': mailboxes(['a@drop.test'], { extensions: ['STARTTLS'], starttls: 'drop' }),
    });
    const h = harness(
      {
        'drop.test': { mx: [{ exchange: 'mx.drop.test', priority: 5 }] },
        'mx.drop.test': { addresses: ['127.1.0.8'] },
      },
      port,
    );
    const result = await verifyEmail('a@drop.test', h.ports, h.options, { state: h.state });
    expect(result.verdict).toBe('safe');
    expect(result.details.smtp?.tls).toBe(false);
    expect(servers['127.1.0.8']!.connections).toBe(2);
    expect(servers['127.1.0.8']!.commands(2)).not.toContain('STARTTLS');
  });
});
