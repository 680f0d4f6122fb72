import type { Logger } from 'pino';
import type { Clock } from '../core/clock.ts';
import { newId } from '../core/ids.ts';
import { type JobHandler, RetryLater } from '../jobs/types.ts';
import type { Store } from '../store/store.ts';
import { insertAttempt, messageById, updateMessage } from '../store/webhooks-repo.ts';
import { postWebhook } from './post.ts';
import { parseRetryAfter, WEBHOOK_MAX_ATTEMPTS, webhookRetryDelay } from './retry-schedule.ts';
import type { WebhookSecrets } from './secrets.ts';
import { signatureHeaders, type WebhookBody } from './sign.ts';
import { checkWebhookUrlForm, WebhookTargetRefused } from './ssrf-guard.ts';
import { WEBHOOK_DELIVERY_KIND, type WebhookBodySources } from './webhooks.ts';

export interface DeliveryDeps {
  store: Store;
  secrets: WebhookSecrets;
  /** Where messages that name a body source are rendered from. */
  bodies: WebhookBodySources;
  clock: Clock;
  log: Logger;
  /** LEADFORGE_WEBHOOK_ALLOW_LOOPBACK: applies to sandbox (test-key) messages only. */
  allowLoopback: boolean;
  timeoutMs?: number;
}

/**
 * Delivers one outbox message: each run is one attempt, recorded whatever happens. A failed attempt
 * is retried on the webhook schedule (RetryLater); after the last one the message is given up.
 */
export function webhookDeliveryJob(deps: DeliveryDeps): JobHandler<{ messageId: string }> {
  return {
    kind: WEBHOOK_DELIVERY_KIND,
    concurrency: 16,
    maxAttempts: WEBHOOK_MAX_ATTEMPTS,
    leaseMs: 60_000,
    async run(ctx) {
      const msg = await messageById(deps.store.db, ctx.payload.messageId);
      if (msg?.state !== 'pending') return; // gone, or delivered or given up already
      const policy = { allowLoopback: deps.allowLoopback && msg.mode === 'test' };
      const at = new Date(deps.clock.now());
      const secrets = (await deps.secrets.signing(msg.account_id)).map((s) => s.secret);
      // A stored body is one piece; a sourced one is rendered from its job, once to sign and once to send.
      const sourced = msg.body_source;
      const body: WebhookBody = sourced
        ? { chunks: () => deps.bodies.render(deps.store.db, sourced) }
        : {
            chunks: async function* () {
              yield msg.payload;
            },
          };
      // The signed timestamp is the wall clock's, whatever clock schedules the work: receivers
      // compare it with their own time to refuse replays.
      const { headers, bytes } = await signatureHeaders(msg.id, new Date(), body, secrets);

      let result: Awaited<ReturnType<typeof postWebhook>>;
      try {
        result = await postWebhook(
          checkWebhookUrlForm(msg.url, policy),
          headers,
          { bytes, body },
          policy,
          deps.timeoutMs,
        );
      } catch (err) {
        if (!(err instanceof WebhookTargetRefused)) throw err;
        result = {
          outcome: 'blocked',
          status: null,
          body: null,
          error: err.message,
          retryAfter: undefined,
          durationMs: 0,
        };
      }

      await insertAttempt(deps.store.db, {
        id: newId(),
        message_id: msg.id,
        attempt: ctx.attempt,
        started_at: at.getTime(),
        duration_ms: result.durationMs,
        outcome: result.outcome,
        response_status: result.status,
        response_body: result.body,
        error: result.error,
      });
      const now = deps.clock.now();
      if (result.outcome === 'success') {
        await updateMessage(deps.store.db, msg.id, {
          state: 'delivered',
          attempts: ctx.attempt,
          finished_at: now,
          next_attempt_at: null,
        });
        return;
      }
      if (ctx.attempt >= WEBHOOK_MAX_ATTEMPTS) {
        await updateMessage(deps.store.db, msg.id, {
          state: 'failed',
          attempts: ctx.attempt,
          finished_at: now,
          next_attempt_at: null,
        });
        deps.log.warn({ messageId: msg.id, jobId: msg.job_id }, 'webhook given up after the last attempt');
        return;
      }
      const delay = webhookRetryDelay(ctx.attempt, parseRetryAfter(result.retryAfter, now));
      await updateMessage(deps.store.db, msg.id, { attempts: ctx.attempt, next_attempt_at: now + delay });
      throw new RetryLater(delay, result.error ?? result.outcome);
    },
  };
}
