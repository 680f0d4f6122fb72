import type { SeatView } from '../lib/state/snapshot.ts';
import { NoticeBox } from './notice-box.tsx';

interface Props {
  seat: SeatView;
  reconnecting: boolean;
  onReconnect(): void;
}

/** This browser's Sales Navigator session: connected, or what the user should do about it. */
export function SeatBanner({ seat, reconnecting, onReconnect }: Props) {
  const button = (label: string) => (
    <button
      type="button"
      class="button button-small"
      disabled={reconnecting}
      onClick={onReconnect}
      data-testid="reconnect"
    >
      {reconnecting ? 'Reconnecting…' : label}
    </button>
  );
  switch (seat.status) {
    case 'connected':
      return (
        <p class="banner banner-ok" data-testid="seat-banner" data-status={seat.status}>
          This browser’s Sales Navigator session is connected as a seat.
        </p>
      );
    case 'not-connected':
      return (
        <div class="banner" data-testid="seat-banner" data-status={seat.status}>
          <p>Log in to Sales Navigator in this browser: Leadforge connects your session as a seat by itself.</p>
          {seat.problem && <NoticeBox notice={seat.problem} testId="seat-notice" />}
        </div>
      );
    case 'logged-out':
      return (
        <div class="banner banner-alert" data-testid="seat-banner" data-status={seat.status}>
          <p>You are logged out of Sales Navigator in this browser.</p>
          <p>Log in again and Leadforge reconnects your seat by itself, or press Reconnect once you have.</p>
          {button('Reconnect')}
        </div>
      );
    case 'needs-reconnect':
      return (
        <div class="banner banner-alert" data-testid="seat-banner" data-status={seat.status}>
          <p>Your seat needs reconnecting: the service says its Sales Navigator session no longer works.</p>
          <p>Log in to Sales Navigator again in this browser, then press Reconnect.</p>
          {button('Reconnect')}
        </div>
      );
    case 'failed':
      return (
        <div class="banner banner-alert" data-testid="seat-banner" data-status={seat.status}>
          <p>Your Sales Navigator session could not be connected as a seat.</p>
          {seat.problem && <NoticeBox notice={seat.problem} testId="seat-notice" />}
          {button('Try again')}
        </div>
      );
  }
}
