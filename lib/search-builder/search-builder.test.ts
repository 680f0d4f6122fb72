import { describe, expect, it } from 'vitest';
import { BuildSearchMessage, chipsOf, describeBuildFailure, filterTypeName } from './search-builder.ts';

describe('search builder (extension side)', () => {
  it('turns filters_used into chips, NOT labels as excluded chips', () => {
    expect(chipsOf({ REGION: ['France', 'NOT Paris'], keywords: ['rust'] })).toEqual([
      { type: 'REGION', label: 'France', excluded: false },
      { type: 'REGION', label: 'Paris', excluded: true },
      { type: 'keywords', label: 'rust', excluded: false },
    ]);
    expect(filterTypeName('CURRENT_TITLE')).toBe('Title');
    expect(filterTypeName('NUM_OF_FOLLOWERS')).toBe('Num of followers');
  });

  it('the popup’s message carries a description of up to 2000 characters and LEAD or ACCOUNT', () => {
    expect(
      BuildSearchMessage.safeParse({ type: 'build-search', description: 'CTOs in Berlin', searchType: 'LEAD' }).success,
    ).toBe(true);
    // Too short is the service's to say (its 422, in words below), not a malformed message.
    expect(
      BuildSearchMessage.safeParse({ type: 'build-search', description: 'short', searchType: 'LEAD' }).success,
    ).toBe(true);
    expect(
      BuildSearchMessage.safeParse({ type: 'build-search', description: 'x'.repeat(2001), searchType: 'LEAD' }).success,
    ).toBe(false);
    expect(
      BuildSearchMessage.safeParse({ type: 'build-search', description: 'CTOs in Berlin', searchType: 'PEOPLE' })
        .success,
    ).toBe(false);
  });

  it('words the service’s refusals of a description', () => {
    const refusal = (field: string, rule: string) =>
      describeBuildFailure(
        {
          kind: 'http',
          status: 422,
          error: { type: 'ValidationError', message: 'Invalid request.', details: [{ field, rule, message: 'x' }] },
        },
        'http://127.0.0.1:8080',
      );
    expect(refusal('body.description', 'too_small').message).toMatch(/^The description is too short/);
    expect(refusal('body.description', 'too_big')).toEqual({
      kind: 'ValidationError',
      message: 'The description is too long: the search builder reads at most 2,000 characters.',
      next: 'Shorten it to the people or companies you want, then press Build search again.',
    });
    // Anything else is an extension and a service out of step.
    expect(refusal('body.search_type', 'invalid_value').next).toMatch(/^Update the extension and the service/);
  });
});
