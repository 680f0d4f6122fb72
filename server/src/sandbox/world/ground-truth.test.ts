import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.ts';
import { Greylist } from '../smtp/greylist.ts';
import { HOST_PROFILES } from '../smtp/host-profiles.ts';
import { recipientReply } from '../smtp/recipient-reply.ts';
import { buildWorld } from './build-world.ts';
import { FIXED_ADDRESSES } from './fixed-cases.ts';
import { expectedVerdict } from './ground-truth.ts';
import { labelledAddresses } from './labelled-addresses.ts';
import { MAIL_HOSTS } from './mail-hosts.ts';

const world = buildWorld({ companies: 400 });

describe('expectedVerdict', () => {
  it('gives every fixed address of docs/sandbox.md its documented verdict', () => {
    for (const fixed of FIXED_ADDRESSES) {
      expect(expectedVerdict(world, fixed.address).verdict, fixed.address).toBe(fixed.verdict);
    }
  });

  it('is the same for fixed addresses in any world', () => {
    const other = buildWorld({ seed: 'another', companies: 10 });
    for (const fixed of FIXED_ADDRESSES) expect(expectedVerdict(other, fixed.address).verdict).toBe(fixed.verdict);
  });

  it('is listed in docs/sandbox.md, one table row per fixed address with its verdict', () => {
    const docs = readFileSync(new URL('../../../../docs/sandbox.md', import.meta.url), 'utf8');
    for (const fixed of FIXED_ADDRESSES) {
      const row = docs.split('\n').find((line) => line.startsWith(`| \`${fixed.address}\` |`));
      expect(row, fixed.address).toBeDefined();
      expect(row?.split('|')[2]?.trim(), fixed.address).toBe(fixed.verdict);
    }
  });

  it('reads the case, accents and IDN forms of an address as a mail server does', () => {
    expect(expectedVerdict(world, 'Alice@OK.leadforge.test').verdict).toBe('safe');
    expect(expectedVerdict(world, 'JOSÉ@ok.leadforge.test').verdict).toBe('safe');
    expect(expectedVerdict(world, 'josé@postfix.leadforge.test').reason).toBe('smtputf8_unsupported');
    expect(expectedVerdict(world, 'alice@BÜCHER.leadforge.test').verdict).toBe('safe');
    expect(expectedVerdict(world, 'alice@unknown-company.test').reason).toBe('no_such_domain');
  });
});

describe('labelledAddresses', () => {
  const labels = labelledAddresses(world, { count: 400 });

  it('gives ≥300 distinct addresses with all four verdicts and most behaviours', () => {
    expect(labels).toHaveLength(400);
    expect(new Set(labels.map((l) => l.address)).size).toBe(400);
    expect(new Set(labels.map((l) => l.verdict))).toEqual(new Set(['safe', 'riskier', 'suspect', 'invalid']));
    expect(new Set(labels.map((l) => l.behaviour)).size).toBeGreaterThanOrEqual(20);
    for (const reason of ['mailbox_full', 'mailbox_disabled', 'role_account', 'unknown_mailbox', 'catch_all']) {
      expect(
        labels.some((l) => l.reason === reason),
        reason,
      ).toBe(true);
    }
  });

  it('leaves out the behaviours asked for', () => {
    const quick = labelledAddresses(world, { count: 300, exclude: ['silent', 'greylist', 'slow_greeting'] });
    expect(quick).toHaveLength(300);
    expect(quick.some((l) => ['silent', 'greylist', 'slow_greeting'].includes(l.behaviour))).toBe(false);
  });

  it('agrees with what the SMTP hosts answer at RCPT (the ground truth is the servers’ own model)', () => {
    const greylist = new Greylist(new ManualClock(), 0);
    const expectedCode: Record<string, RegExp> = {
      accepted: /^250 /,
      catch_all: /^250 /,
      role_account: /^250 /,
      mailbox_full: /^552 5\.2\.2/,
      mailbox_disabled: /^550 5\.2\.1/,
      unknown_mailbox: /^550 5\.(1\.1|4\.1|5\.0)/,
    };
    let checked = 0;
    for (const label of labels) {
      const pattern = expectedCode[label.reason];
      const domain = world.domains.get(label.address.split('@')[1]?.toLowerCase() ?? '');
      const host = MAIL_HOSTS.find((h) => domain?.smtpIps.includes(h.ip));
      if (!pattern || !host || domain?.behaviour === 'disposable') continue;
      const session = { clientIp: '127.0.0.1', mailFrom: 'p@v.example', smtputf8: true, rcptCount: 1 };
      const answer = recipientReply(
        { world, host, profile: HOST_PROFILES[host.kind], greylist },
        session,
        label.address,
      );
      if (answer === 'drop') throw new Error(`${label.address}: dropped`);
      expect(`${answer.code} ${answer.lines[0]}`, `${label.address} (${label.reason})`).toMatch(pattern);
      checked++;
    }
    expect(checked).toBeGreaterThan(200);
  });
});
