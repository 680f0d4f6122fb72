import { describe, expect, it } from 'vitest';
import { nextRunAfter, runTime } from './cadence.ts';

const at = (iso: string) => Date.parse(iso);
const iso = (t: number) => new Date(t).toISOString();

describe('cadence', () => {
  it('keeps a monthly schedule on its day, clamped to short months', () => {
    const anchor = at('2027-01-31T09:30:00Z');
    const runs = [1, 2, 3, 13].map((k) => iso(runTime(anchor, 'monthly', k)));
    expect(runs).toEqual([
      '2027-02-28T09:30:00.000Z',
      '2027-03-31T09:30:00.000Z',
      '2027-04-30T09:30:00.000Z',
      '2028-02-29T09:30:00.000Z',
    ]);
  });

  it('gives the first run strictly after a time, on the anchor grid', () => {
    const anchor = at('2027-03-01T08:00:00Z');
    expect(iso(nextRunAfter(anchor, 'daily', anchor))).toBe('2027-03-02T08:00:00.000Z');
    expect(iso(nextRunAfter(anchor, 'daily', at('2027-03-05T08:00:00Z')))).toBe('2027-03-06T08:00:00.000Z');
    expect(iso(nextRunAfter(anchor, 'daily', at('2027-03-05T07:59:59Z')))).toBe('2027-03-05T08:00:00.000Z');
    expect(iso(nextRunAfter(anchor, 'weekly', at('2027-03-20T00:00:00Z')))).toBe('2027-03-22T08:00:00.000Z');
    expect(iso(nextRunAfter(anchor, 'monthly', at('2027-07-01T08:00:00Z')))).toBe('2027-08-01T08:00:00.000Z');
    expect(iso(nextRunAfter(anchor, 'monthly', at('2029-12-31T23:00:00Z')))).toBe('2030-01-01T08:00:00.000Z');
  });

  it('agrees with stepping run by run over years of every cadence', () => {
    const anchor = at('2027-01-31T23:59:00Z');
    for (const frequency of ['daily', 'weekly', 'monthly'] as const) {
      for (let k = 1; k < 40; k++) {
        const t = runTime(anchor, frequency, k);
        expect(nextRunAfter(anchor, frequency, t - 1)).toBe(t);
        expect(nextRunAfter(anchor, frequency, t)).toBe(runTime(anchor, frequency, k + 1));
      }
    }
  });
});
