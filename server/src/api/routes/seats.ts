import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SeatConnectInSchema,
  SeatConnectOutSchema,
  SeatDeleteOutSchema,
  SeatIdParamsSchema,
  SeatListOutSchema,
} from '../../../../lib/contract/seats.ts';
import type { Seats } from '../../seats/seats.ts';
import { authErrors, ErrorBodySchema, validatedErrors } from './common.ts';

/** Beyond the spec: the extension connects and reconnects seats here (docs/decisions.md). */
export const seatRoutes =
  (seats: Seats): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/seats/',
      {
        schema: {
          tags: ['Seats'],
          summary: 'Connect a sales-tool seat from its session cookies (beyond the spec)',
          description:
            'Connecting the same member again replaces its stored session (200, created false) instead of adding a seat (201). The session is stored encrypted and never returned.',
          body: SeatConnectInSchema,
          response: { 200: SeatConnectOutSchema, 201: SeatConnectOutSchema, ...validatedErrors },
        },
      },
      async (request, reply) => {
        const result = await seats.connect(request.auth, request.body);
        return reply.code(result.created ? 201 : 200).send({ success: true as const, ...result });
      },
    );

    app.get(
      '/seats/',
      {
        schema: {
          tags: ['Seats'],
          summary: 'List connected seats, without their sessions (beyond the spec)',
          response: { 200: SeatListOutSchema, ...authErrors },
        },
      },
      async (request) => seats.list(request.auth.accountId),
    );

    app.delete(
      '/seats/:seat_id/',
      {
        schema: {
          tags: ['Seats'],
          summary: 'Disconnect a seat (beyond the spec)',
          params: SeatIdParamsSchema,
          response: { 200: SeatDeleteOutSchema, 404: ErrorBodySchema, ...validatedErrors },
        },
      },
      async (request) => {
        await seats.disconnect(request.auth.accountId, request.params.seat_id);
        return { success: true as const, seat_id: request.params.seat_id, disconnected: true as const };
      },
    );
  };
