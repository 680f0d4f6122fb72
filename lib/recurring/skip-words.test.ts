import { describe, expect, it } from 'vitest';
import type { ScheduleView } from './schedule-view.ts';
import { skipNotice } from './skip-words.ts';

const DAY = 86_400_000;
const BASE: ScheduleView = {
  id: 's1',
  name: 'CTOs',
  frequency: 'weekly',
  paused: false,
  sourceUrl: 'https://www.linkedin.com/sales/search/people?savedSearchId=1',
  templateExtractionId: 't1',
  nextRunAt: Date.UTC(2026, 0, 29, 9),
  lastRunAt: null,
  skipped: null,
  createdAt: Date.UTC(2026, 0, 15, 9),
  runIds: [],
};
const SKIPPED_AT = Date.UTC(2026, 0, 22, 9);

describe('a skipped run, in the popup', () => {
  it('says why it was skipped and what to do, with the skipped run’s date', () => {
    const notice = skipNotice({ ...BASE, skipped: { at: SKIPPED_AT, reason: 'no_usable_seat' } });
    expect(notice).toEqual({
      message: `The run of ${new Date(SKIPPED_AT).toLocaleString()} was skipped: no connected Sales Navigator seat could run it.`,
      next: expect.stringContaining('press Reconnect above; the next run brings the leads it missed'),
    });
    expect(skipNotice({ ...BASE, skipped: { at: SKIPPED_AT, reason: 'insufficient_credits' } })?.next).toMatch(
      /^Add credits/,
    );
  });

  it('is old news once a run was made after it, and no news when none was skipped', () => {
    const skipped = { at: SKIPPED_AT, reason: 'no_usable_seat' as const };
    expect(skipNotice({ ...BASE, skipped, lastRunAt: SKIPPED_AT + 7 * DAY })).toBeNull();
    expect(skipNotice({ ...BASE, skipped, lastRunAt: SKIPPED_AT - 7 * DAY })).not.toBeNull();
    expect(skipNotice(BASE)).toBeNull();
  });
});
