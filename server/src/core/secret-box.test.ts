import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.ts';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('round-trips and never shows the plaintext', () => {
    const sealed = box.seal('li_at=AQEDAR-secret', 'seat-1');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('AQEDAR');
    expect(box.open(sealed, 'seat-1')).toBe('li_at=AQEDAR-secret');
    expect(box.seal('same', 'x')).not.toBe(box.seal('same', 'x')); // a fresh IV every time
  });

  it('refuses a ciphertext moved to another row, tampered with, or sealed with another key', () => {
    const sealed = box.seal('secret', 'seat-1');
    expect(() => box.open(sealed, 'seat-2')).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(() => box.open(`v1.${raw.toString('base64url')}`, 'seat-1')).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'seat-1')).toThrow();
  });

  it('needs a 32-byte key', () => {
    expect(() => new SecretBox(randomBytes(16))).toThrow(/32-byte/);
  });
});
