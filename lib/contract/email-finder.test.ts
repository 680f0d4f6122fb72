import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  EmailFinderInSchema,
  EmailFinderJobInSchema,
  EmailFinderJobListItemSchema,
  EmailFinderJobOutSchema,
  EmailFinderListQuerySchema,
  EmailFinderOutSchema,
} from './email-finder.ts';

function issues(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

const person = { first_name: 'Jane', last_name: 'Doe', company_name: 'Acme', company_domain: 'acme.com' };

describe('EmailFinderIn', () => {
  it('takes a name with a company name, a domain, or both', () => {
    expect(EmailFinderInSchema.parse(person)).toEqual(person);
    expect(issues(EmailFinderInSchema, { first_name: 'Jane', last_name: 'Doe', company_name: 'Acme' })).toEqual([]);
    expect(issues(EmailFinderInSchema, { first_name: 'Jane', last_name: 'Doe', company_domain: 'acme.com' })).toEqual(
      [],
    );
  });

  it('needs at least one of company_name or company_domain (empty and null count as absent)', () => {
    const message = ': at least one of company_name or company_domain is required';
    expect(issues(EmailFinderInSchema, { first_name: 'Jane', last_name: 'Doe' })).toEqual([message]);
    expect(
      issues(EmailFinderInSchema, { first_name: 'Jane', last_name: 'Doe', company_name: ' ', company_domain: null }),
    ).toEqual([message]);
  });

  it('needs a first and a last name', () => {
    expect(issues(EmailFinderInSchema, { ...person, first_name: '' })[0]).toMatch(/^first_name: /);
    const { last_name: _, ...noLast } = person;
    expect(issues(EmailFinderInSchema, noLast)[0]).toMatch(/^last_name: /);
  });

  it.each(['https://acme.com', 'acme.com/about', 'acme.com:443', 'acme', 'jane@acme.com', 'acme..com', '-acme.com'])(
    'rejects company_domain %s',
    (company_domain) => {
      expect(issues(EmailFinderInSchema, { ...person, company_domain })).toEqual([
        'company_domain: must be a bare domain such as acme.com, without scheme or path',
      ]);
    },
  );

  it('takes sub-domains and punycode, trimmed and lower-cased', () => {
    expect(EmailFinderInSchema.parse({ ...person, company_domain: ' Mail.Acme.CO.uk ' }).company_domain).toBe(
      'mail.acme.co.uk',
    );
    expect(issues(EmailFinderInSchema, { ...person, company_domain: 'xn--mnchen-3ya.xn--p1ai' })).toEqual([]);
  });

  it('rejects unknown fields', () => {
    expect(EmailFinderInSchema.safeParse({ ...person, email: 'x@acme.com' }).success).toBe(false);
  });
});

describe('EmailFinderJobIn', () => {
  it('takes prospects alone (job_name and webhook_url optional)', () => {
    expect(EmailFinderJobInSchema.parse({ prospects: [person] })).toEqual({ prospects: [person] });
  });

  it('limits prospects to 1..10000', () => {
    expect(issues(EmailFinderJobInSchema, { prospects: Array(10_000).fill(person) })).toEqual([]);
    expect(issues(EmailFinderJobInSchema, { prospects: Array(10_001).fill(person) })[0]).toMatch(/^prospects: /);
    expect(issues(EmailFinderJobInSchema, { prospects: [] })[0]).toMatch(/^prospects: /);
  });

  it('names the failing prospect by index', () => {
    const found = issues(EmailFinderJobInSchema, {
      prospects: [person, { first_name: 'Al', last_name: 'Bo' }, { ...person, company_domain: 'http://x.io' }],
    });
    expect(found).toEqual([
      'prospects.1: at least one of company_name or company_domain is required',
      'prospects.2.company_domain: must be a bare domain such as acme.com, without scheme or path',
    ]);
  });

  it('rejects a non-http(s) webhook_url and unknown prospect fields', () => {
    expect(issues(EmailFinderJobInSchema, { prospects: [person], webhook_url: 'ftp://h.example.com' })[0]).toMatch(
      /^webhook_url: /,
    );
    expect(issues(EmailFinderJobInSchema, { prospects: [{ ...person, title: 'CTO' }] })[0]).toMatch(/^prospects\.0: /);
  });
});

describe('EmailFinderListQuery', () => {
  it('defaults and coerces limit and offset', () => {
    expect(EmailFinderListQuerySchema.parse({})).toEqual({ limit: 25, offset: 0 });
    expect(EmailFinderListQuerySchema.parse({ limit: '100', offset: '30' })).toEqual({ limit: 100, offset: 30 });
  });

  it.each([{ limit: '0' }, { limit: '101' }, { offset: '-1' }, { offset: '1.5' }])('rejects %o', (query) => {
    expect(EmailFinderListQuerySchema.safeParse(query).success).toBe(false);
  });
});

describe('finder responses', () => {
  const result = {
    id: 'p1',
    first_name: 'Jane',
    last_name: 'Doe',
    full_name: 'Jane Doe',
    company_name: 'Acme',
    company_domain: null,
    found_email: 'jane@acme.com',
    email_validity: 'safe',
    status: 'complete',
    error_message: null,
  };
  const t = '2025-03-04T05:06:07.000Z';

  it('EmailFinderOut carries the prospect result', () => {
    const out = { success: true, job_id: 'j1', prospect: result };
    expect(EmailFinderOutSchema.parse(out)).toEqual(out);
    expect(EmailFinderOutSchema.safeParse({ ...out, prospect: { ...result, email_validity: 'valid' } }).success).toBe(
      false,
    );
  });

  it('EmailFinderJobOut uses ISO times with Z and job_type email_finder', () => {
    const job = {
      id: 'j1',
      status: 'complete',
      created_at: t,
      updated_at: t,
      progress: 100,
      error_message: null,
      prospects: [result],
      job_type: 'email_finder',
    };
    expect(EmailFinderJobOutSchema.parse(job)).toEqual(job);
    expect(EmailFinderJobOutSchema.safeParse({ ...job, created_at: '2025-03-04 05:06:07+00:00' }).success).toBe(false);
    expect(EmailFinderJobOutSchema.safeParse({ ...job, job_type: 'email_validation' }).success).toBe(false);
  });

  it('EmailFinderJobListItem has an integer prospect_count', () => {
    const item = {
      id: 'j1',
      job_name: null,
      status: 'running',
      created_at: t,
      updated_at: t,
      progress: 10,
      error_message: null,
      prospect_count: 3,
      job_type: 'email_finder',
    };
    expect(EmailFinderJobListItemSchema.parse(item)).toEqual(item);
    expect(EmailFinderJobListItemSchema.safeParse({ ...item, prospect_count: '3' }).success).toBe(false);
  });
});
