import type { QuotaInfo } from '../../../lib/contract/quota.ts';
import { type Clock, DAY_MS } from '../core/clock.ts';
import { newId } from '../core/ids.ts';
import { type SeatSummary, seatsWithUsageAndCredits } from '../store/quota-repo.ts';
import { recordUsage } from '../store/seat-usage-repo.ts';
import type { Store } from '../store/store.ts';
import type { Credits } from './credits.ts';

export interface SeatUsage {
  seat: SeatSummary;
  /** The seat's limit while valid; 0 when invalid (an invalid seat contributes nothing). */
  dailyLimit: number;
  usedToday: number;
  remaining: number;
}

/**
 * Per-seat daily quota over a rolling 24 hours (decisions.md, "Seats and quota"), from usage
 * events that the extraction work records as it produces profiles.
 */
export class Quota {
  constructor(
    private readonly store: Store,
    private readonly credits: Credits,
    private readonly clock: Clock,
  ) {}

  /** Adds `count` profiles to a seat's usage; idempotent under `key` (e.g. job id + page). */
  async record(seat: { id: string; account_id: string }, count: number, key: string): Promise<void> {
    await recordUsage(this.store.db, {
      id: newId(),
      seat_id: seat.id,
      account_id: seat.account_id,
      count,
      idempotency_key: key,
      created_at: this.clock.now(),
    });
  }

  /** Every connected seat of the account with its usage over the last 24 hours. */
  async seats(accountId: string): Promise<SeatUsage[]> {
    return (await this.read(accountId)).seats;
  }

  /** Seats with their usage, and the available credits: one query while the account has seats. */
  private async read(accountId: string): Promise<{ seats: SeatUsage[]; credits: number }> {
    const rows = await seatsWithUsageAndCredits(this.store.db, accountId, this.clock.now() - DAY_MS);
    const credits = rows[0]?.credits ?? (await this.credits.balance(accountId)).available;
    const seats = rows.map(({ used, credits: _, ...seat }) => {
      const dailyLimit = seat.status === 'valid' ? seat.daily_limit : 0;
      return { seat, dailyLimit, usedToday: used, remaining: Math.max(0, dailyLimit - used) };
    });
    return { seats, credits };
  }

  /** The quota object of `GET /v1/quota/`. */
  async info(accountId: string): Promise<QuotaInfo> {
    const { seats, credits } = await this.read(accountId);
    const valid = seats.filter((s) => s.seat.status === 'valid');
    const sum = (f: (s: SeatUsage) => number) => valid.reduce((n, s) => n + f(s), 0);
    return {
      daily_limit: sum((s) => s.dailyLimit),
      used_today: sum((s) => s.usedToday),
      remaining: sum((s) => s.remaining),
      has_valid_seat: valid.length > 0,
      credits,
      seats: seats.map((s) => ({
        id: s.seat.id,
        status: s.seat.status === 'valid' ? 'valid' : 'invalid',
        daily_limit: s.dailyLimit,
        used_today: s.usedToday,
        remaining: s.remaining,
      })),
    };
  }
}
