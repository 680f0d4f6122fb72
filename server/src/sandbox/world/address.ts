import { domainToASCII } from 'node:url';

// Unquoted dot-atom (RFC 5321), letters beyond ASCII allowed (RFC 6531).
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~\\u0080-\\u{10FFFF}-]+";
const DOT_ATOM = new RegExp(`^${ATOM}(\\.${ATOM})*$`, 'u');
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Splits an address into a mailbox key: local part lower-cased (NFC), domain as A-label. */
export function parseAddress(address: string): { local: string; domain: string } | undefined {
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return undefined;
  const local = address.slice(0, at).normalize('NFC');
  const domain = domainToASCII(address.slice(at + 1).toLowerCase());
  if (!DOT_ATOM.test(local) || Buffer.byteLength(local) > 64) return undefined;
  const labels = domain.split('.');
  if (labels.length < 2 || domain.length > 253 || !labels.every((l) => LABEL.test(l))) return undefined;
  if (Buffer.byteLength(local) + 1 + domain.length > 254) return undefined;
  return { local: local.toLowerCase(), domain };
}

export const hasNonAscii = (text: string): boolean => /[^\x00-\x7f]/.test(text);
