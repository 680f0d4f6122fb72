import { describe, expect, it } from 'vitest';
import { API_KEY_RE, generateApiKey, hashApiKey, keyFromAuthorization, keyPrefix } from './api-keys.ts';

describe('API keys', () => {
  it('makes keys of each kind in the documented form, all different', () => {
    const test = generateApiKey('test');
    const live = generateApiKey('live');
    expect(test).toMatch(/^lf_test_[A-Za-z0-9_-]{32}$/);
    expect(live).toMatch(/^lf_live_[A-Za-z0-9_-]{32}$/);
    expect(new Set(Array.from({ length: 100 }, () => generateApiKey('test'))).size).toBe(100);
    expect(API_KEY_RE.test(test)).toBe(true);
  });

  it('hashes deterministically, without containing the key', () => {
    const key = generateApiKey('test');
    expect(hashApiKey(key)).toBe(hashApiKey(key));
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key)).not.toContain(key.slice(8));
    expect(keyPrefix(key)).toBe(key.slice(0, 12));
  });

  it('reads Bearer and Token headers, any case, and nothing else', () => {
    const key = generateApiKey('live');
    expect(keyFromAuthorization(`Bearer ${key}`)).toBe(key);
    expect(keyFromAuthorization(`bearer ${key}`)).toBe(key);
    expect(keyFromAuthorization(`Token ${key}`)).toBe(key);
    for (const bad of [
      undefined,
      '',
      key,
      `Basic ${key}`,
      `Bearer ${key} extra`,
      `Bearer ${key}x`,
      'Bearer lf_test_short',
    ]) {
      expect(keyFromAuthorization(bad), String(bad)).toBeNull();
    }
  });
});
