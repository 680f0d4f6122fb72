import type { Quota } from '../billing/quota.ts';
import { ApiError } from '../core/errors.ts';

/**
 * The account's valid seats, the one with the most quota left first (decisions.md), or a
 * preferred one first while it is still valid; 409 NoUsableSeat when there is none.
 */
export async function usableSeats(
  quota: Quota,
  accountId: string,
  preferred?: string,
): Promise<{ id: string; remaining: number }[]> {
  const valid = (await quota.seats(accountId))
    .filter((s) => s.seat.status === 'valid')
    .map((s) => ({ id: s.seat.id, remaining: s.remaining }))
    .sort((a, b) => Number(b.id === preferred) - Number(a.id === preferred) || b.remaining - a.remaining);
  if (valid.length === 0) {
    throw new ApiError(
      'NoUsableSeat',
      'No usable seat: connect a Sales Navigator session with the Leadforge extension (or reconnect an expired one).',
    );
  }
  return valid;
}
