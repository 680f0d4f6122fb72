/**
 * A client for one seat's session with the sales tool's internal API (salestool-protocol.md §2.1):
 * the session cookies, `csrf-token` = JSESSIONID without its quotes, Rest.li 2.0, the User-Agent
 * of the browser the cookies came from. It retries what time may cure (429, 5xx, no answer) with
 * capped backoff and the tool's Retry-After, and turns a refused session (401, 403, a redirect to
 * a sign-in page) into SessionDead, telling `onSessionDead` first so the seat is marked invalid.
 */
import type https from 'node:https';
import { backoffDelay } from '../jobs/backoff.ts';
import type { SeatSession } from '../seats/session.ts';
import { parseRetryAfter } from '../webhooks/retry-schedule.ts';
import { SalesToolBadResponse, SalesToolRefused, SalesToolUnavailable, SessionDead } from './errors.ts';
import { agentFor, HttpFailure, httpRequest, type RawResponse, type SalesToolEndpoint } from './http.ts';
import { realSleep, type Sleep } from './pacing.ts';

export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  baseMs: number;
  capMs: number;
  /** A Retry-After longer than this is not waited out: the caller is told to come back later. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 5, baseMs: 1_000, capMs: 30_000, maxRetryAfterMs: 120_000 };

export interface SessionClientOptions {
  endpoint: SalesToolEndpoint;
  /** Shared by the clients of one endpoint (keep-alive); made per client when absent. */
  agent?: https.Agent;
  timeoutMs?: number;
  retry?: RetryPolicy;
  sleep?: Sleep;
  random?: () => number;
  now?: () => number;
  /** Told once, before SessionDead is thrown: the seat's owner marks it invalid here. */
  onSessionDead?: (error: SessionDead) => Promise<void>;
}

/** The headers every working client sends (§2.1: INFINITY, SNAPI, FAYK, TQ). */
const FIXED_HEADERS = {
  accept: 'application/json',
  'x-restli-protocol-version': '2.0.0',
  'x-li-lang': 'en_US',
} as const;

const RETRYABLE = (status: number) => status === 429 || (status >= 500 && status <= 599);

export class SalesToolSession {
  private current: SeatSession;
  private readonly agent: https.Agent;
  private readonly base: URL;
  private readonly retry: RetryPolicy;
  private readonly sleep: Sleep;
  private readonly random: () => number;
  private readonly now: () => number;
  private dead: SessionDead | null = null;
  /** onSessionDead's call, made once however many requests in flight were refused. */
  private deathNotice: Promise<void> | null = null;

  constructor(
    session: SeatSession,
    private readonly opts: SessionClientOptions,
  ) {
    this.current = { ...session, jsessionid: session.jsessionid.replaceAll('"', '') };
    this.agent = opts.agent ?? agentFor(opts.endpoint);
    this.base = new URL(opts.endpoint.baseUrl);
    this.retry = opts.retry ?? DEFAULT_RETRY;
    this.sleep = opts.sleep ?? realSleep;
    this.random = opts.random ?? Math.random;
    this.now = opts.now ?? Date.now;
  }

  /** The session as it stands, with any cookie the tool renewed during this client's life. */
  get session(): SeatSession {
    return { ...this.current };
  }

  /**
   * GETs `path` (from `/sales-api/…`, query string already encoded) and returns its JSON. Throws
   * SessionDead, SalesToolUnavailable, SalesToolRefused or SalesToolBadResponse.
   */
  async getJson(path: string): Promise<unknown> {
    const response = await this.get(path);
    try {
      return JSON.parse(response.body);
    } catch {
      throw new SalesToolBadResponse(`the answer to ${endpointName(path)} is not JSON`);
    }
  }

  /**
   * POSTs a JSON body to `path` and returns the answer's JSON (null when empty) and headers (a create: saving a search). Same
   * errors as getJson. Retried like a GET: a create the tool did not answer may be made twice,
   * which for a saved search costs one spare entry in the member's list, never a lost schedule.
   */
  async postJson(path: string, json: unknown): Promise<{ body: unknown; headers: RawResponse['headers'] }> {
    const response = await this.get(path, json);
    // Rest.li creates often answer 201 with no body, the new id in X-RestLi-Id.
    if (response.body.trim() === '') return { body: null, headers: response.headers };
    try {
      return { body: JSON.parse(response.body), headers: response.headers };
    } catch {
      throw new SalesToolBadResponse(`the answer to ${endpointName(path)} is not JSON`);
    }
  }

  private async get(path: string, json?: unknown): Promise<RawResponse> {
    if (this.dead) throw this.dead; // once refused, never sent again: a dead session stays dead
    const url = new URL(path, this.base);
    let lastRetryAfter: number | null = null;
    let lastProblem = '';
    let lastStatus: number | null = null;
    for (let attempt = 1; attempt <= this.retry.attempts; attempt++) {
      // Another request may have found the session dead while this one waited to retry.
      if (this.dead) throw this.dead;
      let response: RawResponse;
      try {
        response = await httpRequest(url, this.headers(), {
          ...(json !== undefined && { json }),
          agent: this.agent,
          timeoutMs: this.opts.timeoutMs ?? 30_000,
          ...(this.opts.endpoint.servername && { servername: this.opts.endpoint.servername }),
        });
      } catch (error) {
        if (!(error instanceof HttpFailure) || error.kind === 'too-large') throw error;
        lastProblem = error.message;
        lastStatus = null;
        lastRetryAfter = null;
        if (attempt < this.retry.attempts) await this.sleep(this.backoff(attempt));
        continue;
      }
      this.takeCookies(response);
      const { status } = response;
      if (status >= 200 && status < 300) return response;
      if (status >= 300 && status < 400) await this.die(new SessionDead('redirected', status, locationPath(response)));
      if (status === 401) await this.die(new SessionDead('unauthorized', status));
      if (status === 403) await this.die(new SessionDead('forbidden', status));
      if (!RETRYABLE(status)) {
        // 999 is LinkedIn's answer to addresses it blocks (§3): no retry soon will help.
        if (status === 999) throw new SalesToolUnavailable('the sales tool blocked this address (HTTP 999)', status);
        throw new SalesToolRefused(status, snippet(response.body));
      }
      lastStatus = status;
      lastProblem = `HTTP ${status}`;
      const header = response.headers['retry-after'];
      lastRetryAfter = parseRetryAfter(Array.isArray(header) ? header[0] : header, this.now());
      if (lastRetryAfter !== null && lastRetryAfter > this.retry.maxRetryAfterMs) break;
      if (attempt < this.retry.attempts) await this.sleep(lastRetryAfter ?? this.backoff(attempt));
    }
    throw new SalesToolUnavailable(
      `the sales tool did not answer ${endpointName(path)} (${lastProblem})`,
      lastStatus,
      lastRetryAfter,
    );
  }

  private headers(): Record<string, string> {
    const { li_at, jsessionid, li_a, user_agent } = this.current;
    // JSESSIONID travels quoted, as the browser stores it; the header carries it bare (§2.1).
    const cookies = [`li_at=${li_at}`, `JSESSIONID="${jsessionid}"`, ...(li_a ? [`li_a=${li_a}`] : [])];
    return { ...FIXED_HEADERS, cookie: cookies.join('; '), 'csrf-token': jsessionid, 'user-agent': user_agent };
  }

  private backoff(attempt: number): number {
    return backoffDelay(attempt, { baseMs: this.retry.baseMs, capMs: this.retry.capMs }, this.random);
  }

  private async die(error: SessionDead): Promise<never> {
    // Requests in flight together are refused together: the owner is told once, all see one error.
    if (!this.dead) {
      this.dead = error;
      this.deathNotice = this.opts.onSessionDead?.(error) ?? null;
    }
    await this.deathNotice;
    throw this.dead;
  }

  /** The tool renews session cookies now and then (the extension sees it as a rotation); keep up. */
  private takeCookies(response: RawResponse): void {
    for (const line of response.headers['set-cookie'] ?? []) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair
        .slice(eq + 1)
        .trim()
        .replaceAll('"', '');
      const removed = value === '' || attributes.some((a) => /^\s*max-age\s*=\s*0\s*$/i.test(a));
      if (removed || !/^[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]+$/.test(value)) continue;
      if (name === 'li_at') this.current.li_at = value;
      else if (name === 'JSESSIONID') this.current.jsessionid = value;
      else if (name === 'li_a') this.current.li_a = value;
    }
  }

  close(): void {
    if (!this.opts.agent) this.agent.destroy();
  }
}

/** The resource's name for messages: no query string (it can carry a member's search). */
function endpointName(path: string): string {
  return path.split('?')[0] ?? path;
}

function locationPath(response: RawResponse): string | undefined {
  const location = response.headers.location;
  if (!location) return undefined;
  try {
    return new URL(location, 'https://www.linkedin.com').pathname;
  } catch {
    return undefined;
  }
}

function snippet(body: string): string {
  return body.replace(/\s+/g, ' ').trim().slice(0, 300);
}
