import { z } from 'zod';

/*
 * Webhook endpoints: beyond the spec (docs/decisions.md, "Webhooks"). Deliveries are signed as
 * Standard Webhooks says, with the account's secret.
 */

export const WebhookSecretOutSchema = z
  .object({
    success: z.literal(true),
    secret: z.string().meta({ description: 'The current signing secret, `whsec_` + base64.' }),
    created_at: z.iso.datetime(),
    previous_secret_expires_at: z.iso
      .datetime()
      .nullable()
      .meta({ description: 'After a rotation, when the previous secret stops signing (24 h later); null otherwise.' }),
  })
  .meta({ id: 'WebhookSecretOut' });
export type WebhookSecretOut = z.infer<typeof WebhookSecretOutSchema>;

export const WebhookDeliveriesQuerySchema = z
  .object({
    job_id: z.string().min(1).max(64).meta({ description: 'The job whose deliveries to list.' }),
  })
  .strict();

export const WebhookAttemptOutSchema = z
  .object({
    attempt: z.int().positive(),
    started_at: z.iso.datetime(),
    duration_ms: z.int().nonnegative(),
    outcome: z.enum(['success', 'http_error', 'timeout', 'network_error', 'blocked']),
    response_status: z.int().nullable(),
    response_body: z.string().nullable().meta({ description: 'The first 1 KB of the response body.' }),
    error: z.string().nullable(),
  })
  .meta({ id: 'WebhookAttemptOut' });

export const WebhookDeliveryOutSchema = z
  .object({
    id: z.string().meta({ description: 'The `webhook-id` header of every attempt: receivers dedupe on it.' }),
    job_id: z.string(),
    event_type: z.string(),
    url: z.string(),
    state: z.enum(['pending', 'delivered', 'failed']),
    created_at: z.iso.datetime(),
    next_attempt_at: z.iso.datetime().nullable(),
    finished_at: z.iso.datetime().nullable(),
    attempts: z.array(WebhookAttemptOutSchema),
  })
  .meta({ id: 'WebhookDeliveryOut' });
export type WebhookDeliveryOut = z.infer<typeof WebhookDeliveryOutSchema>;

export const WebhookDeliveryListOutSchema = z.array(WebhookDeliveryOutSchema).meta({ id: 'WebhookDeliveryListOut' });
