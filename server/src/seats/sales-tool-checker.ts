/**
 * Checks a session against the sales tool before it becomes a seat, and tells whose it is: the
 * member (`/voyager/api/me`) and that the member has a Sales Navigator seat (one cheap sales-api
 * read: the tool answers 403 to members without one, §3). Test keys ask the sandbox's simulator,
 * live keys the real tool (LEADFORGE_SALESTOOL_URL).
 */
import { z } from 'zod';
import type { SalesToolAccess } from '../app/worlds.ts';
import { ApiError } from '../core/errors.ts';
import { SalesToolBadResponse, SalesToolRefused, SalesToolUnavailable, SessionDead } from '../salestool/errors.ts';
import { HttpFailure } from '../salestool/http.ts';
import { SalesToolSession } from '../salestool/session-client.ts';
import type { KeyKind } from '../store/schema.ts';
import type { SeatSession, SeatSessionChecker } from './session.ts';

/** [inf] Voyager's `me` (TQ conventions): `plainId`, or the member urn of `miniProfile`. */
const MeSchema = z.object({
  plainId: z.union([z.number(), z.string()]).optional(),
  miniProfile: z.object({ objectUrn: z.string().optional() }).loose().optional(),
});
export const ME_PATH = '/voyager/api/me';
/** The cheapest read that needs a seat: the first of the member's lead lists (§2.2). */
export const SEAT_PROBE_PATH =
  '/sales-api/salesApiLists?q=listType&listType=LEAD&listSources=List(MANUAL,SYSTEM)&start=0&count=1';

/** A connect is a person waiting: one quick retry, never the extraction's patient backoff. */
const CONNECT_RETRY = { attempts: 2, baseMs: 300, capMs: 1_000, maxRetryAfterMs: 2_000 };

export function salesToolSeatChecker(access: (mode: KeyKind) => Promise<SalesToolAccess>): SeatSessionChecker {
  return {
    async check(session: SeatSession, mode: KeyKind) {
      const { endpoint, agent } = await access(mode);
      const client = new SalesToolSession(session, { endpoint, agent, retry: CONNECT_RETRY, timeoutMs: 15_000 });
      try {
        const me = MeSchema.safeParse(await client.getJson(ME_PATH));
        const memberId = me.success ? memberIdOf(me.data) : undefined;
        if (!memberId) throw new SalesToolBadResponse('the sales tool did not say whose session this is');
        await client.getJson(SEAT_PROBE_PATH);
        return { memberId };
      } catch (error) {
        throw asApiError(error);
      } finally {
        client.close();
      }
    },
  };
}

function memberIdOf(me: z.infer<typeof MeSchema>): string | undefined {
  if (me.plainId !== undefined && /^\d+$/.test(String(me.plainId))) return String(me.plainId);
  return /^urn:li:member:(\d+)$/.exec(me.miniProfile?.objectUrn ?? '')?.[1];
}

function asApiError(error: unknown): unknown {
  if (error instanceof SessionDead) {
    const why =
      error.reason === 'forbidden'
        ? 'this LinkedIn account has no Sales Navigator seat'
        : 'the session is signed out or expired; sign in to Sales Navigator again and reconnect';
    return new ApiError('ValidationError', `body.li_at: the sales tool refused this session: ${why}.`, {
      details: [{ field: 'body.li_at', rule: 'session_rejected', message: why }],
    });
  }
  if (error instanceof SalesToolRefused) {
    return new ApiError('ValidationError', `body.li_at: the sales tool refused this session (${error.message}).`, {
      details: [{ field: 'body.li_at', rule: 'session_rejected', message: error.message }],
    });
  }
  if (error instanceof SalesToolUnavailable || error instanceof HttpFailure || error instanceof SalesToolBadResponse) {
    const retryAfter =
      error instanceof SalesToolUnavailable && error.retryAfterMs ? Math.ceil(error.retryAfterMs / 1000) : 30;
    return new ApiError(
      'DependencyUnavailable',
      `The sales tool could not check the session (${error.message}). Try again shortly.`,
      { headers: { 'Retry-After': String(retryAfter) } },
    );
  }
  return error;
}
