import { describe, expect, it } from 'vitest';
import { classify } from './classify.ts';
import { REPLY_RULES, readReply } from './rules.ts';
import { parseReply } from './smtp/reply.ts';

const MAILBOX_NEGATIVE = new Set(['mailbox_unknown', 'mailbox_disabled', 'null_mx']);

/** The same reply with a 4xx code (and 4.x.x enhanced code): what a soft-bouncing server would say. */
function asTemporary(reply: string): string {
  return reply.replace(/^5(\d\d)([- ])(5\.)?/gm, (_m, rest: string, sep: string, enh?: string) => {
    return `4${rest}${sep}${enh ? '4.' : ''}`;
  });
}

describe('reply rules: each real reply text is read by the rule it motivated', () => {
  for (const rule of REPLY_RULES) {
    for (const fixture of rule.fixtures) {
      it(`${rule.id}: ${fixture.reply.split('\r\n')[0]}`, () => {
        expect(readReply(parseReply(fixture.reply))).toEqual({ outcome: rule.outcome, rule: rule.id });
      });
    }
  }
});

describe('reply rules: invariants', () => {
  it('every rule has at least one fixture with a source', () => {
    for (const rule of REPLY_RULES) {
      expect(rule.fixtures.length, rule.id).toBeGreaterThan(0);
      for (const f of rule.fixtures) expect(f.source.length, rule.id).toBeGreaterThan(5);
    }
  });

  it('a 4xx is never read as a mailbox-level negative', () => {
    for (const rule of REPLY_RULES) {
      for (const f of rule.fixtures) {
        const soft = parseReply(asTemporary(f.reply));
        if (soft.code >= 500) continue; // 2xx fixtures
        expect(MAILBOX_NEGATIVE.has(readReply(soft).outcome), `${rule.id}: ${asTemporary(f.reply)}`).toBe(false);
      }
    }
  });

  it('blocks aimed at us are read before any unknown-mailbox text, whatever the enhanced code', () => {
    const replies = [
      '550 5.7.1 Service unavailable; client host [203.0.113.7] blocked using Spamhaus',
      '550 5.1.1 User unknown; client host [203.0.113.7] blocked using Spamhaus',
      '554 5.7.1 <jane@example.com>: Recipient address rejected: Access denied',
      '550 5.7.1 No such user, your IP has been found on a block list',
    ];
    for (const r of replies) expect(MAILBOX_NEGATIVE.has(readReply(parseReply(r)).outcome), r).toBe(false);
  });

  it('ambiguous RFC texts stay unconfirmed: "mailbox unavailable" without a code that says why', () => {
    expect(readReply(parseReply('550 Requested action not taken: mailbox unavailable')).outcome).toBe('rejected_other');
    expect(readReply(parseReply('550 Address rejected')).outcome).toBe('rejected_other');
  });

  it('a reply no rule knows is unexpected, not accepted', () => {
    expect(readReply(parseReply('252 2.1.5 Cannot VRFY user, but will accept message'))).toEqual({
      outcome: 'unexpected_reply',
      rule: 'unmatched',
    });
  });

  it('no fixture of a block, policy or 4xx rule gives an invalid verdict through the classifier', () => {
    for (const rule of REPLY_RULES) {
      if (MAILBOX_NEGATIVE.has(rule.outcome)) continue;
      for (const f of rule.fixtures) {
        const reply = parseReply(f.reply);
        const { outcome } = readReply(reply);
        const verdict = classify({
          syntaxValid: true,
          domainStatus: 'ok',
          disposable: false,
          role: false,
          catchAll: false,
          smtp: { outcome, step: 'rcpt', code: reply.code },
        }).verdict;
        expect(verdict, `${rule.id}: ${f.reply}`).not.toBe('invalid');
      }
    }
  });
});
