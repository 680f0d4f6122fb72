import { z } from 'zod';
import { SeatStatusSchema } from './enums.ts';

/** One connected seat as the quota object reports it (api.md, SeatInfo). */
export const SeatInfoSchema = z
  .object({
    id: z.string(),
    status: SeatStatusSchema.meta({
      description: 'valid when the session is good; invalid when it must be reconnected.',
    }),
    daily_limit: z.int().nonnegative().meta({ description: '0 when invalid.' }),
    used_today: z.int().nonnegative().meta({ description: 'Profiles extracted in the last 24 hours.' }),
    remaining: z.int().nonnegative().meta({ description: 'Extractable in the next launch before the daily limit.' }),
  })
  .meta({ id: 'SeatInfo' });
export type SeatInfo = z.infer<typeof SeatInfoSchema>;

/** The account's quota (api.md, QuotaInfo). */
export const QuotaInfoSchema = z
  .object({
    daily_limit: z
      .int()
      .nonnegative()
      .meta({ description: 'Profiles extractable per day, summed across valid seats.' }),
    used_today: z
      .int()
      .nonnegative()
      .meta({ description: 'Profiles extracted in the last 24 hours across valid seats.' }),
    remaining: z.int().nonnegative().meta({
      description:
        'Still extractable today across valid seats; one extraction cannot exceed the remaining of one seat.',
    }),
    has_valid_seat: z.boolean(),
    credits: z.number().nonnegative().meta({ description: 'Credits available to spend on API operations.' }),
    seats: z.array(SeatInfoSchema).meta({ description: 'Every connected seat, valid or not.' }),
  })
  .meta({ id: 'QuotaInfo' });
export type QuotaInfo = z.infer<typeof QuotaInfoSchema>;

/** `GET /v1/quota/` response (decisions.md: the object sits under `quota`). */
export const QuotaOutSchema = z
  .object({
    success: z.literal(true),
    quota: QuotaInfoSchema,
  })
  .meta({ id: 'QuotaOut' });
export type QuotaOut = z.infer<typeof QuotaOutSchema>;
