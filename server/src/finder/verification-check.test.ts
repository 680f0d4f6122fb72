import { describe, expect, it } from 'vitest';
import type { VerificationResult } from '../verify/index.ts';
import { candidateAnswer, checkFromVerification } from './verification-check.ts';

type Smtp = NonNullable<VerificationResult['details']['smtp']>;

function result(
  email: string,
  verdict: VerificationResult['verdict'],
  smtp: Partial<Smtp> | null,
  extra: {
    domain?: VerificationResult['details']['domain']['status'];
    catchAll?: boolean | null;
    cached?: boolean;
  } = {},
): VerificationResult {
  const [local = '', domain = ''] = email.split('@');
  return {
    email,
    verdict,
    reasons: [],
    details: {
      syntax: {
        valid: true,
        error: null,
        local_part: local,
        domain,
        domain_unicode: domain,
        smtputf8_required: false,
        quoted_local_part: false,
      },
      domain: { status: extra.domain ?? 'ok', implicit_mx: false, dns_error: null },
      mx: [],
      smtp: smtp && {
        outcome: 'accepted',
        step: 'rcpt',
        mx_host: 'mx.acme.com',
        mx_address: '127.0.0.1',
        code: 250,
        enhanced_code: null,
        text: 'OK',
        rule: null,
        tls: true,
        attempts: 1,
        ...smtp,
      },
      catch_all:
        extra.catchAll === undefined
          ? null
          : { value: extra.catchAll, probe: `x1y2@${domain}`, code: 550, text: null, cached: extra.cached ?? false },
      role: false,
      disposable: false,
      free: false,
      greylisted: false,
      full_inbox: smtp?.outcome === 'mailbox_full',
      disabled: false,
      typo_suggestion: null,
    },
  };
}

describe('checkFromVerification', () => {
  it('maps the verifier’s stages to what the finder needs', () => {
    expect(checkFromVerification(result('a@acme.com', 'safe', {}, { catchAll: false }))).toEqual({
      address: 'a@acme.com',
      status: 'exists',
      catchAll: false,
      verdict: 'safe',
    });
    expect(checkFromVerification(result('a@acme.com', 'riskier', { outcome: 'mailbox_full' })).status).toBe('exists');
    expect(checkFromVerification(result('a@acme.com', 'riskier', {}, { catchAll: true })).catchAll).toBe(true);
    expect(
      checkFromVerification(result('a@acme.com', 'invalid', { outcome: 'mailbox_unknown', code: 550 })).status,
    ).toBe('absent');
    expect(checkFromVerification(result('a@acme.com', 'invalid', { outcome: 'mailbox_disabled' })).status).toBe(
      'absent',
    );
    expect(checkFromVerification(result('a@acme.com', 'suspect', { outcome: 'blocked', code: 554 })).status).toBe(
      'unknown',
    );
    expect(
      checkFromVerification(result('a@acme.com', 'suspect', { outcome: 'timeout', step: 'greeting' })).status,
    ).toBe('unknown');
    expect(checkFromVerification(result('a@nope.com', 'invalid', null, { domain: 'null_mx' })).status).toBe(
      'no_mail_host',
    );
  });

  it('counts one RCPT per session that reached RCPT, plus an uncached catch-all probe', () => {
    const fresh = candidateAnswer([
      result('a@acme.com', 'invalid', { outcome: 'mailbox_unknown' }, { catchAll: false }),
      result('b@acme.com', 'safe', { attempts: 2 }, { catchAll: false }),
      result('c@acme.com', 'suspect', { outcome: 'connect_failed', step: 'connect' }, { catchAll: false }),
    ]);
    expect(fresh.rcpts).toBe(4);
    expect(fresh.checks.map((c) => c.status)).toEqual(['absent', 'exists', 'unknown']);
    const cached = candidateAnswer([result('a@acme.com', 'safe', {}, { catchAll: false, cached: true })]);
    expect(cached.rcpts).toBe(1);
  });
});
