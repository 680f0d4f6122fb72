import type { Kysely } from 'kysely';
import type { SeatConnectIn, SeatOut } from '../../../lib/contract/seats.ts';
import type { AuthContext } from '../accounts/accounts.ts';
import type { Quota, SeatUsage } from '../billing/quota.ts';
import { type Clock, isoZ } from '../core/clock.ts';
import { ApiError, notFound } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import type { SecretBox } from '../core/secret-box.ts';
import type { DB } from '../store/schema.ts';
import { connectedSeat, insertSeat, type SeatRow, seatById, seatByMember, updateSeat } from '../store/seats-repo.ts';
import { type Store, writeTransaction } from '../store/store.ts';
import { memberKey, type SeatSession, type SeatSessionChecker } from './session.ts';

/** Connects, lists, disconnects and invalidates seats; keeps their sessions sealed at rest. */
export class Seats {
  constructor(
    private readonly store: Store,
    private readonly quota: Quota,
    private readonly box: SecretBox,
    private readonly checker: SeatSessionChecker,
    private readonly clock: Clock,
    private readonly defaultDailyLimit: number,
  ) {}

  /** Connects a session; the same member connected again replaces its stored session. */
  async connect(auth: AuthContext, input: SeatConnectIn): Promise<{ created: boolean; seat: SeatOut }> {
    const session: SeatSession = {
      li_at: input.li_at,
      jsessionid: input.jsessionid.replaceAll('"', ''),
      ...(input.li_a ? { li_a: input.li_a } : {}),
      user_agent: input.user_agent,
    };
    const checked = await this.checker.check(session, auth.mode);
    const memberId = checked.memberId ?? input.member_id ?? null;
    const key = memberKey(memberId, session);
    const now = this.clock.now();

    const { id, created } = await writeTransaction(this.store, auth.accountId, async (tx) => {
      const existing = input.seat_id
        ? await this.reconnectTarget(tx, auth.accountId, input.seat_id, key)
        : await seatByMember(tx, auth.accountId, key);
      const id = existing?.id ?? newId();
      const sealed = this.box.seal(JSON.stringify(session), id);
      if (existing) {
        await updateSeat(tx, id, {
          session_sealed: sealed,
          status: 'valid',
          invalid_reason: null,
          member_id: memberId ?? existing.member_id,
          member_key: existing.member_key.startsWith('member:') && !memberId ? existing.member_key : key,
          label: input.label ?? existing.label,
          // A seat disconnected earlier comes back as newly connected.
          connected_at: existing.status === 'disconnected' ? now : existing.connected_at,
          updated_at: now,
        });
        return { id, created: false };
      }
      await insertSeat(tx, {
        id,
        account_id: auth.accountId,
        member_key: key,
        member_id: memberId,
        label: input.label ?? null,
        status: 'valid',
        invalid_reason: null,
        daily_limit: this.defaultDailyLimit,
        session_sealed: sealed,
        connected_at: now,
        updated_at: now,
      });
      return { id, created: true };
    });
    return { created, seat: await this.get(auth.accountId, id) };
  }

  /**
   * The seat a reconnect names. Until the sales tool tells members apart (issue 7), the caller's
   * word that this is the same seat is taken; another seat already holding this exact session is
   * a conflict the caller cannot mean, so it is refused.
   */
  private async reconnectTarget(tx: Kysely<DB>, accountId: string, seatId: string, key: string): Promise<SeatRow> {
    const seat = await seatById(tx, accountId, seatId);
    if (!seat) throw notFound('Seat');
    const holder = await seatByMember(tx, accountId, key);
    if (holder && holder.id !== seat.id) {
      throw new ApiError('ValidationError', 'This session is already connected as another seat.', {
        details: [
          { field: 'body.seat_id', rule: 'session_in_use', message: `the session belongs to seat ${holder.id}` },
        ],
      });
    }
    return seat;
  }

  async list(accountId: string): Promise<SeatOut[]> {
    return (await this.quota.seats(accountId)).map(toSeatOut);
  }

  async get(accountId: string, seatId: string): Promise<SeatOut> {
    const found = (await this.quota.seats(accountId)).find((s) => s.seat.id === seatId);
    if (!found) throw notFound('Seat');
    return toSeatOut(found);
  }

  async disconnect(accountId: string, seatId: string): Promise<void> {
    const seat = await connectedSeat(this.store.db, accountId, seatId);
    if (!seat) throw notFound('Seat');
    // The row stays (status disconnected) so the member's usage keeps counting if it reconnects.
    await updateSeat(this.store.db, seatId, { status: 'disconnected', updated_at: this.clock.now() });
  }

  /** Marks a seat as needing reconnection (the sales tool rejected its session, or an operator said so). */
  async invalidate(accountId: string, seatId: string, reason: string): Promise<void> {
    const seat = await connectedSeat(this.store.db, accountId, seatId);
    if (!seat) throw notFound('Seat');
    await updateSeat(this.store.db, seatId, {
      status: 'invalid',
      invalid_reason: reason,
      updated_at: this.clock.now(),
    });
  }

  /** The session of a seat, for the code that talks to the sales tool. Never logged, never sent to a caller. */
  openSession(seat: SeatRow): SeatSession {
    return JSON.parse(this.box.open(seat.session_sealed, seat.id)) as SeatSession;
  }
}

function toSeatOut(s: SeatUsage): SeatOut {
  return {
    id: s.seat.id,
    status: s.seat.status === 'valid' ? 'valid' : 'invalid',
    label: s.seat.label,
    member_id: s.seat.member_id,
    daily_limit: s.dailyLimit,
    used_today: s.usedToday,
    remaining: s.remaining,
    invalid_reason: s.seat.invalid_reason,
    connected_at: isoZ(s.seat.connected_at),
    updated_at: isoZ(s.seat.updated_at),
  };
}
