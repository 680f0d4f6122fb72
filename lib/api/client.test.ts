import { describe, expect, it } from 'vitest';
import { fakeClock } from '../../test/support/fake-clock.ts';
import { type Answer, apiError, connectionRefused, json, scriptedFetch } from '../../test/support/fake-fetch.ts';
import { createApiClient } from './client.ts';
import { DEFAULT_RETRY } from './retry.ts';

const KEY = 'lf_test_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const QUOTA = {
  success: true,
  quota: { daily_limit: 2500, used_today: 3, remaining: 2497, has_valid_seat: true, credits: 1000, seats: [] },
};

function setup(answers: Answer[]) {
  const clock = fakeClock();
  const fetch = scriptedFetch(answers);
  // random() = 0.5: each backoff delay is 3/4 of its full value.
  const client = createApiClient({ baseUrl: 'http://127.0.0.1:8080', apiKey: KEY, fetch, clock, random: () => 0.5 });
  return { client, clock, fetch };
}

describe('the /v1 client', () => {
  it('sends the key as a bearer token, without cookies, and parses the answer with the contract', async () => {
    const { client, fetch } = setup([json(200, QUOTA)]);
    const result = await client.quota();
    expect(result).toEqual({ ok: true, status: 200, data: QUOTA });
    expect(fetch.requests[0]).toMatchObject({
      url: 'http://127.0.0.1:8080/v1/quota/',
      method: 'GET',
      headers: { authorization: `Bearer ${KEY}`, accept: 'application/json' },
      credentials: 'omit',
    });
  });

  it('posts a seat session as JSON', async () => {
    const seat = {
      id: 's1',
      status: 'valid',
      label: null,
      member_id: null,
      daily_limit: 2500,
      used_today: 0,
      remaining: 2500,
      invalid_reason: null,
      connected_at: '2026-01-15T09:00:00.000Z',
      updated_at: '2026-01-15T09:00:00.000Z',
    };
    const { client, fetch } = setup([json(201, { success: true, created: true, seat })]);
    const body = { li_at: 'x'.repeat(30), jsessionid: '"ajax:1234567890"', user_agent: 'Mozilla/5.0 test' };
    const result = await client.connectSeat(body);
    expect(result).toMatchObject({ ok: true, status: 201, data: { created: true, seat: { id: 's1' } } });
    expect(fetch.requests[0]).toMatchObject({ method: 'POST', body, headers: { 'content-type': 'application/json' } });
  });

  it('retries a 503 with exponential backoff, then succeeds', async () => {
    const { client, clock } = setup([
      apiError(503, 'DependencyUnavailable'),
      apiError(503, 'DependencyUnavailable'),
      json(200, QUOTA),
    ]);
    await expect(client.quota()).resolves.toMatchObject({ ok: true });
    expect(clock.sleeps).toEqual([375, 750]);
  });

  it('retries network failures, then gives up after the last attempt with the failure', async () => {
    const { client, clock, fetch } = setup([
      connectionRefused(),
      connectionRefused(),
      connectionRefused(),
      connectionRefused(),
    ]);
    const result = await client.quota();
    expect(result).toEqual({ ok: false, failure: { kind: 'network', cause: 'Failed to fetch' } });
    expect(fetch.requests).toHaveLength(DEFAULT_RETRY.maxAttempts);
    expect(clock.sleeps).toEqual([375, 750, 1500]);
  });

  it('waits exactly as long as Retry-After says, in seconds', async () => {
    const { client, clock } = setup([
      apiError(503, 'DependencyUnavailable', 'x', {}, { 'Retry-After': '7' }),
      json(200, QUOTA),
    ]);
    await expect(client.quota()).resolves.toMatchObject({ ok: true });
    expect(clock.sleeps).toEqual([7000]);
  });

  it('reads Retry-After as an HTTP date against its clock', async () => {
    const clock = fakeClock();
    const later = new Date(clock.now() + 12_000).toUTCString();
    const fetch = scriptedFetch([
      apiError(503, 'DependencyUnavailable', 'x', {}, { 'Retry-After': later }),
      json(200, QUOTA),
    ]);
    const client = createApiClient({ baseUrl: 'http://h', apiKey: KEY, fetch, clock });
    await expect(client.quota()).resolves.toMatchObject({ ok: true });
    expect(clock.sleeps).toEqual([12_000]);
  });

  it('does not wait out a Retry-After longer than its budget, and reports it', async () => {
    const { client, clock } = setup([apiError(503, 'DependencyUnavailable', 'x', {}, { 'Retry-After': '120' })]);
    const result = await client.quota();
    expect(result).toMatchObject({ ok: false, failure: { kind: 'http', status: 503, retryAfterMs: 120_000 } });
    expect(clock.sleeps).toEqual([]);
  });

  it('retries RateLimited after its Retry-After, but never QuotaExceeded', async () => {
    const limited = setup([apiError(429, 'RateLimited', 'x', {}, { 'Retry-After': '2' }), json(200, QUOTA)]);
    await expect(limited.client.quota()).resolves.toMatchObject({ ok: true });
    expect(limited.clock.sleeps).toEqual([2000]);

    const exceeded = setup([apiError(429, 'QuotaExceeded', 'x', {}, { 'Retry-After': '2' })]);
    await expect(exceeded.client.quota()).resolves.toMatchObject({
      ok: false,
      failure: { error: { type: 'QuotaExceeded' } },
    });
    expect(exceeded.fetch.requests).toHaveLength(1);
  });

  it.each([
    [401, 'AuthenticationError'],
    [402, 'InsufficientCredits'],
    [404, 'NotFound'],
    [409, 'NoUsableSeat'],
    [422, 'ValidationError'],
    [500, 'InternalError'],
  ])('does not retry a %i %s, and parses its error body', async (status, type) => {
    const { client, fetch } = setup([apiError(status, type, 'said the service')]);
    const result = await client.quota();
    expect(result).toEqual({
      ok: false,
      failure: { kind: 'http', status, error: { type, message: 'said the service' } },
    });
    expect(fetch.requests).toHaveLength(1);
  });

  it('calls a success body that breaks the contract a bad response, without retrying', async () => {
    const { client, fetch } = setup([json(200, { success: true, quota: { credits: 'lots' } })]);
    await expect(client.quota()).resolves.toMatchObject({ ok: false, failure: { kind: 'bad_response', status: 200 } });
    expect(fetch.requests).toHaveLength(1);
  });

  it('keeps an error status whose body is not the contract’s, with no error', async () => {
    const { client } = setup([new Response('<h1>Not Found</h1>', { status: 404 })]);
    await expect(client.quota()).resolves.toEqual({ ok: false, failure: { kind: 'http', status: 404, error: null } });
  });

  it('retries a proxy’s 502 without a contract body', async () => {
    const { client, clock } = setup([new Response('Bad gateway', { status: 502 }), json(200, QUOTA)]);
    await expect(client.quota()).resolves.toMatchObject({ ok: true });
    expect(clock.sleeps).toHaveLength(1);
  });
});
