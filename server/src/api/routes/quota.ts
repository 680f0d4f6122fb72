import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { QuotaOutSchema } from '../../../../lib/contract/quota.ts';
import type { Quota } from '../../billing/quota.ts';
import { authErrors } from './common.ts';

export const quotaRoutes =
  (quota: Quota): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/quota/',
      {
        schema: {
          tags: ['Account'],
          summary: 'Daily extraction quota, credit balance and the state of each seat',
          response: { 200: QuotaOutSchema, ...authErrors },
        },
      },
      async (request) => ({ success: true as const, quota: await quota.info(request.auth.accountId) }),
    );
  };
