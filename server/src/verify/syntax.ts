import { domainToASCII } from 'node:url';
import type { SyntaxStage } from './types.ts';

/**
 * The envelope address as SMTP carries it (RFC 5321 §4.1.2), not a mail header's RFC 5322 forms:
 * no display names, comments or address literals. Limits (§4.5.3.1): local part 64 octets, domain
 * 255 (253 as text), the whole path 256 with its brackets, so 254 for the address (RFC 3696 erratum).
 * Octets are counted in UTF-8, since an SMTPUTF8 local part is sent as UTF-8 (RFC 6531).
 */
const LOCAL_MAX = 64;
const DOMAIN_MAX = 253;
const ADDRESS_MAX = 254;

// atext of RFC 5321, widened by RFC 6531 to any non-ASCII character.
const ATOM = "[A-Za-z0-9!#$%&'*+\\-/=?^_`{|}~\\u{80}-\\u{10FFFF}]+";
const DOT_ATOM = new RegExp(`^${ATOM}(?:\\.${ATOM})*$`, 'u');
// qtextSMTP (%d32-33 / %d35-91 / %d93-126) or a quoted-pair (backslash + %d32-126).
const QUOTED = /^"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e])*"$/;
const LDH_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const NON_ASCII = /[^\x00-\x7f]/;

const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');

function invalid(error: string, local = '', domain = ''): SyntaxStage {
  return {
    valid: false,
    error,
    local_part: local,
    domain,
    domain_unicode: domain,
    smtputf8_required: false,
    quoted_local_part: false,
  };
}

/** Splits at the last '@' outside a quoted local part. */
function split(address: string): [string, string] | null {
  const at = address.lastIndexOf('@');
  if (at < 0) return null;
  return [address.slice(0, at), address.slice(at + 1)];
}

/** The domain's A-label form, or the reason it has none. Node's UTS #46 conversion is lenient
 * (`a_b.com` passes), so the LDH rule is checked again on its output. */
export function domainToALabel(domain: string): { ascii: string } | { error: string } {
  if (domain === '') return { error: 'domain_empty' };
  if (domain.startsWith('[')) return { error: 'domain_literal_not_supported' };
  if (domain.endsWith('.')) return { error: 'domain_invalid' };
  const ascii = domainToASCII(domain.normalize('NFC')).toLowerCase();
  if (ascii === '') return { error: 'domain_invalid' };
  if (ascii.length > DOMAIN_MAX) return { error: 'domain_too_long' };
  const labels = ascii.split('.');
  if (labels.length < 2) return { error: 'domain_single_label' };
  if (!labels.every((l) => LDH_LABEL.test(l))) return { error: 'domain_invalid' };
  const tld = labels[labels.length - 1] as string;
  if (/^[0-9]+$/.test(tld) || tld.length < 2) return { error: 'tld_invalid' };
  return { ascii };
}

/** The syntax stage of one address. Never throws; a malformed address is a result. */
export function checkSyntax(input: string): SyntaxStage {
  const address = input.trim();
  if (address === '') return invalid('empty');
  const parts = split(address);
  if (!parts) return invalid('missing_at');
  const [local, domainTyped] = parts;
  if (local === '') return invalid('local_part_empty', local, domainTyped);
  const quoted = local.startsWith('"');
  if (quoted ? !QUOTED.test(local) : !DOT_ATOM.test(local)) return invalid('local_part_invalid', local, domainTyped);
  if (bytes(local) > LOCAL_MAX) return invalid('local_part_too_long', local, domainTyped);
  const converted = domainToALabel(domainTyped);
  if ('error' in converted) return invalid(converted.error, local, domainTyped.toLowerCase());
  if (bytes(local) + 1 + converted.ascii.length > ADDRESS_MAX) {
    return invalid('address_too_long', local, converted.ascii);
  }
  return {
    valid: true,
    error: null,
    local_part: local,
    domain: converted.ascii,
    domain_unicode: domainTyped.normalize('NFC').toLowerCase(),
    smtputf8_required: NON_ASCII.test(local),
    quoted_local_part: quoted,
  };
}

/** The address as it goes into RCPT TO: the local part as typed, the domain as A-labels. */
export const envelopeAddress = (s: SyntaxStage): string => `${s.local_part}@${s.domain}`;
