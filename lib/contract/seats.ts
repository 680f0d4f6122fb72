import { z } from 'zod';
import { SeatStatusSchema } from './enums.ts';

/*
 * Seat endpoints: beyond the spec (the extension uses them to connect a Sales Navigator session).
 * Documented in docs/decisions.md and the OpenAPI document.
 */

/** Cookie values are opaque tokens: printable ASCII without spaces, quotes, commas or semicolons. */
const cookieToken = (name: string, min: number) =>
  z
    .string()
    .min(min, `must be at least ${min} characters (the ${name} cookie value)`)
    .max(4096)
    .regex(
      /^[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]+$/,
      `must be a cookie value (no spaces, quotes, commas or semicolons)`,
    );

export const SeatConnectInSchema = z
  .object({
    li_at: cookieToken('li_at', 20).meta({ description: 'The `li_at` session cookie of www.linkedin.com.' }),
    jsessionid: z
      .string()
      .regex(/^"?ajax:\d{5,30}"?$/, 'must be the JSESSIONID cookie, "ajax:" followed by digits')
      .transform((v) => v.replaceAll('"', ''))
      .meta({ description: 'The `JSESSIONID` cookie, with or without its quotes; its value is the csrf token.' }),
    li_a: cookieToken('li_a', 8)
      .optional()
      .meta({ description: 'The `li_a` Sales Navigator cookie, when the browser has one.' }),
    user_agent: z
      .string()
      .min(10)
      .max(1024)
      .regex(/^[\x20-\x7e]+$/, 'must be printable ASCII')
      .meta({ description: 'The User-Agent of the browser the cookies came from; replayed with them.' }),
    member_id: z
      .string()
      .regex(/^[A-Za-z0-9_:-]{1,100}$/, 'must be a sales-tool member id')
      .optional()
      .meta({
        description:
          'The sales-tool member the session belongs to, when the caller knows it. Connecting the same member again replaces its session.',
      }),
    label: z.string().min(1).max(255).optional().meta({ description: 'A name to show for the seat.' }),
    seat_id: z.string().max(64).optional().meta({
      description:
        'The seat this session reconnects (after a cookie rotation or a new login). Its session is replaced; 404 if the account has no such seat.',
    }),
  })
  .strict()
  .meta({ id: 'SeatConnectIn' });
export type SeatConnectIn = z.input<typeof SeatConnectInSchema>;

/** A seat as the seat endpoints show it: never its session. */
export const SeatOutSchema = z
  .object({
    id: z.string(),
    status: SeatStatusSchema,
    label: z.string().nullable(),
    member_id: z.string().nullable(),
    daily_limit: z.int().nonnegative(),
    used_today: z.int().nonnegative(),
    remaining: z.int().nonnegative(),
    invalid_reason: z.string().nullable().meta({ description: 'Why the seat turned invalid; null while valid.' }),
    connected_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'SeatOut' });
export type SeatOut = z.infer<typeof SeatOutSchema>;

export const SeatConnectOutSchema = z
  .object({
    success: z.literal(true),
    created: z.boolean().meta({ description: 'false when a seat of the same member was reconnected.' }),
    seat: SeatOutSchema,
  })
  .meta({ id: 'SeatConnectOut' });
export type SeatConnectOut = z.infer<typeof SeatConnectOutSchema>;

export const SeatListOutSchema = z.array(SeatOutSchema).meta({ id: 'SeatListOut' });

export const SeatIdParamsSchema = z.object({ seat_id: z.string().max(64) });

export const SeatDeleteOutSchema = z
  .object({ success: z.literal(true), seat_id: z.string(), disconnected: z.literal(true) })
  .meta({ id: 'SeatDeleteOut' });
export type SeatDeleteOut = z.infer<typeof SeatDeleteOutSchema>;
