import type { SeatInfo } from '../lib/contract/quota.ts';

interface Props {
  seats: SeatInfo[];
  /** The seat this browser's session is connected as, marked "this browser". */
  ownSeatId: string | null;
  reconnecting: boolean;
  onReconnect(seatId: string): void;
}

/** Every connected seat with its state; a seat the service marks invalid offers a reconnect. */
export function SeatList({ seats, ownSeatId, reconnecting, onReconnect }: Props) {
  if (seats.length === 0)
    return (
      <p class="muted" data-testid="no-seats">
        No seat is connected to your account yet.
      </p>
    );
  return (
    <ul class="seats">
      {seats.map((seat) => (
        <li key={seat.id} class="seat" data-testid="seat-row" data-seat-id={seat.id} data-status={seat.status}>
          <div class="seat-head">
            <span class="seat-name">
              {/* Ids are UUIDv7: the start is a timestamp that seats made together share, the end is random. */}
              Seat …{seat.id.slice(-6)}
              {seat.id === ownSeatId && <span class="tag">this browser</span>}
            </span>
            <span class={`status status-${seat.status}`} data-testid="seat-status">
              {seat.status === 'valid' ? 'Connected' : 'Needs reconnection'}
            </span>
          </div>
          {seat.status === 'valid' ? (
            <p class="seat-usage">
              {seat.used_today.toLocaleString('en-US')} of {seat.daily_limit.toLocaleString('en-US')} used today,{' '}
              {seat.remaining.toLocaleString('en-US')} left
            </p>
          ) : seat.id === ownSeatId ? (
            // This browser's own seat: the banner above already says what to do, with its button.
            <p class="seat-usage">Its Sales Navigator session no longer works (see above).</p>
          ) : (
            <div class="seat-invalid">
              <p class="seat-usage">
                Its Sales Navigator session no longer works. Log in to Sales Navigator in this browser as this seat’s
                user, then press Reconnect.
              </p>
              <button
                type="button"
                class="button button-small"
                disabled={reconnecting}
                onClick={() => onReconnect(seat.id)}
                data-testid="reconnect-seat"
              >
                {reconnecting ? 'Reconnecting…' : 'Reconnect'}
              </button>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
