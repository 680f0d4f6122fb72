/**
 * The /v1 client. Only the background uses it. Every response is parsed with the contract in
 * lib/contract/ (success bodies with the endpoint's schema, failures with ErrorBodySchema);
 * 503s, gateway errors and network failures are retried with backoff, and Retry-After is honoured.
 */
import { ZodType, type z } from 'zod';
import type { Clock } from '../clock.ts';
import { ErrorBodySchema } from '../contract/errors.ts';
import { QuotaOutSchema } from '../contract/quota.ts';
import { type SeatConnectIn, SeatConnectOutSchema, SeatDeleteOutSchema, SeatListOutSchema } from '../contract/seats.ts';
import type { Problem } from '../problem.ts';
import { searchBuilderCalls } from '../search-builder/search-builder.ts';
import { extractionCalls, jobListCalls } from './extraction-calls.ts';
import type { ApiFailure, ApiResult } from './failure.ts';
import { recurringCalls } from './recurring-calls.ts';
import { DEFAULT_RETRY, parseRetryAfter, type RetryPolicy, retryDelay } from './retry.ts';

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface ApiClientConfig {
  /** Normalised, without a trailing slash (settings/base-url.ts). */
  baseUrl: string;
  apiKey: string;
  fetch: FetchLike;
  clock: Clock;
  random?: () => number;
  retry?: RetryPolicy;
  /** Per attempt; a timeout counts as a network failure. */
  timeoutMs?: number;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** A body schema, or one per success status when the status decides the shape (200 vs 202). */
type BodySchema = z.ZodType | { byStatus: Record<number, z.ZodType> };
type Parsed<S extends BodySchema> = S extends z.ZodType
  ? z.output<S>
  : S extends { byStatus: Record<number, infer T> }
    ? T extends z.ZodType
      ? z.output<T>
      : never
    : never;

interface CallOptions {
  /** Extra headers (Idempotency-Key). */
  headers?: Record<string, string>;
  /** Per attempt; the default is the client's. */
  timeoutMs?: number;
  /** false: one attempt, the caller decides what a failure means (creating something is not blindly repeated). */
  retry?: boolean;
}

export function createApiClient(config: ApiClientConfig) {
  const policy = config.retry ?? DEFAULT_RETRY;
  const random = config.random ?? Math.random;

  async function call<S extends BodySchema>(
    method: string,
    path: string,
    schema: S,
    body?: unknown,
    options: CallOptions = {},
  ): Promise<ApiResult<Parsed<S>>> {
    for (let attempt = 1; ; attempt++) {
      const result = await once(method, path, schema, body, options);
      if (result.ok || options.retry === false) return result;
      const wait = retryDelay(result.failure, attempt, policy, random);
      if (wait === null) return result;
      await config.clock.sleep(wait);
    }
  }

  async function once<S extends BodySchema>(
    method: string,
    path: string,
    schema: S,
    body: unknown,
    options: CallOptions,
  ): Promise<ApiResult<Parsed<S>>> {
    let response: Response;
    try {
      response = await config.fetch(`${config.baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${config.apiKey}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...options.headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        // The service authenticates by key; the browser's cookies for its host are not its business.
        credentials: 'omit',
        signal: AbortSignal.timeout(options.timeoutMs ?? config.timeoutMs ?? 15_000),
      });
    } catch (error) {
      return fail({ kind: 'network', cause: error instanceof Error ? error.message : String(error) });
    }
    const json = await readJson(response);
    if (response.ok) {
      const expected: z.ZodType | undefined =
        schema instanceof ZodType
          ? schema
          : (schema as { byStatus: Record<number, z.ZodType> }).byStatus[response.status];
      const parsed = expected?.safeParse(json);
      return parsed?.success
        ? { ok: true, status: response.status, data: parsed.data as Parsed<S> }
        : fail({ kind: 'bad_response', status: response.status, cause: 'the body does not match the contract' });
    }
    const error = ErrorBodySchema.safeParse(json);
    const retryAfterMs = parseRetryAfter(response.headers.get('Retry-After'), config.clock.now());
    return fail({
      kind: 'http',
      status: response.status,
      error: error.success ? error.data.error : null,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });
  }

  return {
    baseUrl: config.baseUrl,
    quota: () => call('GET', '/v1/quota/', QuotaOutSchema),
    connectSeat: (body: SeatConnectIn) => call('POST', '/v1/seats/', SeatConnectOutSchema, body),
    listSeats: () => call('GET', '/v1/seats/', SeatListOutSchema),
    deleteSeat: (seatId: string) => call('DELETE', `/v1/seats/${encodeURIComponent(seatId)}/`, SeatDeleteOutSchema),
    ...extractionCalls(call),
    ...jobListCalls(call),
    ...recurringCalls(call),
    ...searchBuilderCalls(call),
  };
}

/** The client's request function, as extraction-calls.ts and recurring-calls.ts build their endpoints on it. */
export type Call = <S extends BodySchema>(
  method: string,
  path: string,
  schema: S,
  body?: unknown,
  options?: CallOptions,
) => Promise<ApiResult<Parsed<S>>>;

function fail(failure: ApiFailure): { ok: false; failure: ApiFailure } {
  return { ok: false, failure };
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text());
  } catch {
    return undefined;
  }
}

/** A client for the configured service, or why there is none (no key yet, no permission). */
export type ApiAccess = { ok: true; client: ApiClient } | { ok: false; problem: Problem };
