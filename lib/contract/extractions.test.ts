import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ExtractionCreateOutSchema,
  ExtractionDetailOutSchema,
  ExtractionDetailQuerySchema,
  ExtractionIdParamsSchema,
  ExtractionInProgressOutSchema,
  ExtractionListItemOutSchema,
  ExtractionListQuerySchema,
  ProfileExtractionCreateInSchema,
  ProspectRecordSchema,
  SingleExtractionCreateInSchema,
  SingleExtractionOutSchema,
  UrlExtractionCreateInSchema,
} from './extractions.ts';

/** The failing fields of a parse, as `path: message`. */
function issues(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

const SEARCH_URL = 'https://www.linkedin.com/sales/search/people?query=(keywords%3Acto)';
const LEAD_URL = 'https://www.linkedin.com/sales/lead/ACwAAAAbCdEfGh,NAME_SEARCH,x1Yz';
const ACCOUNT_URL = 'https://www.linkedin.com/sales/company/1035';

describe('UrlExtractionCreateIn', () => {
  const valid = { linkedin_url: SEARCH_URL, search_name: 'CTOs' };

  it('takes a Sales Navigator URL and defaults enrich_email to none', () => {
    expect(UrlExtractionCreateInSchema.parse(valid)).toEqual({ ...valid, enrich_email: 'none' });
  });

  it.each([
    'https://www.linkedin.com/sales/search/company?query=(filters:List())',
    'https://www.linkedin.com/sales/search/people?savedSearchId=50452421',
    'https://www.linkedin.com/sales/lists/people/7371658687360155648',
    'https://www.linkedin.com/sales/lists/company/6723938983346360320',
  ])('takes %s', (linkedin_url) => {
    expect(issues(UrlExtractionCreateInSchema, { ...valid, linkedin_url })).toEqual([]);
  });

  it('reports one issue for something that is no URL at all', () => {
    expect(issues(UrlExtractionCreateInSchema, { ...valid, linkedin_url: 'sales navigator' })).toEqual([
      'linkedin_url: must be a URL',
    ]);
  });

  it('points a lead page to the single and profiles endpoints', () => {
    expect(issues(UrlExtractionCreateInSchema, { ...valid, linkedin_url: LEAD_URL })[0]).toMatch(
      /^linkedin_url: is a single lead or account page/,
    );
  });

  it.each([
    ['another host', 'https://example.com/sales/search/people'],
    ['a look-alike host', 'https://www.linkedin.com.evil.io/sales/search/people'],
    ['a path outside /sales/', 'https://www.linkedin.com/in/jane-doe'],
    ['no scheme', 'www.linkedin.com/sales/search/people'],
    ['another scheme', 'ftp://www.linkedin.com/sales/search/people'],
    ['plain http', 'http://www.linkedin.com/sales/search/people'],
    ['a Sales Navigator page that is no search or list', 'https://www.linkedin.com/sales/home'],
  ])('rejects %s, naming linkedin_url', (_, url) => {
    const found = issues(UrlExtractionCreateInSchema, { ...valid, linkedin_url: url });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((i) => i.startsWith('linkedin_url: '))).toBe(true);
  });

  it('limits search_name to 1..255 characters', () => {
    expect(issues(UrlExtractionCreateInSchema, { ...valid, search_name: 'a'.repeat(255) })).toEqual([]);
    expect(issues(UrlExtractionCreateInSchema, { ...valid, search_name: 'a'.repeat(256) })[0]).toMatch(
      /^search_name: /,
    );
    expect(issues(UrlExtractionCreateInSchema, { ...valid, search_name: '   ' })[0]).toMatch(/^search_name: /);
    expect(issues(UrlExtractionCreateInSchema, { linkedin_url: SEARCH_URL })[0]).toMatch(/^search_name: /);
  });

  it('takes http(s) webhook URLs of at most 500 characters (the service refuses http but to loopback); null means none', () => {
    const long = `https://hooks.example.com/${'a'.repeat(500 - 26)}`;
    expect(long).toHaveLength(500);
    expect(issues(UrlExtractionCreateInSchema, { ...valid, webhook_url: long })).toEqual([]);
    expect(issues(UrlExtractionCreateInSchema, { ...valid, webhook_url: `${long}a` })[0]).toMatch(/^webhook_url: /);
    expect(issues(UrlExtractionCreateInSchema, { ...valid, webhook_url: 'http://127.0.0.1:9/x' })).toEqual([]);
    expect(issues(UrlExtractionCreateInSchema, { ...valid, webhook_url: 'ftp://hooks.example.com/x' })[0]).toMatch(
      /^webhook_url: /,
    );
    expect(issues(UrlExtractionCreateInSchema, { ...valid, webhook_url: 'https:hooks.example.com' })[0]).toMatch(
      /^webhook_url: /,
    );
    expect(issues(UrlExtractionCreateInSchema, { ...valid, webhook_url: null })).toEqual([]);
  });

  it('rejects an unknown enrich_email and unknown fields', () => {
    expect(issues(UrlExtractionCreateInSchema, { ...valid, enrich_email: 'some' })[0]).toMatch(/^enrich_email: /);
    const result = UrlExtractionCreateInSchema.safeParse({ ...valid, name: 'x' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['name'] });
  });
});

describe('SingleExtractionCreateIn', () => {
  it('single: rejects a public /in/ URL with a message saying so', () => {
    const found = issues(SingleExtractionCreateInSchema, { profile_id: 'https://www.linkedin.com/in/jane-doe/' });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^profile_id: public \/in\/ profile URLs are not accepted/);
  });

  it('single: takes a lead URL, an account URL or a bare id', () => {
    for (const profile_id of [LEAD_URL, ACCOUNT_URL, 'ACwAAAAbCdEfGh']) {
      expect(SingleExtractionCreateInSchema.parse({ profile_id })).toEqual({ profile_id, enrich_email: 'none' });
    }
    expect(issues(SingleExtractionCreateInSchema, {})[0]).toMatch(/^profile_id: /);
  });
});

describe('ProfileExtractionCreateIn', () => {
  const body = (profile_ids: unknown) => ({ profile_ids, search_name: 'Batch' });

  it('takes 1 and 2500 entries', () => {
    expect(issues(ProfileExtractionCreateInSchema, body([LEAD_URL]))).toEqual([]);
    expect(issues(ProfileExtractionCreateInSchema, body(Array(2500).fill('ACwAAAAbCdEfGh')))).toEqual([]);
  });

  it('rejects 2501 entries and an empty list, naming profile_ids', () => {
    const tooMany = issues(ProfileExtractionCreateInSchema, body(Array(2501).fill('ACwAAAAbCdEfGh')));
    expect(tooMany).toHaveLength(1);
    expect(tooMany[0]).toMatch(/^profile_ids: .*2500/);
    expect(issues(ProfileExtractionCreateInSchema, body([]))[0]).toMatch(/^profile_ids: /);
  });

  it('names the failing entry by index', () => {
    const found = issues(ProfileExtractionCreateInSchema, body([LEAD_URL, 'https://www.linkedin.com/in/jane']));
    expect(found).toEqual([expect.stringMatching(/^profile_ids\.1: public \/in\//)]);
  });

  it('rejects leads mixed with accounts', () => {
    const found = issues(ProfileExtractionCreateInSchema, body([LEAD_URL, 'ACwAAAAxyz', ACCOUNT_URL]));
    expect(found).toEqual([
      'profile_ids: must be all leads or all accounts, never mixed (entry 0 is a lead, entry 2 an account)',
    ]);
    expect(issues(ProfileExtractionCreateInSchema, body([ACCOUNT_URL, '1036']))).toEqual([]);
  });
});

describe('ExtractionListQuery', () => {
  it('defaults start to 0 and limit to 25', () => {
    expect(ExtractionListQuerySchema.parse({})).toEqual({ start: 0, limit: 25 });
  });

  it('coerces the query strings to integers', () => {
    expect(ExtractionListQuerySchema.parse({ start: '50', limit: '100', status: 'completed' })).toEqual({
      start: 50,
      limit: 100,
      status: 'completed',
    });
  });

  it.each([
    [{ limit: '0' }, 'limit'],
    [{ limit: '101' }, 'limit'],
    [{ limit: '2.5' }, 'limit'],
    [{ limit: 'ten' }, 'limit'],
    [{ start: '-1' }, 'start'],
    [{ status: 'EXECUTED' }, 'status'],
    [{ status: 'done' }, 'status'],
  ])('rejects %o, naming %s', (query, field) => {
    expect(issues(ExtractionListQuerySchema, query)[0]).toMatch(new RegExp(`^${field}: `));
  });

  it('takes each lowercase status name', () => {
    for (const status of ['pending', 'scheduled', 'processing', 'completed', 'paused', 'failed']) {
      expect(ExtractionListQuerySchema.parse({ status }).status).toBe(status);
    }
  });

  it('rejects unknown parameters', () => {
    expect(ExtractionListQuerySchema.safeParse({ page: '2' }).success).toBe(false);
  });
});

describe('ExtractionDetailQuery', () => {
  it('leaves limit absent when absent, empty or null', () => {
    expect(ExtractionDetailQuerySchema.parse({})).toEqual({ start: 0 });
    expect(ExtractionDetailQuerySchema.parse({ limit: '' }).limit).toBeUndefined();
    expect(ExtractionDetailQuerySchema.parse({ limit: 'null' }).limit).toBeUndefined();
  });

  it('takes limit 0..2500', () => {
    expect(ExtractionDetailQuerySchema.parse({ start: '10', limit: '0' })).toEqual({ start: 10, limit: 0 });
    expect(ExtractionDetailQuerySchema.parse({ limit: '2500' }).limit).toBe(2500);
    expect(issues(ExtractionDetailQuerySchema, { limit: '2501' })[0]).toMatch(/^limit: /);
    expect(issues(ExtractionDetailQuerySchema, { limit: '-1' })[0]).toMatch(/^limit: /);
    expect(issues(ExtractionDetailQuerySchema, { limit: 'all' })[0]).toMatch(/^limit: /);
  });
});

describe('ExtractionIdParams', () => {
  it('takes any id string (unknown ids are a 404, not a 422)', () => {
    expect(ExtractionIdParamsSchema.parse({ extraction_id: 'not-a-uuid' })).toEqual({ extraction_id: 'not-a-uuid' });
    expect(ExtractionIdParamsSchema.safeParse({ extraction_id: 'x'.repeat(65) }).success).toBe(false);
  });
});

describe('extraction responses', () => {
  const time = '2025-03-04 05:06:07+00:00';

  it('ExtractionCreateOut fills its defaults', () => {
    expect(ExtractionCreateOutSchema.parse({ extraction_id: 'e1' })).toEqual({
      extraction_id: 'e1',
      success: true,
      message: '',
      status: '',
      count: 0,
    });
  });

  it('ExtractionListItemOut requires the extraction time format', () => {
    const item = { search_id: 'e1', status: 'EXECUTED', extraction_type: 'SEARCH', search_date_created: time };
    expect(ExtractionListItemOutSchema.parse(item)).toEqual({ ...item, search_name: '', total_prospects: 0 });
    expect(
      ExtractionListItemOutSchema.safeParse({ ...item, search_date_created: '2025-03-04T05:06:07Z' }).success,
    ).toBe(false);
  });

  it('ExtractionDetailOut is only for finished states; ExtractionInProgressOut only for running ones', () => {
    const detail = {
      search_id: 'e1',
      status: 'EXECUTED',
      extraction_type: 'LIST',
      progress: 100,
      created_at: time,
      completed_at: time,
      limit: null,
      prospects: [{ 'Full Name': 'Jane Doe', 'Matches Filters': true, Skills: ['Go', 'SQL'], Score: 3.5, Email: null }],
    };
    expect(ExtractionDetailOutSchema.parse(detail)).toMatchObject({
      failure_reason: '',
      start: 0,
      returned_count: 0,
      has_more: false,
    });
    expect(ExtractionDetailOutSchema.safeParse({ ...detail, status: 'EXECUTING' }).success).toBe(false);
    expect(ExtractionDetailOutSchema.safeParse({ ...detail, failure_reason: 'boom' }).success).toBe(false);
    expect(ExtractionDetailOutSchema.safeParse({ ...detail, progress: 101 }).success).toBe(false);

    const running = { search_id: 'e1', status: 'EXECUTING', progress: 40, extraction_type: 'SEARCH', created_at: time };
    expect(ExtractionInProgressOutSchema.safeParse(running).success).toBe(true);
    expect(ExtractionInProgressOutSchema.safeParse({ ...running, status: 'EXECUTED' }).success).toBe(false);
  });

  it('a prospect record holds JSON values only', () => {
    expect(ProspectRecordSchema.safeParse({ a: { b: [1, 'x', null, { c: false }] } }).success).toBe(true);
    expect(ProspectRecordSchema.safeParse({ a: undefined }).success).toBe(false);
    expect(ProspectRecordSchema.safeParse({ a: Number.NaN }).success).toBe(false);
    expect(ProspectRecordSchema.safeParse({ a: new Date(0) }).success).toBe(false);
  });

  it('SingleExtractionOut defaults prospect to an empty object', () => {
    expect(SingleExtractionOutSchema.parse({ extraction_id: 'e1' })).toEqual({
      extraction_id: 'e1',
      success: true,
      prospect: {},
    });
  });
});
