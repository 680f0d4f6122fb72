/**
 * A small in-memory stand-in for the companion service's /v1/quota/ and /v1/seats/, enough for
 * the background's logic: one account, one valid key, seats keyed by li_at as the service does;
 * its extractions (fake-extractions.ts) and recurring exports (fake-recurring.ts); and its
 * /v1/search-builder/, with the service's length rule and a fixed reading.
 */
import type { QuotaInfo } from '../../lib/contract/quota.ts';
import type { SeatOut } from '../../lib/contract/seats.ts';
import { buildSearchUrl } from '../../lib/salesnav/build-url.ts';
import { fakeExtractions } from './fake-extractions.ts';
import { apiError, json, type RecordedRequest, record } from './fake-fetch.ts';
import { fakeRecurring } from './fake-recurring.ts';

export const VALID_KEY = 'lf_test_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
export const BASE_URL = 'http://127.0.0.1:8080';

interface FakeSeat extends SeatOut {
  li_at: string;
}

export function fakeService(options: { credits?: number; now?: () => number } = {}) {
  const seats: FakeSeat[] = [];
  const clock = options.now ?? (() => Date.UTC(2026, 0, 15, 9, 0, 0));
  const extractions = fakeExtractions(clock);
  const recurring = fakeRecurring(clock, extractions);
  /** Finder and validation job lists; null: the endpoint does not exist (an older service). */
  const jobLists: { finder: unknown[] | null; validation: unknown[] | null } = { finder: [], validation: [] };
  /**
   * The search builder: what it answers for any description it accepts; `available: false` is a
   * service older than the endpoint (404), `url` replaces the URL it would build.
   */
  const searchBuilder: { available: boolean; url: string | null; filtersUsed: Record<string, string[]> } = {
    available: true,
    url: null,
    filtersUsed: { CURRENT_TITLE: ['Chief Technology Officer'], REGION: ['France', 'NOT Paris'] },
  };
  const requests: RecordedRequest[] = [];
  let down = false;
  let counter = 0;
  const now = () => new Date(Date.UTC(2026, 0, 15, 9, 0, counter)).toISOString();

  const quota = (): QuotaInfo => {
    const valid = seats.filter((s) => s.status === 'valid');
    const sum = (pick: (s: FakeSeat) => number) => valid.reduce((n, s) => n + pick(s), 0);
    return {
      daily_limit: sum((s) => s.daily_limit),
      used_today: sum((s) => s.used_today),
      remaining: sum((s) => s.remaining),
      has_valid_seat: valid.length > 0,
      credits: options.credits ?? 1000,
      seats: seats.map(({ id, status, daily_limit, used_today, remaining }) => ({
        id,
        status,
        daily_limit: status === 'valid' ? daily_limit : 0,
        used_today,
        remaining: status === 'valid' ? remaining : 0,
      })),
    };
  };

  const connect = (body: { li_at: string; seat_id?: string }) => {
    counter++;
    const target = body.seat_id ? seats.find((s) => s.id === body.seat_id) : seats.find((s) => s.li_at === body.li_at);
    if (body.seat_id && !target) return apiError(404, 'NotFound', 'Seat not found.');
    if (target) {
      Object.assign(target, { li_at: body.li_at, status: 'valid', invalid_reason: null, updated_at: now() });
      return json(200, { success: true, created: false, seat: publicSeat(target) });
    }
    const seat: FakeSeat = {
      id: `seat-${seats.length + 1}`,
      status: 'valid',
      label: null,
      member_id: null,
      daily_limit: 2500,
      used_today: 0,
      remaining: 2500,
      invalid_reason: null,
      connected_at: now(),
      updated_at: now(),
      li_at: body.li_at,
    };
    seats.push(seat);
    return json(201, { success: true, created: true, seat: publicSeat(seat) });
  };

  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    const request = record(url, init);
    requests.push(request);
    if (down) throw new TypeError('Failed to fetch');
    if (request.headers.authorization !== `Bearer ${VALID_KEY}`) return apiError(401, 'AuthenticationError');
    const path = new URL(url).pathname;
    if (path === '/v1/quota/' && request.method === 'GET') return json(200, { success: true, quota: quota() });
    if (path === '/v1/seats/' && request.method === 'POST') return connect(request.body as { li_at: string });
    if (path === '/v1/search-builder/' && request.method === 'POST' && searchBuilder.available) {
      return buildSearch(request.body as { description?: unknown; search_type?: unknown });
    }
    const schedule = recurring.handle(request, new URL(url));
    if (schedule) return schedule;
    const extraction = extractions.handle(request, new URL(url));
    if (extraction) return extraction;
    if (path === '/v1/email-finder/' && request.method === 'GET' && jobLists.finder) return json(200, jobLists.finder);
    if (path === '/v1/email-validation/' && request.method === 'GET' && jobLists.validation) {
      return json(200, jobLists.validation);
    }
    return apiError(404, 'NotFound');
  };

  /** The service's rules on the body (10 to 2000 characters once trimmed; LEAD or ACCOUNT), as its 422 words them. */
  const buildSearch = (body: { description?: unknown; search_type?: unknown }) => {
    const text = typeof body.description === 'string' ? body.description.trim() : '';
    const issue =
      text.length < 10
        ? {
            field: 'body.description',
            rule: 'too_small',
            message: 'Too small: expected string to have >=10 characters',
          }
        : text.length > 2000
          ? {
              field: 'body.description',
              rule: 'too_big',
              message: 'Too big: expected string to have <=2000 characters',
            }
          : body.search_type !== 'LEAD' && body.search_type !== 'ACCOUNT'
            ? { field: 'body.search_type', rule: 'invalid_value', message: 'Invalid option' }
            : null;
    if (issue) {
      return apiError(422, 'ValidationError', `Invalid request. ${issue.field}: ${issue.message} (${issue.rule})`, {
        details: [issue],
      });
    }
    const kind = body.search_type as 'LEAD' | 'ACCOUNT';
    const url = searchBuilder.url ?? buildSearchUrl(kind, { filters: [], keywords: text });
    return json(200, { success: true, url, filters_used: searchBuilder.filtersUsed });
  };

  return {
    fetch,
    requests,
    searchBuilder,
    seats,
    extractions,
    recurring,
    jobLists,
    connects: () => requests.filter((r) => r.method === 'POST'),
    setDown: (value: boolean) => {
      down = value;
    },
    invalidate: (id: string) => {
      const seat = seats.find((s) => s.id === id);
      if (seat) Object.assign(seat, { status: 'invalid', invalid_reason: 'expired' });
    },
  };
}

function publicSeat({ li_at: _, ...seat }: FakeSeat): SeatOut {
  return seat;
}
