import { describe, expect, it } from 'vitest';
import { checkApiKeyForm, keyHint } from './api-key.ts';
import { hostPermissionPattern, isLocalCompanion, parseBaseUrl } from './base-url.ts';

describe('parseBaseUrl', () => {
  it.each([
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    [' http://127.0.0.1:8080/ ', 'http://127.0.0.1:8080'],
    ['https://leads.example.com/api/', 'https://leads.example.com/api'],
    ['HTTPS://Leads.Example.com', 'https://leads.example.com'],
  ])('normalises %j', (input, baseUrl) => {
    expect(parseBaseUrl(input)).toEqual({ ok: true, baseUrl });
  });

  it.each([
    ['', 'Enter the address of your Leadforge service.'],
    ['127.0.0.1:8080', 'The address must start with http:// or https://.'],
    ['ftp://example.com', 'The address must start with http:// or https://.'],
    ['http://user:pw@example.com', 'Leave the user name and password out of the address; the API key is enough.'],
    ['http://example.com/?x=1', 'The address must not contain ? or #.'],
    ['http://exa mple.com', 'That is not a web address.'],
  ])('refuses %j in plain words', (input, message) => {
    expect(parseBaseUrl(input)).toEqual({ ok: false, message });
  });
});

describe('host permissions', () => {
  it('knows the local companion is covered by the manifest, on any port', () => {
    expect(isLocalCompanion('http://127.0.0.1:8080')).toBe(true);
    expect(isLocalCompanion('http://localhost:41234')).toBe(true);
    expect(isLocalCompanion('https://127.0.0.1:8080')).toBe(false);
    expect(isLocalCompanion('http://leads.example.com')).toBe(false);
  });

  it('asks for the host on every port, as Chrome patterns have no port', () => {
    expect(hostPermissionPattern('https://leads.example.com:8443/api')).toBe('https://leads.example.com/*');
  });
});

describe('API keys', () => {
  const key = 'lf_live_abcdefghijklmnopqrstuvwxyz012345';
  it('accepts a key with stray spaces around it', () => {
    expect(checkApiKeyForm(`  ${key}\n`)).toEqual({ ok: true, apiKey: key });
  });

  it.each(['', 'hello', 'lf_prod_abcdefghijklmnopqrstuvwxyz012345', `${key}x`, 'Bearer lf_test_x'])(
    'refuses %j before asking the service',
    (input) => {
      expect(checkApiKeyForm(input).ok).toBe(false);
    },
  );

  it('shows only the kind and the last four characters', () => {
    expect(keyHint(key)).toBe('lf_live_…2345');
  });
});
