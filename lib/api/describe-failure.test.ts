import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, type ErrorType, errorTypes } from '../contract/errors.ts';
import { describeFailure } from './describe-failure.ts';
import type { ApiFailure } from './failure.ts';

const SERVICE = 'http://127.0.0.1:8080';
const httpFailure = (type: ErrorType, extra: Partial<Extract<ApiFailure, { kind: 'http' }>> = {}): ApiFailure => ({
  kind: 'http',
  status: ERROR_STATUS[type],
  error: { type, message: 'the service’s own words' },
  ...extra,
});

describe('describeFailure', () => {
  it.each(errorTypes)('puts %s into a sentence with a next step', (type) => {
    const problem = describeFailure(httpFailure(type), SERVICE);
    expect(problem.kind).toBe(type);
    expect(problem.message).toMatch(/^[A-Z].+\.$/);
    expect(problem.next).toMatch(/^[A-Z].+\.$/);
    // Plain words: no error type names, no status codes.
    expect(`${problem.message} ${problem.next}`).not.toMatch(/[A-Z][a-z]+[A-Z][a-z]+Error|\b[45]\d\d\b/);
  });

  it.each<[ErrorType, RegExp, RegExp]>([
    ['AuthenticationError', /did not accept this API key/, /Check the key/],
    ['InsufficientCredits', /run out of credits/, /Add credits/],
    ['NoUsableSeat', /No Sales Navigator seat/, /Log in to Sales Navigator/],
    ['QuotaExceeded', /today’s extraction limit/, /Try again when the quota frees up/],
  ])('says what %s means for the user', (type, message, next) => {
    const problem = describeFailure(httpFailure(type), SERVICE);
    expect(problem.message).toMatch(message);
    expect(problem.next).toMatch(next);
  });

  it('names the service that does not answer', () => {
    expect(describeFailure({ kind: 'network', cause: 'Failed to fetch' }, SERVICE)).toEqual({
      kind: 'unreachable',
      message: 'The Leadforge service at http://127.0.0.1:8080 does not answer.',
      next: 'Start it (npm start) or check the address in Settings.',
    });
  });

  it('takes a proxy’s bodiless 502–504 for a service that is down', () => {
    expect(describeFailure({ kind: 'http', status: 504, error: null }, SERVICE).kind).toBe('unreachable');
  });

  it('says an address that answers otherwise is not a Leadforge service', () => {
    expect(describeFailure({ kind: 'http', status: 404, error: null }, SERVICE)).toMatchObject({
      kind: 'bad_response',
      message: 'The address http://127.0.0.1:8080 answered, but not as a Leadforge service.',
    });
    expect(describeFailure({ kind: 'bad_response', status: 200, cause: 'x' }, SERVICE).kind).toBe('bad_response');
  });

  it('adds how long the service asks to wait', () => {
    const problem = describeFailure(httpFailure('RateLimited', { retryAfterMs: 30_500 }), SERVICE);
    expect(problem.retryAfterSeconds).toBe(31);
    expect(problem.next).toMatch(/wait 31 s/);
  });

  it('explains a session already connected as another seat', () => {
    const failure = httpFailure('ValidationError');
    if (failure.kind === 'http' && failure.error) {
      failure.error.details = [
        { field: 'body.seat_id', rule: 'session_in_use', message: 'the session belongs to seat x' },
      ];
    }
    expect(describeFailure(failure, SERVICE)).toMatchObject({
      kind: 'session_in_use',
      message: 'This browser’s Sales Navigator session is already connected as another seat.',
    });
  });
});
