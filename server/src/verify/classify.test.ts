import { describe, expect, it } from 'vitest';
import { type ClassifyInput, classify } from './classify.ts';

const base: ClassifyInput = {
  syntaxValid: true,
  domainStatus: 'ok',
  disposable: false,
  role: false,
  catchAll: false,
  smtp: { outcome: 'accepted', step: 'rcpt', code: 250 },
};

const rcpt = (outcome: NonNullable<ClassifyInput['smtp']>['outcome'], code: number | null) => ({
  smtp: { outcome, step: 'rcpt' as const, code },
});

describe('classify: the verdict table of decisions.md', () => {
  it.each<[string, Partial<ClassifyInput>, string, string[]]>([
    ['accepted, not catch-all', {}, 'safe', ['accepted']],
    ['accepted on a catch-all domain', { catchAll: true }, 'riskier', ['accepted', 'catch_all']],
    ['accepted, catch-all not learned', { catchAll: null }, 'riskier', ['accepted', 'catch_all_unknown']],
    ['accepted role account', { role: true }, 'riskier', ['accepted', 'role_account']],
    ['full mailbox (452)', rcpt('mailbox_full', 452), 'riskier', ['mailbox_full']],
    ['full mailbox (552)', rcpt('mailbox_full', 552), 'riskier', ['mailbox_full']],
    ['bad syntax', { syntaxValid: false, smtp: null }, 'invalid', ['syntax_invalid']],
    ['no such domain', { domainStatus: 'nxdomain', smtp: null }, 'invalid', ['domain_not_found']],
    ['null MX', { domainStatus: 'null_mx', smtp: null }, 'invalid', ['null_mx']],
    ['no mail host', { domainStatus: 'no_mail_host', smtp: null }, 'invalid', ['no_mail_host']],
    ['disposable', { disposable: true, smtp: null }, 'invalid', ['disposable_domain']],
    ['unknown mailbox 550', rcpt('mailbox_unknown', 550), 'invalid', ['mailbox_unknown']],
    ['disabled mailbox 550', rcpt('mailbox_disabled', 550), 'invalid', ['mailbox_disabled']],
    ['null MX at RCPT 556', rcpt('null_mx', 556), 'invalid', ['mailbox_unknown']],
    ['"unknown" with a 4xx', rcpt('mailbox_unknown', 450), 'suspect', ['temporary_failure']],
    [
      'unknown said at MAIL FROM',
      { smtp: { outcome: 'mailbox_unknown', step: 'mail', code: 550 } },
      'suspect',
      ['rejected_before_rcpt'],
    ],
    ['blocked', rcpt('blocked', 550), 'suspect', ['blocked']],
    ['rDNS', rcpt('rdns_required', 450), 'suspect', ['rdns_required']],
    ['TLS required', rcpt('tls_required', 421), 'suspect', ['tls_required']],
    ['policy', rcpt('policy', 554), 'suspect', ['policy_rejection']],
    ['greylisted to the end', rcpt('greylisted', 450), 'suspect', ['greylisted']],
    ['other 4xx', rcpt('temporary', 451), 'suspect', ['temporary_failure']],
    ['unrecognised 5xx', rcpt('rejected_other', 550), 'suspect', ['unconfirmed_rejection']],
    ['timeout', { smtp: { outcome: 'timeout', step: 'greeting', code: null } }, 'suspect', ['timeout']],
    [
      'unreachable',
      { smtp: { outcome: 'connect_failed', step: 'connect', code: null } },
      'suspect',
      ['mx_unreachable'],
    ],
    [
      'private MX',
      { smtp: { outcome: 'mx_refused_private', step: 'connect', code: null } },
      'suspect',
      ['mx_refused_private'],
    ],
    ['deadline', { smtp: { outcome: 'deadline_reached', step: null, code: null } }, 'suspect', ['deadline_reached']],
    ['DNS failure', { domainStatus: 'dns_error', smtp: null }, 'suspect', ['dns_error']],
  ])('%s → %s', (_name, patch, verdict, reasons) => {
    const result = classify({ ...base, ...patch });
    expect(result.verdict).toBe(verdict);
    expect(result.reasons.map((r) => r.code)).toEqual(reasons);
    for (const r of result.reasons) expect(r.message).not.toBe(r.code);
  });

  it('no 4xx reply ever gives invalid, whatever the outcome', () => {
    const outcomes = ['mailbox_unknown', 'mailbox_disabled', 'null_mx', 'greylisted', 'temporary', 'blocked'] as const;
    for (const outcome of outcomes) {
      for (const code of [421, 450, 451, 452])
        expect(classify({ ...base, ...rcpt(outcome, code) }).verdict).not.toBe('invalid');
    }
  });
});
