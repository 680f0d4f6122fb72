import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  EmailValidationInSchema,
  EmailValidationJobInProgressOutSchema,
  EmailValidationJobInSchema,
  EmailValidationJobListItemSchema,
  EmailValidationJobOutSchema,
  EmailValidationListQuerySchema,
  EmailValidationOutSchema,
} from './email-validation.ts';

function issues(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('EmailValidationIn', () => {
  it('takes an address of up to 255 characters', () => {
    const longest = `${'a'.repeat(64)}@${'b'.repeat(186)}.com`;
    expect(longest).toHaveLength(255);
    expect(issues(EmailValidationInSchema, { email: longest })).toEqual([]);
    expect(issues(EmailValidationInSchema, { email: `a${longest}` })[0]).toMatch(/^email: /);
  });

  it.each(['', 'jane', 'jane@', '@acme.com', 'jane@acme', null])('rejects %o', (email) => {
    expect(issues(EmailValidationInSchema, { email })[0]).toMatch(/^email: /);
  });

  it('rejects unknown fields', () => {
    expect(EmailValidationInSchema.safeParse({ email: 'jane@acme.com', fast: true }).success).toBe(false);
  });
});

describe('EmailValidationJobIn', () => {
  const job = { job_name: 'List A', prospects: [{ email: 'jane@acme.com' }, { email: null }] };

  it('takes null addresses and a null webhook_url', () => {
    expect(EmailValidationJobInSchema.parse({ ...job, webhook_url: null })).toEqual({ ...job, webhook_url: null });
  });

  it('requires job_name, 1 to 255 characters', () => {
    expect(issues(EmailValidationJobInSchema, { prospects: job.prospects })[0]).toMatch(/^job_name: /);
    expect(issues(EmailValidationJobInSchema, { ...job, job_name: 'n'.repeat(256) })[0]).toMatch(/^job_name: /);
  });

  it('limits prospects to 1..100000', () => {
    const one = { email: 'jane@acme.com' };
    expect(issues(EmailValidationJobInSchema, { ...job, prospects: Array(100_000).fill(one) })).toEqual([]);
    expect(issues(EmailValidationJobInSchema, { ...job, prospects: Array(100_001).fill(one) })[0]).toMatch(
      /^prospects: /,
    );
    expect(issues(EmailValidationJobInSchema, { ...job, prospects: [] })[0]).toMatch(/^prospects: /);
  });

  it('names a malformed address by index, and a missing email key', () => {
    expect(
      issues(EmailValidationJobInSchema, { ...job, prospects: [{ email: 'ok@acme.com' }, { email: 'nope' }] }),
    ).toEqual(['prospects.1.email: must be an email address']);
    expect(issues(EmailValidationJobInSchema, { ...job, prospects: [{}] })[0]).toMatch(/^prospects\.0\.email: /);
  });

  it('limits webhook_url to http(s) and 500 characters', () => {
    expect(issues(EmailValidationJobInSchema, { ...job, webhook_url: 'ftp://h.example.com/x' })[0]).toMatch(
      /^webhook_url: /,
    );
    const long = `https://h.example.com/${'a'.repeat(479)}`;
    expect(long).toHaveLength(501);
    expect(issues(EmailValidationJobInSchema, { ...job, webhook_url: long })[0]).toMatch(/^webhook_url: /);
  });
});

describe('EmailValidationListQuery', () => {
  it('pages like the finder list', () => {
    expect(EmailValidationListQuerySchema.parse({ limit: '5' })).toEqual({ limit: 5, offset: 0 });
    expect(EmailValidationListQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });
});

describe('validation responses', () => {
  const t = '2025-03-04T05:06:07Z';

  it('EmailValidationOut: a verdict, or null with status failed; details optional', () => {
    const out = {
      success: true,
      job_id: 'j1',
      prospect: { email: 'jane@acme.com', email_validity: 'riskier', status: 'complete', error_message: null },
    };
    expect(EmailValidationOutSchema.parse(out)).toEqual(out);
    const withDetails = { ...out, prospect: { ...out.prospect, details: { catch_all: true, mx: ['mx1.acme.com'] } } };
    expect(EmailValidationOutSchema.parse(withDetails)).toEqual(withDetails);
    expect(
      EmailValidationOutSchema.safeParse({ ...out, prospect: { ...out.prospect, status: 'pending' } }).success,
    ).toBe(false);
  });

  it('EmailValidationJobOut carries prospect details and job_type email_validation', () => {
    const job = {
      id: 'j1',
      status: 'complete',
      created_at: t,
      updated_at: t,
      progress: 100,
      error_message: null,
      prospects: [
        { id: 'p1', email: 'jane@acme.com', email_validity: 'invalid', status: 'complete', error_message: null },
        { id: 'p2', email: null, email_validity: null, status: 'failed', error_message: 'no address' },
      ],
      job_type: 'email_validation',
    };
    expect(EmailValidationJobOutSchema.parse(job)).toEqual(job);
    expect(EmailValidationJobOutSchema.safeParse({ ...job, job_type: 'email_finder' }).success).toBe(false);
  });

  it('the 202 body is only for pending or running jobs', () => {
    const running = { id: 'j1', status: 'running', created_at: t, updated_at: t, progress: 50 };
    expect(EmailValidationJobInProgressOutSchema.safeParse(running).success).toBe(true);
    expect(EmailValidationJobInProgressOutSchema.safeParse({ ...running, status: 'complete' }).success).toBe(false);
  });

  it('EmailValidationJobListItem has a string prospect_count', () => {
    const item = {
      id: 'j1',
      status: 'pending',
      created_at: t,
      updated_at: t,
      progress: 0,
      error_message: null,
      prospect_count: '2',
      job_type: 'email_validation',
    };
    expect(EmailValidationJobListItemSchema.parse(item)).toEqual(item);
    expect(EmailValidationJobListItemSchema.safeParse({ ...item, prospect_count: 2 }).success).toBe(false);
    expect(EmailValidationJobListItemSchema.safeParse({ ...item, prospect_count: 'two' }).success).toBe(false);
  });
});
