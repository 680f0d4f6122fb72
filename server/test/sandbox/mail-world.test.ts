import { spawn } from 'node:child_process';
import { promises as dns } from 'node:dns';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startMailWorld } from '../../src/sandbox/mail-world.ts';
import { buildWorld } from '../../src/sandbox/world/build-world.ts';
import { SmtpTestClient } from './smtp-test-client.ts';

const world = buildWorld({ companies: 50 });

/** RCPT code for an address, found the way a verifier finds it: MX by preference, then A, then SMTP. */
async function rcptCode(resolver: dns.Resolver, smtpPort: number, address: string): Promise<number | string> {
  const domain = address.split('@')[1] ?? '';
  const mx = await resolver.resolveMx(domain).catch((e: NodeJS.ErrnoException) => e.code ?? 'error');
  if (typeof mx === 'string') return mx;
  const [best] = mx.sort((a, b) => a.priority - b.priority);
  if (!best?.exchange) return 'null MX';
  const [ip] = await resolver.resolve4(best.exchange);
  const [client] = await SmtpTestClient.greeted(ip ?? '', smtpPort);
  await client.command('EHLO verifier.example');
  await client.command('MAIL FROM:<probe@verifier.example>');
  const reply = await client.command(`RCPT TO:<${address}>`);
  client.close();
  return reply.code;
}

describe('startMailWorld', () => {
  it('serves DNS and SMTP together, from MX lookup to RCPT', async () => {
    const mail = await startMailWorld({ world });
    try {
      const resolver = new dns.Resolver({ timeout: 1000, tries: 1 });
      resolver.setServers([mail.dnsServer]);
      expect(await rcptCode(resolver, mail.smtpPort, 'alice@ok.leadforge.test')).toBe(250);
      expect(await rcptCode(resolver, mail.smtpPort, 'nosuchuser@microsoft.leadforge.test')).toBe(550);
      expect(await rcptCode(resolver, mail.smtpPort, 'alice@nullmx.leadforge.test')).toBe('null MX');
      expect(await rcptCode(resolver, mail.smtpPort, 'alice@nxdomain.leadforge.test')).toBe('ENOTFOUND');
      const person = world.people.find(
        (p) => world.domains.get(p.email.split('@')[1] ?? '')?.behaviour === 'microsoft',
      );
      expect(await rcptCode(resolver, mail.smtpPort, person?.email ?? '')).toBe(
        person?.mailbox === 'active' ? 250 : 550,
      );
    } finally {
      await mail.close();
    }
  });

  it('frees its ports on close', async () => {
    const mail = await startMailWorld({ world });
    await mail.close();
    const again = await startMailWorld({ world, smtpPort: mail.smtpPort, dnsPort: mail.dnsPort });
    expect([again.smtpPort, again.dnsPort]).toEqual([mail.smtpPort, mail.dnsPort]);
    await again.close();
  });

  it('fails to start, leaving nothing open, when its SMTP port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.1.2.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    await expect(startMailWorld({ world, smtpPort: port })).rejects.toThrow(/EADDRINUSE/);
    blocker.close();
  });
});

describe('serve-mail-world.ts', () => {
  it('prints where DNS and SMTP listen, answers, and stops on SIGTERM', async () => {
    const script = fileURLToPath(new URL('../../src/sandbox/serve-mail-world.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', script, '--companies', '20', '--smtp-port', '0', '--dns-port', '0'],
      { env: { ...process.env, LEADFORGE_SANDBOX_LATENCY_MS: '5' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    for (let i = 0; i < 100 && !out.includes('docs/sandbox.md'); i++) await new Promise((r) => setTimeout(r, 50));
    expect(out).toContain('Latency 5 ms');
    const dnsServer = /DNS {3}(127\.0\.0\.1:\d+)/.exec(out)?.[1] ?? '';
    const resolver = new dns.Resolver({ timeout: 1000, tries: 1 });
    resolver.setServers([dnsServer]);
    expect(await resolver.resolve4('aspmx.l.google.test')).toEqual(['127.1.1.1']);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
