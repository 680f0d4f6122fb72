import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/core/clock.ts';
import { type MailWorld, startMailWorld } from '../../src/sandbox/mail-world.ts';
import { DEAD_IPS } from '../../src/sandbox/world/mail-hosts.ts';
import { SmtpTestClient, type TestReply } from './smtp-test-client.ts';

const clock = new ManualClock();
const SLOW_GREETING_MS = 300;
let mail: MailWorld;

beforeAll(async () => {
  mail = await startMailWorld({ companies: 100, clock, greylistDelayMs: 60_000, slowGreetingMs: SLOW_GREETING_MS });
});
afterAll(() => mail.close());

/** The first SMTP host address serving a domain (DNS is tested in dns-server.test.ts). */
const hostOf = (domain: string): string => {
  const ip = mail.world.domains.get(domain)?.smtpIps[0];
  if (!ip) throw new Error(`no SMTP host for ${domain}`);
  return ip;
};

/** Greets, EHLO, MAIL FROM, then RCPT for each address; returns the RCPT replies. */
async function probe(domain: string, locals: string[], from = 'probe@verifier.example'): Promise<TestReply[]> {
  const [client, greeting] = await SmtpTestClient.greeted(hostOf(domain), mail.smtpPort);
  try {
    expect(greeting.code).toBe(220);
    expect((await client.command('EHLO verifier.example')).code).toBe(250);
    expect((await client.command(`MAIL FROM:<${from}>`)).code).toBe(250);
    const replies: TestReply[] = [];
    for (const local of locals) replies.push(await client.command(`RCPT TO:<${local}@${domain}>`));
    return replies;
  } finally {
    client.close();
  }
}

const codes = (replies: TestReply[]) => replies.map((r) => r.code);

describe('sandbox SMTP hosts', () => {
  it('answers like Gmail: accepted, unknown, disabled and full mailboxes', async () => {
    const [alice, unknown, disabled, full, info] = await probe('ok.leadforge.test', [
      'alice',
      'nosuchuser',
      'disabled',
      'full',
      'info',
    ]);
    expect(alice?.text).toMatch(/^250 2\.1\.5 OK/);
    expect(unknown?.lines).toHaveLength(4);
    expect(unknown?.text).toMatch(/^550-5\.1\.1 The email account that you tried to reach does not exist/);
    expect(unknown?.text).toContain('550 5.1.1  https://support.google.com/mail/?p=NoSuchUser');
    expect(disabled?.text).toMatch(/^550-5\.2\.1 The email account that you tried to reach is disabled/);
    expect(full?.text).toMatch(/^552-5\.2\.2 The recipient's inbox is out of storage space/);
    expect(info?.code).toBe(250);
  });

  it('offers STARTTLS and SMTPUTF8 where the profile says, and upgrades the connection', async () => {
    const [client] = await SmtpTestClient.greeted(hostOf('ok.leadforge.test'), mail.smtpPort);
    const ehlo = await client.command('EHLO verifier.example');
    expect(ehlo.lines).toEqual(expect.arrayContaining(['STARTTLS', 'SMTPUTF8', 'PIPELINING', 'ENHANCEDSTATUSCODES']));
    expect((await client.startTls()).text).toBe('220 2.0.0 Ready to start TLS');
    const again = await client.command('EHLO verifier.example');
    expect(again.lines).not.toContain('STARTTLS');
    expect((await client.command('MAIL FROM:<probe@verifier.example> SMTPUTF8')).code).toBe(250);
    expect((await client.command('RCPT TO:<josé@ok.leadforge.test>')).code).toBe(250);
    client.close();
  });

  it('answers like Postfix on a self-hosted domain, without SMTPUTF8', async () => {
    const [client] = await SmtpTestClient.greeted(hostOf('postfix.leadforge.test'), mail.smtpPort);
    expect((await client.command('EHLO verifier.example')).lines).not.toContain('SMTPUTF8');
    expect((await client.command('MAIL FROM:<probe@verifier.example> SMTPUTF8')).code).toBe(555);
    await client.command('MAIL FROM:<probe@verifier.example>');
    expect((await client.command('RCPT TO:<nosuchuser@postfix.leadforge.test>')).text).toBe(
      '550 5.1.1 <nosuchuser@postfix.leadforge.test>: Recipient address rejected: User unknown in virtual mailbox table',
    );
    expect((await client.command('RCPT TO:<josé@postfix.leadforge.test>')).text).toMatch(/^553 5\.6\.7/);
    client.close();
  });

  it('accepts any recipient on a catch-all domain', async () => {
    expect(codes(await probe('catchall.leadforge.test', ['x7fk2q9zt4', 'alice']))).toEqual([250, 250]);
  });

  it('answers like Microsoft 365 and limits recipients per connection, RSET or not', async () => {
    const [client] = await SmtpTestClient.greeted(hostOf('microsoft.leadforge.test'), mail.smtpPort);
    await client.command('EHLO verifier.example');
    await client.command('MAIL FROM:<probe@verifier.example>');
    const unknown = await client.command('RCPT TO:<nosuchuser@microsoft.leadforge.test>');
    expect(unknown.text).toMatch(/^550 5\.4\.1 Recipient address rejected: Access denied\. AS\(201806281\)/);
    expect((await client.command('RCPT TO:<alice@microsoft.leadforge.test>')).text).toBe('250 2.1.5 Recipient OK');
    await client.command('RSET');
    await client.command('MAIL FROM:<probe@verifier.example>');
    expect((await client.command('RCPT TO:<bob@microsoft.leadforge.test>')).code).toBe(250);
    expect((await client.command('RCPT TO:<carol@microsoft.leadforge.test>')).text).toMatch(
      /^452 4\.5\.3 Too many recipients \(AS780090\)/,
    );
    client.close();
    const [outlook] = await probe('outlook.leadforge.test', ['nosuchuser']);
    expect(outlook?.text).toMatch(/^550 5\.5\.0 Requested action not taken: mailbox unavailable \(S2017062302\)/);
    expect(codes(await probe('microsoft-open.leadforge.test', ['nosuchuser']))).toEqual([250]);
  });

  it('greylists a triplet until the delay has passed on the world clock', async () => {
    const first = await probe('greylist.leadforge.test', ['alice', 'nosuchuser']);
    expect(first[0]?.text).toMatch(
      /^450 4\.2\.0 <alice@greylist\.leadforge\.test>: Recipient address rejected: Greylisted/,
    );
    expect(codes(first)).toEqual([450, 450]);
    clock.advance(59_000);
    expect(codes(await probe('greylist.leadforge.test', ['alice']))).toEqual([450]);
    clock.advance(1_000);
    expect(codes(await probe('greylist.leadforge.test', ['alice', 'nosuchuser']))).toEqual([250, 550]);
    // Another sender is another triplet.
    expect(codes(await probe('greylist.leadforge.test', ['alice'], 'other@verifier.example'))).toEqual([450]);
  });

  it('keeps greylisting forever on greylist-forever', async () => {
    expect((await probe('greylist-forever.leadforge.test', ['alice']))[0]?.text).toBe(
      '451 4.7.1 Greylisted, please try again later',
    );
    clock.advance(24 * 3600_000);
    expect(codes(await probe('greylist-forever.leadforge.test', ['alice']))).toEqual([451]);
  });

  it('blocks the verifier at RCPT (Spamhaus) and at the greeting', async () => {
    const [blocked] = await probe('blocked.leadforge.test', ['alice']);
    expect(blocked?.text).toMatch(
      /^554 5\.7\.1 Service unavailable; Client host \[127\.0\.0\.1\] blocked using zen\.spamhaus\.org/,
    );
    const [client, greeting] = await SmtpTestClient.greeted(hostOf('blocked-at-connect.leadforge.test'), mail.smtpPort);
    expect(greeting.code).toBe(554);
    expect(greeting.lines.at(-1)).toBe('IP address is block listed.');
    expect((await client.command('EHLO verifier.example')).code).toBe(503);
    expect((await client.command('QUIT')).code).toBe(221);
    client.close();
  });

  it('greets late on the slow host, and rejects a client that talks first', async () => {
    const started = performance.now();
    expect(codes(await probe('slow.leadforge.test', ['alice']))).toEqual([250]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(SLOW_GREETING_MS - 5);
    const eager = await SmtpTestClient.open(hostOf('slow.leadforge.test'), mail.smtpPort);
    eager.write('EHLO verifier.example');
    expect((await eager.read()).text).toMatch(/^554 5\.5\.1 .*talked before the greeting/);
    await eager.closedByServer();
  });

  it('never greets on the silent host', async () => {
    const client = await SmtpTestClient.open(hostOf('silent.leadforge.test'), mail.smtpPort);
    const outcome = await Promise.race([client.read().then(() => 'reply'), sleep(200).then(() => 'silence')]);
    expect(outcome).toBe('silence');
    client.close();
  });

  it('answers 452 4.5.3 after two recipients on the limit host; a new connection starts afresh', async () => {
    expect(codes(await probe('limit.leadforge.test', ['alice', 'bob', 'carol']))).toEqual([250, 250, 452]);
    expect(codes(await probe('limit.leadforge.test', ['carol', 'nosuchuser']))).toEqual([250, 550]);
  });

  it('refuses MAIL before STARTTLS where TLS is required', async () => {
    const [client] = await SmtpTestClient.greeted(hostOf('tls-required.leadforge.test'), mail.smtpPort);
    await client.command('EHLO verifier.example');
    expect((await client.command('MAIL FROM:<probe@verifier.example>')).text).toBe(
      '530 5.7.0 Must issue a STARTTLS command first',
    );
    await client.startTls();
    await client.command('EHLO verifier.example');
    expect((await client.command('MAIL FROM:<probe@verifier.example>')).code).toBe(250);
    expect((await client.command('RCPT TO:<alice@tls-required.leadforge.test>')).code).toBe(250);
    client.close();
  });

  it('drops the connection on RCPT, and answers 421 at greeting on the busy host', async () => {
    const [client] = await SmtpTestClient.greeted(hostOf('drops.leadforge.test'), mail.smtpPort);
    await client.command('EHLO verifier.example');
    await client.command('MAIL FROM:<probe@verifier.example>');
    await expect(client.command('RCPT TO:<alice@drops.leadforge.test>')).rejects.toThrow('connection closed');
    const [busy, greeting] = await SmtpTestClient.greeted(hostOf('busy.leadforge.test'), mail.smtpPort);
    expect(greeting.text).toBe('421 4.3.2 Service not available, closing transmission channel');
    await busy.closedByServer();
  });

  it('refuses connections at a dead MX address', async () => {
    const refused = await new Promise<string>((resolve) => {
      const socket = connect({ host: DEAD_IPS[0], port: mail.smtpPort });
      socket.on('connect', () => resolve('connected'));
      socket.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
    expect(codes(await probe('deadprimary.leadforge.test', ['alice']))).toEqual([250]);
  });

  it('relays nothing: a host refuses domains it is not the MX of', async () => {
    const [client] = await SmtpTestClient.greeted(hostOf('ok.leadforge.test'), mail.smtpPort);
    await client.command('EHLO verifier.example');
    await client.command('MAIL FROM:<probe@verifier.example>');
    expect((await client.command('RCPT TO:<alice@microsoft.leadforge.test>')).text).toMatch(
      /^550 5\.7\.1 Relaying denied/,
    );
    client.close();
  });

  it("serves generated companies' people per the company's behaviour", async () => {
    const person = mail.world.people.find(
      (p) => p.mailbox === 'active' && mail.world.domains.get(p.email.split('@')[1] ?? '')?.behaviour === 'normal',
    );
    if (!person) throw new Error('no person at a normal company');
    const [local, domain] = person.email.split('@') as [string, string];
    expect(codes(await probe(domain, [local, `${local}.nobody`]))).toEqual([250, 550]);
  });

  it('delays every reply, greeting included, by the latency setting', async () => {
    const slow = await startMailWorld({ world: mail.world, latencyMs: 100 });
    try {
      const started = performance.now();
      const [client] = await SmtpTestClient.greeted(hostOf('ok.leadforge.test'), slow.smtpPort);
      await client.command('EHLO verifier.example');
      await client.command('QUIT');
      client.close();
      expect(performance.now() - started).toBeGreaterThanOrEqual(295);
    } finally {
      await slow.close();
    }
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
