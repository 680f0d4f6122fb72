import { describe, expect, it } from 'vitest';
import { SCHEDULABLE_PAGE_KINDS } from '../contract/sales-urls.ts';
import type { RepeatOutcome } from '../messages.ts';
import { PAGE_KINDS } from '../salesnav/page-kind.ts';
import { canRepeat, REPEAT_CHOICES, repeatNote, repeatWords } from './repeat.ts';

const SCHEDULE = {
  id: 's1',
  name: 'CTOs',
  frequency: 'weekly' as const,
  paused: false,
  sourceUrl: 'https://www.linkedin.com/sales/search/people?savedSearchId=1',
  templateExtractionId: 'e1',
  nextRunAt: Date.UTC(2026, 0, 22, 9),
  lastRunAt: null,
  skipped: null,
  createdAt: Date.UTC(2026, 0, 15, 9),
  runIds: [],
};

describe('the in-page repeat choice', () => {
  it('is offered on exactly the pages the service schedules: people and company searches', () => {
    expect(PAGE_KINDS.filter(canRepeat)).toEqual([...SCHEDULABLE_PAGE_KINDS]);
  });

  it('defaults to Once, then daily, weekly, monthly', () => {
    expect(REPEAT_CHOICES.map((c) => c.label)).toEqual(['Once', 'Repeat daily', 'Repeat weekly', 'Repeat monthly']);
    expect(REPEAT_CHOICES[0]?.value).toBe('');
  });

  it('says before Start that every run is charged', () => {
    expect(repeatNote('monthly')).toMatch(/^Then again every month, .* each run uses credits and quota\.$/);
  });

  it('says when the next run is, or that the search was scheduled already', () => {
    const when = new Date(SCHEDULE.nextRunAt).toLocaleString();
    expect(repeatWords({ ok: true, created: true, schedule: SCHEDULE }, 'weekly')).toEqual({
      message: `It repeats every week; next run ${when}.`,
      next: 'Pause, rename or stop it in the Leadforge popup.',
    });
    expect(repeatWords({ ok: true, created: false, schedule: SCHEDULE }, 'weekly').message).toBe(
      `This search was scheduled already: it now repeats every week; next run ${when}.`,
    );
  });

  it('passes on why the repeat failed and what to do', () => {
    const failed: RepeatOutcome = {
      ok: false,
      problem: { kind: 'NoUsableSeat', message: 'No seat.', next: 'Reconnect, then press Schedule again.' },
    };
    expect(repeatWords(failed, 'daily')).toEqual({
      message: 'It could not be set to repeat every day: No seat.',
      next: 'Reconnect, then press Schedule again.',
    });
  });
});
