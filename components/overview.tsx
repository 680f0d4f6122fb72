import type { Notice } from '../lib/popup/popup-store.ts';
import type { Snapshot } from '../lib/state/snapshot.ts';
import { NoticeBox } from './notice-box.tsx';
import { QuotaSummary } from './quota-summary.tsx';
import { SeatBanner } from './seat-banner.tsx';
import { SeatList } from './seat-list.tsx';

interface Props {
  snapshot: Snapshot;
  refreshing: boolean;
  reconnecting: boolean;
  notice: Notice | null;
  onRefresh(): void;
  onReconnect(seatId?: string): void;
}

/** The popup's main screen: this browser's seat, the quota, every seat. Cached numbers show at once. */
export function Overview({ snapshot, refreshing, reconnecting, notice, onRefresh, onReconnect }: Props) {
  const { quota, seat } = snapshot;
  return (
    <section class="overview">
      <SeatBanner seat={seat} reconnecting={reconnecting} onReconnect={() => onReconnect()} />
      {notice && <NoticeBox notice={notice} />}
      {quota ? (
        <>
          <QuotaSummary info={quota.info} />
          <h2 class="section-title">Seats</h2>
          <SeatList
            seats={quota.info.seats}
            ownSeatId={seat.seatId}
            reconnecting={reconnecting}
            onReconnect={(seatId) => onReconnect(seatId)}
          />
        </>
      ) : (
        <p class="muted">{refreshing ? 'Loading your quota…' : 'No quota to show yet.'}</p>
      )}
      <footer class="footer">
        <span class="muted" data-testid="freshness" role="status">
          {refreshing ? 'Refreshing…' : quota ? `Updated ${age(quota.fetchedAt)}` : ''}
        </span>
        <button type="button" class="link" onClick={onRefresh} disabled={refreshing} data-testid="refresh">
          Refresh
        </button>
      </footer>
    </section>
  );
}

function age(fetchedAt: number): string {
  const minutes = Math.floor((Date.now() - fetchedAt) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  return `at ${new Date(fetchedAt).toLocaleString()}`;
}
