import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  WebhookDeliveriesQuerySchema,
  WebhookDeliveryListOutSchema,
  WebhookSecretOutSchema,
} from '../../../../lib/contract/webhooks.ts';
import type { WebhookViews } from '../../webhooks/deliveries.ts';
import { authErrors, validatedErrors } from './common.ts';

/** Beyond the spec: the signing secret and the delivery log (docs/decisions.md, "Webhooks"). */
export const webhookRoutes =
  (views: WebhookViews): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/webhooks/secret/',
      {
        schema: {
          tags: ['Webhooks'],
          summary: "The account's current webhook signing secret (beyond the spec)",
          description:
            'Deliveries carry `webhook-id`, `webhook-timestamp` and `webhook-signature` (Standard Webhooks). Rotate with `leadforge webhooks secret --rotate`; the previous secret keeps signing for 24 h.',
          response: { 200: WebhookSecretOutSchema, ...authErrors },
        },
      },
      async (request) => views.secret(request.auth.accountId),
    );

    app.get(
      '/webhook-deliveries/',
      {
        schema: {
          tags: ['Webhooks'],
          summary: "A job's webhook deliveries with every attempt (beyond the spec)",
          querystring: WebhookDeliveriesQuerySchema,
          response: { 200: WebhookDeliveryListOutSchema, ...validatedErrors },
        },
      },
      async (request) => views.deliveries(request.auth.accountId, request.query.job_id),
    );
  };
