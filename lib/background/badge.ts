/**
 * The toolbar icon's badge tells the seat's state when the popup is closed: nothing while all is
 * well, "!" when the user must act (logged out, seat invalid, connect failed).
 */
import type { SeatRow } from '../db/rows.ts';
import type { SeatStatus } from '../state/snapshot.ts';

export interface Badge {
  text: string;
  color: string;
  title: string;
}

const ALERT = '#b91c1c';

export function badgeFor(status: SeatStatus): Badge {
  switch (status) {
    case 'logged-out':
      return { text: '!', color: ALERT, title: 'Leadforge: logged out of Sales Navigator. Log in again to reconnect.' };
    case 'needs-reconnect':
      return { text: '!', color: ALERT, title: 'Leadforge: your seat needs reconnecting. Open Leadforge.' };
    case 'failed':
      return { text: '!', color: ALERT, title: 'Leadforge: your seat could not be connected. Open Leadforge.' };
    case 'connected':
    case 'not-connected':
      return { text: '', color: ALERT, title: 'Leadforge' };
  }
}

/** The slice of `browser.action` the badge uses. */
export interface ActionApi {
  setBadgeText(details: { text: string }): Promise<void>;
  setBadgeBackgroundColor(details: { color: string }): Promise<void>;
  setTitle(details: { title: string }): Promise<void>;
}

export async function showSeatBadge(action: ActionApi, row: SeatRow): Promise<void> {
  const badge = badgeFor(row.status);
  await Promise.all([
    action.setBadgeText({ text: badge.text }),
    action.setBadgeBackgroundColor({ color: badge.color }),
    action.setTitle({ title: badge.title }),
  ]);
}
