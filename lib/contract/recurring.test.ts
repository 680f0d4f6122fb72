import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  RecurringExportCreateInSchema,
  RecurringExportCreateOutSchema,
  RecurringExportDeleteOutSchema,
  RecurringExportOutSchema,
  RecurringExportUpdateInSchema,
  ScheduleIdParamsSchema,
} from './recurring.ts';

function issues(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

const SEARCH_URL = 'https://www.linkedin.com/sales/search/people?savedSearchId=1234';

describe('RecurringExportCreateIn', () => {
  it('takes an extraction_id or a search url with a frequency', () => {
    expect(RecurringExportCreateInSchema.parse({ extraction_id: 'e1', frequency: 'weekly' })).toEqual({
      extraction_id: 'e1',
      frequency: 'weekly',
    });
    expect(RecurringExportCreateInSchema.parse({ url: SEARCH_URL, frequency: 'monthly', name: 'CTOs' })).toEqual({
      url: SEARCH_URL,
      frequency: 'monthly',
      name: 'CTOs',
    });
  });

  it('needs exactly one of extraction_id or url', () => {
    expect(issues(RecurringExportCreateInSchema, { frequency: 'daily' })).toEqual([
      ': exactly one of extraction_id or url is required',
    ]);
    expect(issues(RecurringExportCreateInSchema, { extraction_id: null, url: null, frequency: 'daily' })).toEqual([
      ': exactly one of extraction_id or url is required',
    ]);
    expect(issues(RecurringExportCreateInSchema, { extraction_id: 'e1', url: SEARCH_URL, frequency: 'daily' })).toEqual(
      ['url: exactly one of extraction_id or url is allowed; both were given'],
    );
  });

  it('accepts the frequency in upper case and stores it lower case', () => {
    expect(RecurringExportCreateInSchema.parse({ extraction_id: 'e1', frequency: 'DAILY' }).frequency).toBe('daily');
    expect(RecurringExportCreateInSchema.parse({ extraction_id: 'e1', frequency: 'Weekly' }).frequency).toBe('weekly');
  });

  it('rejects a missing or unknown frequency', () => {
    expect(issues(RecurringExportCreateInSchema, { extraction_id: 'e1' })[0]).toMatch(/^frequency: /);
    expect(issues(RecurringExportCreateInSchema, { extraction_id: 'e1', frequency: 'hourly' })[0]).toMatch(
      /^frequency: /,
    );
  });

  it.each([
    'https://www.linkedin.com/sales/lists/people/7012345',
    'https://www.linkedin.com/sales/lead/ACwAAAAbCdEfGh',
    'https://example.com/sales/search/people',
  ])('rejects %s as url', (url) => {
    expect(issues(RecurringExportCreateInSchema, { url, frequency: 'daily' })[0]).toMatch(/^url: /);
  });

  it('rejects unknown fields and a name over 255 characters', () => {
    expect(
      RecurringExportCreateInSchema.safeParse({ extraction_id: 'e1', frequency: 'daily', cadence: 'x' }).success,
    ).toBe(false);
    expect(
      issues(RecurringExportCreateInSchema, { extraction_id: 'e1', frequency: 'daily', name: 'n'.repeat(256) })[0],
    ).toMatch(/^name: /);
  });
});

describe('RecurringExportUpdateIn', () => {
  it('takes an empty body and each field alone', () => {
    expect(RecurringExportUpdateInSchema.parse({})).toEqual({});
    expect(RecurringExportUpdateInSchema.parse({ paused: true })).toEqual({ paused: true });
    expect(RecurringExportUpdateInSchema.parse({ frequency: 'MONTHLY' })).toEqual({ frequency: 'monthly' });
    expect(RecurringExportUpdateInSchema.parse({ name: ' Weekly CTOs ' })).toEqual({ name: 'Weekly CTOs' });
  });

  it('rejects wrong types and unknown fields', () => {
    expect(issues(RecurringExportUpdateInSchema, { paused: 'yes' })[0]).toMatch(/^paused: /);
    expect(issues(RecurringExportUpdateInSchema, { name: '' })[0]).toMatch(/^name: /);
    expect(
      RecurringExportUpdateInSchema.safeParse({ url: 'https://www.linkedin.com/sales/search/people' }).success,
    ).toBe(false);
  });
});

describe('recurring responses', () => {
  const record = {
    schedule_id: '0190b2c4-1234-7abc-8def-0123456789ab',
    name: 'CTOs',
    frequency: 'weekly',
    paused: false,
    source_url: SEARCH_URL,
    template_extraction_id: 'e1',
    next_run_at: '2025-03-11 05:06:07+00:00',
    last_run_at: null,
    created_at: '2025-03-04 05:06:07+00:00',
    run_ids: [],
  };

  it('RecurringExportOut takes the decided record and requires every field', () => {
    expect(RecurringExportOutSchema.parse(record)).toEqual(record);
    const { last_run_at: _, ...withoutLastRun } = record;
    expect(RecurringExportOutSchema.safeParse(withoutLastRun).success).toBe(false);
  });

  it('RecurringExportCreateOut adds created', () => {
    expect(RecurringExportCreateOutSchema.parse({ ...record, created: true })).toEqual({ ...record, created: true });
    expect(RecurringExportCreateOutSchema.safeParse(record).success).toBe(false);
  });

  it('RecurringExportDeleteOut is success, schedule_id, stopped', () => {
    const out = { success: true, schedule_id: record.schedule_id, stopped: true };
    expect(RecurringExportDeleteOutSchema.parse(out)).toEqual(out);
    expect(RecurringExportDeleteOutSchema.safeParse({ ...out, stopped: false }).success).toBe(false);
  });
});

describe('ScheduleIdParams', () => {
  it('takes a UUID, lower-cased, and rejects anything else', () => {
    expect(ScheduleIdParamsSchema.parse({ schedule_id: '0190B2C4-1234-7ABC-8DEF-0123456789AB' })).toEqual({
      schedule_id: '0190b2c4-1234-7abc-8def-0123456789ab',
    });
    expect(issues(ScheduleIdParamsSchema, { schedule_id: 'e1' })[0]).toMatch(/^schedule_id: /);
  });
});
