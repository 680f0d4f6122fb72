/**
 * What the popup says about a run the service skipped (no seat, no credits), while that skip is
 * the schedule's latest news: a run made since means the trouble is over. The service keeps the
 * skipped run's leads for the next run, so the next step is to fix the cause, not to start over.
 * No DOM, no browser API.
 */
import type { ScheduleView, SkipReason } from './schedule-view.ts';

const WORDS: Record<SkipReason, { why: string; next: string }> = {
  no_usable_seat: {
    why: 'no connected Sales Navigator seat could run it',
    next: 'Log in to Sales Navigator in this browser and press Reconnect above; the next run brings the leads it missed.',
  },
  insufficient_credits: {
    why: 'your account had no credits',
    next: 'Add credits (leadforge credits grant); the next run brings the leads it missed.',
  },
};

export function skipNotice(schedule: ScheduleView): { message: string; next: string } | null {
  const { skipped, lastRunAt } = schedule;
  if (!skipped || (lastRunAt !== null && lastRunAt >= skipped.at)) return null;
  const { why, next } = WORDS[skipped.reason];
  return { message: `The run of ${new Date(skipped.at).toLocaleString()} was skipped: ${why}.`, next };
}
