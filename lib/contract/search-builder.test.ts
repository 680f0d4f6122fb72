import { describe, expect, it } from 'vitest';
import { SearchBuilderInSchema, SearchBuilderOutSchema } from './search-builder.ts';

describe('SearchBuilderIn', () => {
  it('takes a 10..2000 character description and LEAD or ACCOUNT', () => {
    expect(SearchBuilderInSchema.safeParse({ description: 'a'.repeat(10), search_type: 'LEAD' }).success).toBe(true);
    expect(SearchBuilderInSchema.safeParse({ description: 'a'.repeat(2000), search_type: 'ACCOUNT' }).success).toBe(
      true,
    );
  });

  it.each([
    { description: 'a'.repeat(9), search_type: 'LEAD' },
    { description: 'a'.repeat(2001), search_type: 'LEAD' },
    { description: `  ${'a'.repeat(8)}  `, search_type: 'LEAD' },
    { description: 'CTOs in Paris fintechs', search_type: 'lead' },
    { description: 'CTOs in Paris fintechs', search_type: 'PEOPLE' },
    { description: 'CTOs in Paris fintechs' },
    { description: 'CTOs in Paris fintechs', search_type: 'LEAD', limit: 5 },
  ])('rejects %o', (body) => {
    expect(SearchBuilderInSchema.safeParse(body).success).toBe(false);
  });
});

describe('SearchBuilderOut', () => {
  it('maps filter types to label lists', () => {
    const out = {
      success: true,
      url: 'https://www.linkedin.com/sales/search/people?query=x',
      filters_used: { CURRENT_TITLE: ['CTO', 'NOT Intern'], keywords: ['fintech'] },
    };
    expect(SearchBuilderOutSchema.parse(out)).toEqual(out);
    expect(SearchBuilderOutSchema.safeParse({ ...out, filters_used: { CURRENT_TITLE: 'CTO' } }).success).toBe(false);
  });
});
