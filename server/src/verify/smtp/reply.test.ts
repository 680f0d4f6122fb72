import { describe, expect, it } from 'vitest';
import { parseReply, ReplyParser, SmtpProtocolError } from './reply.ts';

describe('SMTP reply parser', () => {
  it('collects a multi-line reply and yields it only at its last line', () => {
    const p = new ReplyParser();
    expect(p.push('250-mx.google.com at your service')).toBeNull();
    expect(p.push('250-STARTTLS')).toBeNull();
    expect(p.push('250 SMTPUTF8')).toEqual({
      code: 250,
      enhanced: null,
      lines: ['mx.google.com at your service', 'STARTTLS', 'SMTPUTF8'],
      text: 'mx.google.com at your service STARTTLS SMTPUTF8',
    });
  });

  it('takes the enhanced code off every line', () => {
    const r = parseReply(
      '550-5.1.1 The email account that you tried to reach does not exist.\r\n550 5.1.1  https://support.google.com/mail/?p=NoSuchUser - gsmtp',
    );
    expect(r).toMatchObject({ code: 550, enhanced: '5.1.1' });
    expect(r.text).toBe(
      'The email account that you tried to reach does not exist. https://support.google.com/mail/?p=NoSuchUser - gsmtp',
    );
  });

  it('an enhanced code of another class than the reply is text', () => {
    expect(parseReply('550 2.1.5 odd')).toMatchObject({ enhanced: null, text: '2.1.5 odd' });
  });

  it('a bare code is a reply', () => {
    expect(parseReply('250')).toMatchObject({ code: 250, text: '' });
  });

  it('garbage and a code changing mid-reply are protocol errors', () => {
    expect(() => new ReplyParser().push('hello there')).toThrow(SmtpProtocolError);
    const p = new ReplyParser();
    p.push('250-first');
    expect(() => p.push('550 second')).toThrow(SmtpProtocolError);
  });
});
