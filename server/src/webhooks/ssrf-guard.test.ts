import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, checkWebhookUrlForm, refusedAddressReason } from './ssrf-guard.ts';

const strict = { allowLoopback: false };
const loose = { allowLoopback: true };

describe('webhook target guard', () => {
  it('lets public unicast addresses through over https', () => {
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:93.184.216.34']) {
      expect(refusedAddressReason(a, 'https:', strict), a).toBeNull();
    }
  });

  it('refuses every internal range, in both IP versions and in disguise', () => {
    const cases: [string, RegExp][] = [
      ['127.0.0.1', /loopback/],
      ['127.255.0.9', /loopback/],
      ['::1', /loopback/],
      ['10.1.2.3', /private/],
      ['172.16.0.1', /private/],
      ['192.168.1.1', /private/],
      ['169.254.169.254', /linkLocal/], // cloud metadata
      ['fe80::1', /linkLocal/],
      ['100.64.0.1', /carrierGradeNat/],
      ['224.0.0.1', /multicast/],
      ['ff02::1', /multicast/],
      ['0.0.0.0', /unspecified/],
      ['::', /unspecified/],
      ['255.255.255.255', /broadcast/],
      ['fd00:ec2::254', /uniqueLocal/], // cloud metadata over IPv6
      ['::ffff:127.0.0.1', /loopback/],
      ['::ffff:10.0.0.1', /private/],
      ['::ffff:169.254.169.254', /linkLocal/],
      ['64:ff9b::a00:1', /rfc6052/], // NAT64 of 10.0.0.1
      ['2002:a00:1::', /6to4/],
      ['198.18.0.1', /reserved/],
    ];
    for (const [address, why] of cases) expect(refusedAddressReason(address, 'https:', strict), address).toMatch(why);
  });

  it('allows loopback only with the switch, and http only to loopback', () => {
    expect(refusedAddressReason('127.0.0.1', 'http:', loose)).toBeNull();
    expect(refusedAddressReason('::1', 'https:', loose)).toBeNull();
    expect(refusedAddressReason('10.0.0.1', 'http:', loose)).toMatch(/private/);
    expect(refusedAddressReason('93.184.216.34', 'http:', loose)).toMatch(/https/);
    expect(refusedAddressReason('127.0.0.1', 'http:', strict)).toMatch(/loopback/);
  });

  it('checks the URL form before any lookup', () => {
    expect(() => checkWebhookUrlForm('http://hooks.example.com/x', strict)).toThrow(/https/);
    expect(() => checkWebhookUrlForm('ftp://hooks.example.com/x', loose)).toThrow(/https/);
    expect(() => checkWebhookUrlForm('not a url', strict)).toThrow(/valid URL/);
    expect(() => checkWebhookUrlForm('https://user:pw@hooks.example.com/', strict)).toThrow(/password/);
    expect(() => checkWebhookUrlForm('https://127.0.0.1/', strict)).toThrow(/loopback/);
    expect(() => checkWebhookUrlForm('https://[::ffff:7f00:1]/', strict)).toThrow(/loopback/);
    expect(() => checkWebhookUrlForm('https://[fd00:ec2::254]/latest', strict)).toThrow(/uniqueLocal/);
    expect(() => checkWebhookUrlForm('https://169.254.169.254/latest/meta-data', strict)).toThrow(/linkLocal/);
    expect(() => checkWebhookUrlForm('https://intranet/hook', strict)).toThrow(/public host/);
    expect(checkWebhookUrlForm('https://hooks.example.com/x', strict).hostname).toBe('hooks.example.com');
  });

  it('refuses names that resolve to internal addresses (checked by resolving them)', async () => {
    await expect(checkWebhookUrl('https://localhost/hook', strict)).rejects.toThrow(/public host|loopback/);
    await expect(checkWebhookUrl('https://localhost.localdomain/hook', strict)).rejects.toThrow();
    await expect(checkWebhookUrl('http://localhost:9/hook', loose)).resolves.toBeInstanceOf(URL);
    // a name that does not resolve at all (no network here) is refused, not let through
    await expect(checkWebhookUrl('https://no-such-host.invalid/hook', strict)).rejects.toThrow(/resolve/);
  });
});
