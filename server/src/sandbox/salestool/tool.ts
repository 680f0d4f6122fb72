/**
 * One simulated sales tool over a world: the ToolState its API and pages share. Sessions are
 * signed with a secret derived from the world's seed, so every simulator of the same world (the
 * service's own, `leadforge sandbox serve`, a test's) accepts the sessions the others issued: a
 * member signed in on the pages a person browses is a session the service can check.
 */
import { createHash } from 'node:crypto';
import { type Clock, systemClock } from '../../core/clock.ts';
import { buildSalesWorld } from '../world/sales-world.ts';
import type { World } from '../world/types.ts';
import { DEFAULT_RATE_LIMIT, type RateLimit, RateLimiter } from './rate-limit.ts';
import { SavedSearchStore } from './saved-searches.ts';
import { SearchEngine } from './search.ts';
import { DEFAULT_SESSION_TTL_MS, SessionStore } from './session.ts';
import type { DeadSessionAnswer, ToolState } from './state.ts';
import { ToolWorld } from './world-view.ts';

export interface ToolOptions {
  readonly world: World;
  /** The world's time: what the tool shows is the world at clock.now(). Default: the system clock. */
  readonly clock?: Clock;
  /** How a dead session is answered on the API (§3: 401, 403, or a redirect to /login). Default 401. */
  readonly deadSession?: DeadSessionAnswer;
  /** Per-member request budget; false turns 429s off. Default DEFAULT_RATE_LIMIT. */
  readonly rateLimit?: RateLimit | false;
  /**
   * The time the budget refills by. Default: real time, whatever the world's clock says. A test
   * moves its own clock from the client's sleep, so 429s and Retry-After play out without waiting.
   */
  readonly rateClock?: Clock;
  /** Share of profile reads answered 500, as some real ones are (§3). Default 0. */
  readonly profileErrorRate?: number;
  readonly sessionTtlMs?: number;
  /** Added before every answer, API and pages (LEADFORGE_SANDBOX_LATENCY_MS). Default 0. */
  readonly latencyMs?: number;
  /** Where searches saved through the API are kept, shared by every simulator given it. Default: memory only. */
  readonly savedSearchDir?: string;
}

/** The sandbox is no secret: the key only keeps a forged li_at from passing by accident. */
export function sessionSecret(seed: string): Buffer {
  return createHash('sha256').update(`leadforge-sandbox-sales-sessions:${seed}`).digest();
}

export function createToolState(options: ToolOptions): ToolState {
  const clock = options.clock ?? systemClock;
  const now = () => clock.now();
  const tool = new ToolWorld(buildSalesWorld(options.world));
  const sessionTtlMs = options.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS;
  return {
    tool,
    engine: new SearchEngine(tool),
    sessions: new SessionStore(sessionSecret(options.world.seed), sessionTtlMs, now),
    // The budget is real time, whatever the world's clock says: it paces a client's requests.
    limiter: new RateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMIT, () => (options.rateClock ?? systemClock).now()),
    clock,
    sessionTtlMs,
    latencyMs: options.latencyMs ?? 0,
    deadSession: options.deadSession ?? 401,
    profileErrorRate: options.profileErrorRate ?? 0,
    saved: new SavedSearchStore(options.savedSearchDir),
    lastViewed: new Map(),
    recorded: new Map(),
    counters: { recent: 0 },
  };
}
