import { ApiError } from '../core/errors.ts';
import { checkWebhookUrl, type WebhookTargetPolicy, WebhookTargetRefused } from './ssrf-guard.ts';

/**
 * A `webhook_url` given at creation, checked as decisions.md says (https to a public address; http
 * to loopback only for sandbox keys when the operator allows it): a refusal is a 422 naming the field.
 */
export async function checkWebhookTarget(url: string, policy: WebhookTargetPolicy): Promise<void> {
  try {
    await checkWebhookUrl(url, policy);
  } catch (err) {
    if (!(err instanceof WebhookTargetRefused)) throw err;
    throw new ApiError('ValidationError', `Invalid request. body.webhook_url: ${err.message} (webhook_target)`, {
      details: [{ field: 'body.webhook_url', rule: 'webhook_target', message: err.message }],
    });
  }
}
