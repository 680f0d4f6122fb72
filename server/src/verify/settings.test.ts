import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { ManualClock } from '../core/clock.ts';
import { verifyEmail } from './pipeline.ts';
import { mailFromOf, optionsFor, portsFor } from './settings.ts';
import { NetSmtpDialer, parseSocksUrl } from './smtp/dialer.ts';
import { harness } from './test-support/harness.ts';
import { startScriptedServers } from './test-support/scripted-smtp.ts';
import { TinySocks } from './test-support/tiny-socks.ts';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c();
});

describe('settings from Config', () => {
  it('live: the configured port, HELO, sender, retry delays, bound and the guard on', () => {
    const config = loadConfig({
      LEADFORGE_SMTP_HELO_NAME: 'verify.example.com',
      LEADFORGE_SMTP_MAIL_FROM: 'bounce@example.com',
      LEADFORGE_GREYLIST_RETRY_DELAYS: '30s,2m',
      LEADFORGE_VERIFY_MAX_DURATION: '10m',
      LEADFORGE_SMTP_MAX_CONNECTIONS_PER_MX: '1',
    });
    const options = optionsFor(config, { kind: 'live' });
    expect(options).toMatchObject({
      greylistRetryDelaysMs: [30_000, 120_000],
      maxDurationMs: 600_000,
      maxConnectionsPerMx: 1,
      smtp: {
        heloName: 'verify.example.com',
        mailFrom: 'bounce@example.com',
        port: 25,
        allowPrivateMx: false,
        startTls: true,
      },
    });
    expect(
      optionsFor(loadConfig({ LEADFORGE_SMTP_ALLOW_PRIVATE_MX: 'true' }), { kind: 'live' }).smtp.allowPrivateMx,
    ).toBe(true);
  });

  it('sandbox: the world’s SMTP port, private MX allowed; <> is the null sender; default sender from HELO', () => {
    const config = loadConfig({
      LEADFORGE_SMTP_HELO_NAME: 'v.example.com',
      LEADFORGE_SMTP_PROXY: 'socks5://127.0.0.1:1',
    });
    const world = { kind: 'sandbox' as const, dnsServer: '127.0.0.1:5300', smtpPort: 2525 };
    expect(optionsFor(config, world).smtp).toMatchObject({ port: 2525, allowPrivateMx: true });
    expect(mailFromOf(config)).toBe('verify@v.example.com');
    expect(mailFromOf(loadConfig({ LEADFORGE_SMTP_MAIL_FROM: '<>' }))).toBe('');
    expect(portsFor(config, world, new ManualClock()).dialer).toBeInstanceOf(NetSmtpDialer);
  });

  it('parses socks5 URLs with credentials', () => {
    expect(parseSocksUrl('socks5://us%40er:p%3Ass@10.1.2.3:1081')).toEqual({
      host: '10.1.2.3',
      port: 1081,
      userId: 'us@er',
      password: 'p:ss',
    });
    expect(parseSocksUrl('socks5://proxy.example')).toEqual({ host: 'proxy.example', port: 1080 });
    expect(() => parseSocksUrl('http://proxy.example')).toThrow();
  });
});

describe('SOCKS5 proxy', () => {
  it('carries the SMTP session through the proxy, which is given the checked IP, not the MX name', async () => {
    const { port, close } = await startScriptedServers({
      '127.1.3.1': { rcpt: (a) => (a === 'jane@proxied.test' ? '250 2.1.5 Ok' : '550 5.1.1 User unknown') },
    });
    cleanup.push(close);
    const proxy = await TinySocks.start({ user: 'lf', password: 'secret' });
    cleanup.push(() => proxy.close());
    const h = harness(
      {
        'proxied.test': { mx: [{ exchange: 'mx.proxied.test', priority: 1 }] },
        'mx.proxied.test': { addresses: ['127.1.3.1'] },
      },
      port,
    );
    const ports = {
      ...h.ports,
      dialer: new NetSmtpDialer(parseSocksUrl(`socks5://lf:secret@127.0.0.1:${proxy.port}`)),
    };
    const result = await verifyEmail('jane@proxied.test', ports, h.options, { state: h.state });
    expect(result.verdict).toBe('safe');
    expect(proxy.connects).toEqual([{ user: 'lf', host: '127.1.3.1', port }]);
  });
});
