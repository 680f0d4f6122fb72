import { describe, expect, it } from 'vitest';
import {
  ExtractionTimeSchema,
  formatExtractionTime,
  formatJobTime,
  JobTimeSchema,
  parseExtractionTime,
  parseJobTime,
} from './time.ts';

describe('formatExtractionTime', () => {
  it('writes YYYY-MM-DD HH:MM:SS+00:00 in UTC, dropping milliseconds', () => {
    expect(formatExtractionTime(new Date('2025-03-04T05:06:07.999Z'))).toBe('2025-03-04 05:06:07+00:00');
  });

  it('writes UTC whatever offset the Date was built from', () => {
    expect(formatExtractionTime(new Date('2025-12-31T23:30:00-02:00'))).toBe('2026-01-01 01:30:00+00:00');
  });

  it('produces what ExtractionTimeSchema accepts', () => {
    const out = formatExtractionTime(new Date(Date.UTC(2024, 1, 29, 0, 0, 0)));
    expect(out).toBe('2024-02-29 00:00:00+00:00');
    expect(ExtractionTimeSchema.safeParse(out).success).toBe(true);
  });

  it('throws on an invalid Date or a year outside 0000-9999', () => {
    expect(() => formatExtractionTime(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => formatExtractionTime(new Date('+010000-01-01T00:00:00Z'))).toThrow(RangeError);
  });
});

describe('ExtractionTimeSchema', () => {
  it.each([
    '2025-03-04T05:06:07+00:00',
    '2025-03-04 05:06:07Z',
    '2025-03-04 05:06:07.123+00:00',
    '2025-03-04 05:06:07+01:00',
    '2025-13-04 05:06:07+00:00',
    '2025-03-04 24:00:00+00:00',
    '2025-03-04',
  ])('rejects %s', (value) => {
    expect(ExtractionTimeSchema.safeParse(value).success).toBe(false);
  });
});

describe('parseExtractionTime', () => {
  it('round-trips formatExtractionTime', () => {
    const date = new Date('2025-07-01T12:34:56.000Z');
    expect(parseExtractionTime(formatExtractionTime(date)).toISOString()).toBe(date.toISOString());
  });

  it('rejects a day the month does not have and other formats', () => {
    expect(() => parseExtractionTime('2025-02-30 00:00:00+00:00')).toThrow(RangeError);
    expect(() => parseExtractionTime('2025-02-03T00:00:00Z')).toThrow(RangeError);
  });
});

describe('job times', () => {
  it('formatJobTime writes ISO 8601 with Z, which JobTimeSchema accepts', () => {
    const out = formatJobTime(new Date(Date.UTC(2025, 0, 2, 3, 4, 5, 6)));
    expect(out).toBe('2025-01-02T03:04:05.006Z');
    expect(JobTimeSchema.safeParse(out).success).toBe(true);
  });

  it('JobTimeSchema rejects offsets other than Z and the extraction format', () => {
    expect(JobTimeSchema.safeParse('2025-01-02T03:04:05+00:00').success).toBe(false);
    expect(JobTimeSchema.safeParse('2025-01-02 03:04:05+00:00').success).toBe(false);
  });

  it('parseJobTime reads what formatJobTime wrote and rejects the rest', () => {
    expect(parseJobTime('2025-01-02T03:04:05.006Z').getTime()).toBe(Date.UTC(2025, 0, 2, 3, 4, 5, 6));
    expect(() => parseJobTime('2025-02-30T00:00:00Z')).toThrow(RangeError);
    expect(() => parseJobTime('yesterday')).toThrow(RangeError);
  });
});
