import { createHash, randomBytes } from 'node:crypto';
import type { KeyKind } from '../store/schema.ts';

/**
 * API keys: `lf_test_…` act on the sandbox world, `lf_live_…` on the real one (decisions.md).
 * 32 characters of base64url after the prefix carry 192 random bits, so a plain SHA-256 is the
 * right hash: nothing to brute-force, and a lookup by hash stays one index probe per request.
 */
export const API_KEY_RE = /^lf_(test|live)_[A-Za-z0-9_-]{32}$/;

export function generateApiKey(kind: KeyKind): string {
  return `lf_${kind}_${randomBytes(24).toString('base64url')}`;
}

export const hashApiKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** What may be shown of a key after creation: enough to tell keys apart. */
export const keyPrefix = (key: string): string => key.slice(0, 12);

export const keyKind = (key: string): KeyKind => (key.startsWith('lf_live_') ? 'live' : 'test');

/**
 * Reads the key out of an Authorization header: `Bearer <key>` (the spec) or `Token <key>`
 * (older clients, decisions.md). Returns null when the header is missing or not of that form.
 */
export function keyFromAuthorization(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^(?:Bearer|Token)\s+(\S+)\s*$/i.exec(header);
  if (!m?.[1] || !API_KEY_RE.test(m[1])) return null;
  return m[1];
}
