/**
 * A seat's way to the sales tool: its session opened from the store, the world its key reaches
 * (the simulator for test keys, the real tool for live ones), pacing for live seats, and a dead
 * session turning the seat invalid at once (decisions.md, "Seats and quota").
 */
import type { SalesToolAccess } from '../app/worlds.ts';
import { SalesToolConnector } from '../salestool/connector.ts';
import type { SessionDead } from '../salestool/errors.ts';
import { pacerFor } from '../salestool/pacing.ts';
import { type RetryPolicy, SalesToolSession } from '../salestool/session-client.ts';
import type { Seats } from '../seats/seats.ts';
import type { KeyKind, SeatsTable } from '../store/schema.ts';

export interface SeatLink {
  connector: SalesToolConnector;
  close(): void;
}

export interface SeatLinkOptions {
  /** How the client retries what time may cure; the client's default (minutes, for jobs) when absent. */
  retry?: RetryPolicy;
}

export type SeatConnectorFactory = (seat: SeatsTable, mode: KeyKind, opts?: SeatLinkOptions) => Promise<SeatLink>;

export function seatConnectors(deps: {
  seats: Seats;
  salesTool(mode: KeyKind): Promise<SalesToolAccess>;
}): SeatConnectorFactory {
  return async (seat, mode, opts = {}) => {
    const access = await deps.salesTool(mode);
    const client = new SalesToolSession(deps.seats.openSession(seat), {
      endpoint: access.endpoint,
      agent: access.agent,
      ...(opts.retry && { retry: opts.retry }),
      onSessionDead: async (dead: SessionDead) => {
        await deps.seats.invalidate(seat.account_id, seat.id, dead.message).catch(() => {});
      },
    });
    return { connector: new SalesToolConnector(client, pacerFor(access.pacing)), close: () => client.close() };
  };
}
