import { describe, expect, it } from 'vitest';
import { readApiKey } from '../lib/db/settings-store.ts';
import { backgroundHarness } from './support/background-harness.ts';
import { BASE_URL, VALID_KEY } from './support/fake-service.ts';

describe('saving settings', () => {
  it('checks the key with the service, saves it, and connects the logged-in session', async () => {
    const h = backgroundHarness();
    h.logIn();
    const reply = await h.services.saveSettings({ baseUrl: `${BASE_URL}/`, apiKey: ` ${VALID_KEY} ` });
    expect(reply).toMatchObject({
      ok: true,
      problem: null,
      snapshot: {
        settings: { baseUrl: BASE_URL, keyHint: 'lf_test_…AAAA' },
        seat: { status: 'connected', seatId: 'seat-1' },
        // Fetched again after the connect, so the new seat is in it.
        quota: { info: { credits: 1000, daily_limit: 2500, seats: [{ id: 'seat-1', status: 'valid' }] } },
      },
    });
    expect(h.service.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'GET /v1/quota/',
      'POST /v1/seats/',
      'GET /v1/quota/',
    ]);
  });

  it('refuses a key the service rejects, in plain words, and saves nothing', async () => {
    const h = backgroundHarness();
    const reply = await h.services.saveSettings({
      baseUrl: BASE_URL,
      apiKey: 'lf_test_ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ',
    });
    expect(reply).toEqual({
      ok: false,
      error: {
        type: 'AuthenticationError',
        message: 'The service at http://127.0.0.1:8080 did not accept this API key.',
        next: expect.stringMatching(/^Check the key/),
      },
    });
    await expect(readApiKey(h.db)).resolves.toBeNull();
  });

  it('says when the service does not answer, after one quick retry', async () => {
    const h = backgroundHarness();
    h.service.setDown(true);
    const reply = await h.services.saveSettings({ baseUrl: BASE_URL, apiKey: VALID_KEY });
    expect(reply).toMatchObject({
      ok: false,
      error: { type: 'unreachable', message: expect.stringContaining(BASE_URL) },
    });
    expect(h.service.requests).toHaveLength(2);
  });

  it('keeps the saved key when the key field is left empty', async () => {
    const h = backgroundHarness();
    await h.configure();
    const reply = await h.services.saveSettings({ baseUrl: BASE_URL });
    expect(reply).toMatchObject({ ok: true });
    expect(h.service.requests[0]?.headers.authorization).toBe(`Bearer ${VALID_KEY}`);
  });

  it.each([
    [{ baseUrl: 'localhost:8080', apiKey: VALID_KEY }, 'The address must start with http:// or https://.'],
    [{ baseUrl: BASE_URL, apiKey: 'my key' }, expect.stringMatching(/^That is not a Leadforge API key/)],
    [{ baseUrl: BASE_URL }, 'Enter your API key.'],
  ])('refuses unusable settings before asking the service: %j', async (input, message) => {
    const h = backgroundHarness();
    await expect(h.services.saveSettings(input)).resolves.toMatchObject({
      ok: false,
      error: { type: 'bad_settings', message },
    });
    expect(h.service.requests).toHaveLength(0);
  });

  it('needs the optional host permission for another service address', async () => {
    const h = backgroundHarness();
    const input = { baseUrl: 'https://leads.example.com', apiKey: VALID_KEY };
    await expect(h.services.saveSettings(input)).resolves.toMatchObject({
      ok: false,
      error: { type: 'permission_missing', message: 'The browser does not let Leadforge reach leads.example.com yet.' },
    });
    expect(h.service.requests).toHaveLength(0);

    h.granted.add('https://leads.example.com/*');
    await h.services.saveSettings(input);
    expect(h.service.requests[0]?.url).toBe('https://leads.example.com/v1/quota/');
  });
});

describe('refreshing', () => {
  it('keeps the cached quota and says why when the service is down', async () => {
    const h = backgroundHarness();
    await h.services.saveSettings({ baseUrl: BASE_URL, apiKey: VALID_KEY });
    h.service.setDown(true);
    const reply = await h.services.refresh();
    expect(reply).toMatchObject({
      ok: true,
      snapshot: { quota: { info: { credits: 1000 } } },
      problem: { kind: 'unreachable', next: 'Start it (npm start) or check the address in Settings.' },
    });
  });

  it('takes the service’s word that the seat is invalid', async () => {
    const h = backgroundHarness();
    h.logIn();
    await h.services.saveSettings({ baseUrl: BASE_URL, apiKey: VALID_KEY });
    h.service.invalidate('seat-1');
    const reply = await h.services.refresh();
    expect(reply).toMatchObject({
      snapshot: { seat: { status: 'needs-reconnect' }, quota: { info: { seats: [{ status: 'invalid' }] } } },
    });

    const reconnected = await h.services.reconnect('seat-1');
    expect(reconnected).toMatchObject({
      problem: null,
      snapshot: { seat: { status: 'connected' }, quota: { info: { seats: [{ status: 'valid' }] } } },
    });
  });

  it('catches up on a login it missed', async () => {
    const h = backgroundHarness();
    await h.services.saveSettings({ baseUrl: BASE_URL, apiKey: VALID_KEY });
    h.logIn();
    const reply = await h.services.refresh();
    expect(reply).toMatchObject({ snapshot: { seat: { status: 'connected' }, quota: { info: { seats: [{}] } } } });
  });
});
