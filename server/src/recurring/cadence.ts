/**
 * When a schedule's runs fall. Runs fall on anchor + k intervals (k = 1, 2, …): days and weeks are
 * fixed lengths; a month is a calendar month, kept on the anchor's day of the month and clamped to
 * the month's last day (a schedule anchored on 31 January runs on 28 or 29 February, then 31 March).
 * Anchoring every run to the same origin, rather than adding an interval to the last run, keeps the
 * time of day and the day of the month from drifting however late a tick comes.
 */
import type { Frequency } from '../store/schema.ts';

const DAY_MS = 86_400_000;

/** The k-th run time after the anchor (k >= 0; k = 0 is the anchor itself). */
export function runTime(anchor: number, frequency: Frequency, k: number): number {
  if (frequency === 'daily') return anchor + k * DAY_MS;
  if (frequency === 'weekly') return anchor + k * 7 * DAY_MS;
  const a = new Date(anchor);
  const monthIndex = a.getUTCMonth() + k;
  const year = a.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(
    year,
    month,
    Math.min(a.getUTCDate(), lastDay),
    a.getUTCHours(),
    a.getUTCMinutes(),
    a.getUTCSeconds(),
    a.getUTCMilliseconds(),
  );
}

/** The first run time strictly after `t` (never the anchor itself). */
export function nextRunAfter(anchor: number, frequency: Frequency, t: number): number {
  if (t < anchor) return runTime(anchor, frequency, 1);
  const approx =
    frequency === 'monthly'
      ? Math.floor((t - anchor) / (28 * DAY_MS)) // an upper bound of the months elapsed
      : Math.floor((t - anchor) / (frequency === 'daily' ? DAY_MS : 7 * DAY_MS));
  let k = Math.max(1, approx);
  // Monthly: step back from the upper bound; fixed lengths: at most one step either way.
  while (k > 1 && runTime(anchor, frequency, k - 1) > t) k--;
  while (runTime(anchor, frequency, k) <= t) k++;
  return runTime(anchor, frequency, k);
}
