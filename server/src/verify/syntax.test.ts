import { describe, expect, it } from 'vitest';
import { checkSyntax, envelopeAddress } from './syntax.ts';

describe('checkSyntax', () => {
  it.each([
    ['jane.doe@acme.com', 'jane.doe', 'acme.com'],
    ['a+tag@ACME.COM', 'a+tag', 'acme.com'],
    ["o'brien@acme.io", "o'brien", 'acme.io'],
    ['  spaced@acme.com  ', 'spaced', 'acme.com'],
    ['"john doe"@acme.com', '"john doe"', 'acme.com'],
  ])('accepts %s', (input, local, domain) => {
    expect(checkSyntax(input)).toMatchObject({ valid: true, error: null, local_part: local, domain });
  });

  it.each([
    ['', 'empty'],
    ['no-at-sign', 'missing_at'],
    ['@acme.com', 'local_part_empty'],
    ['john..doe@acme.com', 'local_part_invalid'],
    ['.john@acme.com', 'local_part_invalid'],
    ['john.@acme.com', 'local_part_invalid'],
    ['a b@acme.com', 'local_part_invalid'],
    ['jane@', 'domain_empty'],
    ['jane@localhost', 'domain_single_label'],
    ['jane@[192.168.0.1]', 'domain_literal_not_supported'],
    ['jane@acme.com.', 'domain_invalid'],
    ['jane@a_b.com', 'domain_invalid'],
    ['jane@-ab.com', 'domain_invalid'],
    ['jane@acme.123', 'domain_invalid'], // WHATWG reads a numeric last label as IPv4
    ['jane@acme.c', 'tld_invalid'],
    ['jane@xn--zz.com', 'domain_invalid'],
  ])('rejects %j (%s)', (input, error) => {
    expect(checkSyntax(input)).toMatchObject({ valid: false, error });
  });

  it('RFC 5321 limits: 64-octet local part, 253-character domain, 254-octet address, counted in UTF-8', () => {
    expect(checkSyntax(`${'a'.repeat(64)}@acme.com`).valid).toBe(true);
    expect(checkSyntax(`${'a'.repeat(65)}@acme.com`).error).toBe('local_part_too_long');
    expect(checkSyntax(`${'é'.repeat(33)}@acme.com`).error).toBe('local_part_too_long'); // 66 octets
    const label = 'a'.repeat(63);
    expect(checkSyntax(`a@${[label, label, label, 'b'.repeat(58), 'com'].join('.')}`).error).toBe('domain_too_long'); // 254
    const domain = [label, label, label, 'b'.repeat(50), 'com'].join('.');
    expect(domain.length).toBe(246);
    expect(checkSyntax(`${'x'.repeat(7)}@${domain}`).valid).toBe(true); // 254
    expect(checkSyntax(`${'x'.repeat(8)}@${domain}`).error).toBe('address_too_long'); // 255
  });

  it('IDN domains become A-labels; the typed form is kept beside them', () => {
    expect(checkSyntax('user@münchen.de')).toMatchObject({
      valid: true,
      domain: 'xn--mnchen-3ya.de',
      domain_unicode: 'münchen.de',
    });
    expect(checkSyntax('user@straße.de').domain).toBe('xn--strae-oqa.de'); // non-transitional (UTS #46)
    expect(checkSyntax('user@例子.广告').domain).toBe('xn--fsqu00a.xn--4rr70v');
    expect(envelopeAddress(checkSyntax('user@MÜNCHEN.de'))).toBe('user@xn--mnchen-3ya.de');
  });

  it('a non-ASCII local part is valid but needs SMTPUTF8; an ASCII one with an IDN domain does not', () => {
    expect(checkSyntax('用户@例子.广告')).toMatchObject({ valid: true, smtputf8_required: true });
    expect(checkSyntax('josé@acme.com')).toMatchObject({ valid: true, smtputf8_required: true });
    expect(checkSyntax('jose@münchen.de')).toMatchObject({ valid: true, smtputf8_required: false });
  });
});
