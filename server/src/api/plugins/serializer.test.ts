import { describe, expect, it } from 'vitest';
import { QuotaOutSchema } from '../../../../lib/contract/quota.ts';
import { SeatListOutSchema } from '../../../../lib/contract/seats.ts';
import { WebhookDeliveryListOutSchema } from '../../../../lib/contract/webhooks.ts';
import { contractSerializer } from './serializer.ts';

const serializerFor = (schema: Parameters<typeof contractSerializer>[0]['schema']) =>
  contractSerializer({ schema, method: 'GET', url: '/', httpStatus: '200' });

describe('the response serializer', () => {
  it('writes what the contract declares and drops anything else', () => {
    const out = serializerFor(SeatListOutSchema)([
      {
        id: 's1',
        status: 'valid',
        label: null,
        member_id: null,
        daily_limit: 2500,
        used_today: 3,
        remaining: 2497,
        invalid_reason: null,
        connected_at: '2026-11-01T12:00:00.000Z',
        updated_at: '2026-11-01T12:00:00.000Z',
        session_sealed: 'v1.secret', // a field a handler must never expose
      },
    ]);
    const parsed = JSON.parse(out);
    expect(parsed[0]).not.toHaveProperty('session_sealed');
    expect(SeatListOutSchema.parse(parsed)).toEqual(parsed);
  });

  it('keeps nested objects, nulls and arrays as the contract has them', () => {
    const quota = {
      success: true,
      quota: {
        daily_limit: 2500,
        used_today: 1,
        remaining: 2499,
        has_valid_seat: true,
        credits: 12.5,
        seats: [{ id: 'a', status: 'invalid', daily_limit: 0, used_today: 1, remaining: 0, extra: 1 }],
      },
    };
    const parsed = JSON.parse(serializerFor(QuotaOutSchema)(quota));
    expect(QuotaOutSchema.parse(parsed)).toEqual(parsed);
    expect(parsed.quota.seats[0]).not.toHaveProperty('extra');
    expect(parsed.quota.credits).toBe(12.5);

    const deliveries = [
      {
        id: 'm',
        job_id: 'j',
        event_type: 'e',
        url: 'https://x.example/',
        state: 'failed',
        created_at: '2026-11-01T12:00:00.000Z',
        next_attempt_at: null,
        finished_at: '2026-11-01T12:00:01.000Z',
        attempts: [
          {
            attempt: 1,
            started_at: '2026-11-01T12:00:00.000Z',
            duration_ms: 3,
            outcome: 'blocked',
            response_status: null,
            response_body: null,
            error: 'resolves to a private address',
          },
        ],
      },
    ];
    expect(JSON.parse(serializerFor(WebhookDeliveryListOutSchema)(deliveries))).toEqual(deliveries);
  });
});
