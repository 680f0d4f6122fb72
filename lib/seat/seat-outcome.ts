/** What a connect attempt or a fresh quota changes in the seat row: pure functions. */
import type { QuotaInfo } from '../contract/quota.ts';
import type { SeatOut } from '../contract/seats.ts';
import type { SeatRow } from '../db/rows.ts';
import type { Problem, ProblemKind } from '../problem.ts';

export interface ConnectOutcome {
  change: Partial<SeatRow>;
  problem: Problem | null;
  /** Whether to try again by itself later (the service may recover without the user). */
  retry: boolean;
}

/** Failures that time may cure; the others need the user (a key, a login, an upgrade). */
const TRANSIENT: ReadonlySet<ProblemKind> = new Set<ProblemKind>([
  'unreachable',
  'DependencyUnavailable',
  'InternalError',
  'RateLimited',
]);

export const connectOutcome = {
  connected(seat: SeatOut, sessionHash: string): ConnectOutcome {
    return {
      change: {
        status: seat.status === 'valid' ? 'connected' : 'needs-reconnect',
        seatId: seat.id,
        sessionHash,
        problem: null,
        failures: 0,
      },
      problem: null,
      retry: false,
    };
  },
  failed(problem: Problem, failures: number): ConnectOutcome {
    // The hash stays the one last connected, so the same new session is tried again next time.
    return { change: { status: 'failed', problem, failures }, problem, retry: TRANSIENT.has(problem.kind) };
  },
};

/** The service is the judge of a seat: a seat it marks invalid needs reconnecting, one it dropped is gone. */
export function reconcileWithQuota(row: SeatRow, quota: QuotaInfo): Partial<SeatRow> {
  if (row.seatId === null) return {};
  const seat = quota.seats.find((s) => s.id === row.seatId);
  if (!seat) {
    // Disconnected on the service: forget it, so the next sync connects the session afresh.
    return { seatId: null, sessionHash: null, status: row.status === 'logged-out' ? 'logged-out' : 'not-connected' };
  }
  if (seat.status === 'invalid' && row.status === 'connected') return { status: 'needs-reconnect' };
  if (seat.status === 'valid' && row.status === 'needs-reconnect') return { status: 'connected', problem: null };
  return {};
}
